import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
// vitest's defineConfig: the plugins' types come from the Vite that vitest installs.
import { defineConfig } from 'vitest/config';
import { mantineComponentStyles } from './src/build/mantine-styles.ts';
import { publicChunks } from './src/build/public-chunks.ts';
import { publicPrecache } from './src/build/public-precache.ts';

// Served by the server, never by the SPA fallback (nor its service worker): the sandbox
// checkout is framed by the app, calendar apps fetch the ICS feed.
const serverPaths = [
  '/index.php',
  '/upload',
  '/files',
  '/record-files',
  '/go',
  '/dev',
  '/sandbox-checkout',
  '/webhooks',
  '/calendar',
  // Issue 18: the OAuth return of calendar and Zoom linking, and the providers' imitation.
  '/calendar-link',
  '/imitation',
  '/healthz',
  '/ws',
];
// issue 13: react-router's package.json points every condition at its development build (dev
// warnings and their texts); the production build next to it is the same code without them.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs');
const api = process.env.AGENDO_API ?? 'http://localhost:3000';
const precache = publicPrecache();
const chunks = publicChunks();

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'agendo-react-router-production',
      apply: 'build',
      config: () => ({
        resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
      }),
    },
    mantineComponentStyles('src/app/providers.tsx'),
    chunks.plugin,
    precache.plugin,
    VitePWA({
      // spec 000 §4 "App update": the user decides when the new version takes over.
      registerType: 'prompt',
      includeAssets: ['icon.svg', 'favicon.ico'],
      manifest: {
        name: 'Agendo',
        short_name: 'Agendo',
        description: 'Encuentra a tu profesional y reserva en minutos.',
        lang: 'es',
        start_url: '/',
        display: 'standalone',
        theme_color: '#0b7a86',
        background_color: '#f8f9fa',
        icons: [
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The server answers these itself; the worker must never hand them the SPA shell.
        navigateFallbackDenylist: serverPaths.map((path) => new RegExp(`^${path.replace('.', '\\.')}(/|$)`)),
        cleanupOutdatedCaches: true,
        // issue 17: web push is shown by a small handler added to the generated worker (ADR 017);
        // generateSW stays, so the update prompt and the chunk recovery of spec 000 §4 are untouched.
        importScripts: ['push-handler.js'],
        // issue 13: a first visit downloads the shell and the public pages, not the whole app.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((entry) => precache.keepPublic(entry.url)),
            warnings: [],
          }),
        ],
        // The rest is cached when first used; hashed names never change content.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'assets',
              expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 },
            },
          },
        ],
      },
    }),
    // Brotli and gzip siblings of every text asset, made once at build time at the highest
    // level; the server picks one per Accept-Encoding (apps/server/src/http/spa.ts). Below 1 kB
    // the headers outweigh the saving.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  server: {
    // The real-time channel (issue 17) is a WebSocket upgrade: the proxy must pass it on.
    proxy: Object.fromEntries(
      serverPaths.map((path) => [path, { target: api, changeOrigin: false, ws: path === '/ws' }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: api, changeOrigin: false }])),
  },
  build: {
    chunkSizeWarningLimit: 700,
    // issue 13: the shell and the public pages in a few chunks (src/build/public-chunks.ts).
    // The groups already hold each module's real dependencies; Rolldown's own recursion follows
    // every import of the module graph, tree-shaken or not, and pulled every action's schema
    // and zod into the shell.
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunks.groups } },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The build budget runs in its own project (web-build, node): it builds the app.
    exclude: ['src/build/**'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
    // jsdom renders of whole pages take seconds on a loaded 2-core CI machine; vitest's 5 s
    // default failed tests there that pass in 1–2 s on a quiet one.
    testTimeout: 20_000,
  },
});
