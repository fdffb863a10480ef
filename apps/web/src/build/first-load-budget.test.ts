import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithManifest, firstLoad, type Manifest, type PublicPage } from './first-load.ts';

/**
 * Issue 13 "Fast on a phone": a visitor on a mobile network lands on a public page. Bytes are
 * deterministic (timings live in bench/), so CI keeps a budget: the JS fetched before each
 * public page renders (entry, route module and their static imports, from a real production
 * build's manifest), gzip -9, the encoding every client accepts.
 *
 * The target is 150 kB per page; these ceilings are where the pages stand today plus a
 * few kB, so any new dependency on a public page (luxon alone is 22 kB gzip) fails here. Lower
 * a ceiling whenever a page gets lighter; never raise one without a reason in the commit.
 */
const targetBytes = 150_000;
// Raised on 2026-11-28 by 1–1.5 kB: the routes added for issues 15–18 (waiting room, my-data,
// plan-status, professionals-list, calendar and Zoom linking, logos, certificate …) each add a lazy
// entry with its dependency list to the shared router chunk, and the header a 'Guías' entry: home
// measured 150 018 B (18 B over the target), service 169 458 B, course 159 324 B. Splitting the
// route table per area is issue 13's next step.
const ceilingBytes: Record<PublicPage, number> = {
  home: 151_000,
  service: 170_500,
  course: 160_500,
  login: 153_000,
};

/**
 * Files fetched before each page renders (index.html, JS, CSS), as src/build/public-chunks.ts
 * groups them; the target is 15. A page going over has a new module shared with some
 * other route in a chunk of its own: see which in the message.
 */
const targetRequests = 15;
const ceilingRequests: Record<PublicPage, number> = {
  home: 11,
  service: 13,
  course: 10,
  login: 11,
};

let outDir: string;
let manifest: Manifest;
beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'agendo-budget-'));
  manifest = await buildWithManifest(outDir);
}, 240_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('first load of the public pages', () => {
  it.each(Object.entries(ceilingBytes) as [PublicPage, number][])(
    '%s stays within %i B gzip',
    (page, ceiling) => {
      const load = firstLoad(outDir, manifest, page);
      expect(ceiling, 'the ceilings only move down towards the target').toBeGreaterThanOrEqual(targetBytes);
      expect(load.jsGzip, `${page}: ${load.js.length} JS files: ${load.js.join(', ')}`).toBeLessThanOrEqual(
        ceiling,
      );
    },
  );

  it.each(Object.entries(ceilingRequests) as [PublicPage, number][])(
    '%s needs at most %i requests',
    (page, ceiling) => {
      const load = firstLoad(outDir, manifest, page);
      expect(ceiling, 'the ceilings only move down').toBeLessThanOrEqual(targetRequests);
      expect(load.requests, `${page}: ${[...load.js, ...load.css].join(', ')}`).toBeLessThanOrEqual(ceiling);
    },
  );
});
