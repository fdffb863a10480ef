import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './lib/server-root.ts';

// issue 13: `npm start` runs apps/server/dist/main.js, one bundled file, and a start that needs
// none of the big libraries must not load them. Both break silently as code grows; these catch it.
const src = path.join(serverRoot, 'src');

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productionFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Loaded on first use only (lib/heavy-libraries.ts and the adapters' own `import()`). */
const heavy = [
  'exceljs',
  'pdfkit',
  'sharp',
  'qrcode',
  'file-type',
  'stripe',
  'mercadopago',
  'nodemailer',
  'pg',
  'ioredis',
  'web-push',
];

describe('lean start', () => {
  it('imports the heavy libraries with import() only (a type import is free)', () => {
    const offenders: string[] = [];
    for (const file of productionFiles(src)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^\s*import\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm)) {
        const name = (match[1] as string).split('/')[0] as string;
        if (heavy.includes(name)) offenders.push(`${path.relative(src, file)}: ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('finds files shipped with the server from serverRoot, not relative to the importing module', () => {
    // Bundled into dist/main.js every module has the same import.meta.url, one folder off src/.
    const offenders = productionFiles(src)
      .filter((file) => !file.endsWith(path.join('lib', 'server-root.ts')))
      .filter((file) =>
        /fileURLToPath\(\s*import\.meta\.url|new URL\([^)]*import\.meta\.url/.test(
          fs.readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});
