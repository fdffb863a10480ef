/**
 * First-load weight of the public pages (issue 13): builds the web app with its manifest into a
 * temporary folder and prints, per page, the JS and CSS fetched before it renders (raw, gzip -9,
 * brotli 11) and the number of requests. `npm run bench:first-load -w @agendo/bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildWithManifest,
  firstLoad,
  type PublicPage,
  publicPages,
} from '../apps/web/src/build/first-load.ts';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const outDir = mkdtempSync(path.join(tmpdir(), 'agendo-first-load-'));
try {
  const manifest = await buildWithManifest(outDir);
  console.log('| page | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli | requests |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const page of Object.keys(publicPages) as PublicPage[]) {
    const load = firstLoad(outDir, manifest, page);
    console.log(
      `| ${page} | ${kB(load.jsBytes)} | ${kB(load.jsGzip)} | ${kB(load.jsBrotli)} | ${kB(load.cssBytes)} | ${kB(load.cssGzip)} | ${kB(load.cssBrotli)} | ${load.requests} (${load.js.length} JS, ${load.css.length} CSS) |`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
