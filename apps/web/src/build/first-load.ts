import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (`build.manifest: true`, `.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The public pages a visitor from an ad or a search lands on (issue 13), by the module their
 * route loads lazily. The browser fetches the entry and its static imports, then the route's
 * module and its static imports, before the page can render.
 */
export const publicPages = {
  home: 'src/features/home/home-page.tsx',
  service: 'src/features/storefront/service-page.tsx',
  course: 'src/features/courses/course-page.tsx',
  login: 'src/features/auth/login-page.tsx',
} as const;
export type PublicPage = keyof typeof publicPages;

export interface FirstLoad {
  /** The JS and CSS files fetched before the page renders, in load order. */
  js: string[];
  css: string[];
  jsBytes: number;
  jsGzip: number;
  jsBrotli: number;
  cssBytes: number;
  cssGzip: number;
  cssBrotli: number;
  /** index.html, the JS and the CSS. */
  requests: number;
}

function closure(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
}

/**
 * The manifest key of the chunk holding a public page's route module: its own chunk, or the
 * `public-<page>` group that public-chunks.ts makes of the modules only that page loads.
 */
export function pageChunk(manifest: Manifest, page: PublicPage): string {
  if (manifest[publicPages[page]]) return publicPages[page];
  const group = Object.keys(manifest).find(
    (key) => manifest[key]?.name === `public-${page}` && !key.endsWith('.css'),
  );
  if (!group) throw new Error(`${publicPages[page]} is not in the build manifest`);
  return group;
}

/** Sizes the way the server sends them: gzip -9 and brotli quality 11, as precompressed at build. */
export function compressedSizes(bytes: Buffer) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** What the browser must download to show `page`, from the build in `outDir` and its manifest. */
export function firstLoad(outDir: string, manifest: Manifest, page: PublicPage): FirstLoad {
  const keys = new Set<string>();
  closure(manifest, 'index.html', keys);
  closure(manifest, pageChunk(manifest, page), keys);
  const js = [...keys].map((key) => (manifest[key] as ManifestChunk).file);
  const css = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
  const total = (files: string[]) =>
    files
      .map((file) => compressedSizes(readFileSync(path.join(outDir, file))))
      .reduce(
        (sum, size) => ({
          raw: sum.raw + size.raw,
          gzip: sum.gzip + size.gzip,
          brotli: sum.brotli + size.brotli,
        }),
        { raw: 0, gzip: 0, brotli: 0 },
      );
  const jsSize = total(js);
  const cssSize = total(css);
  return {
    js,
    css,
    jsBytes: jsSize.raw,
    jsGzip: jsSize.gzip,
    jsBrotli: jsSize.brotli,
    cssBytes: cssSize.raw,
    cssGzip: cssSize.gzip,
    cssBrotli: cssSize.brotli,
    requests: 1 + js.length + css.length,
  };
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * Builds the app as production does, with the manifest, into `outDir` (a temporary folder: the
 * real dist/ is left alone). Returns the manifest.
 */
export async function buildWithManifest(outDir: string): Promise<Manifest> {
  const { build } = await import('vite');
  const root = path.resolve(import.meta.dirname, '../..');
  // Under vitest NODE_ENV is 'test', which would bundle React's development builds.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        sourcemap: process.env.FIRST_LOAD_SOURCEMAP === '1',
      },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return readManifest(outDir);
}
