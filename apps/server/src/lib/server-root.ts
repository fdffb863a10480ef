import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this module whether it runs from src/ (tests, `npm run dev`) or bundled
 * into dist/main.js (`npm start`): the nearest folder up with a package.json. Files shipped with
 * the server (reference data, seed assets) are located from here, not from the importing file.
 */
function findServerRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
export const repoRoot = path.resolve(serverRoot, '../..');
