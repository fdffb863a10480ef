import path from 'node:path';
import type { Plugin } from 'vite';
import { publicPages } from './first-load.ts';

/**
 * issue 13: the service worker precaches the shell and the public pages only; every other chunk
 * (editors, clinical pages, the QR reader, the PDF viewer) is cached at runtime when first used.
 * This plugin records, while Vite writes the bundle, which files the entry and the public pages'
 * route modules load statically (JS and CSS); `keepPublic` then filters Workbox's precache list.
 */
export function publicPrecache(): { plugin: Plugin; keepPublic: (url: string) => boolean } {
  const keep = new Set<string>();
  let root = '';
  const plugin: Plugin = {
    name: 'agendo-public-precache',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      keep.clear();
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const routeModules = new Set(Object.values(publicPages).map((source) => path.join(root, source)));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const visit = (fileName: string) => {
        if (keep.has(fileName)) return;
        keep.add(fileName);
        const chunk = byName.get(fileName);
        if (!chunk) return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) keep.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      // A public page's route module may sit in a group of public-chunks.ts rather than head a
      // chunk of its own, so look for it among each chunk's modules.
      for (const chunk of chunks) {
        if (chunk.isEntry || chunk.moduleIds.some((id) => routeModules.has(id))) visit(chunk.fileName);
      }
    },
  };
  // Files outside assets/ (index.html, the icons) are the shell: always precached.
  const keepPublic = (url: string) => !url.startsWith('assets/') || keep.has(url);
  return { plugin, keepPublic };
}
