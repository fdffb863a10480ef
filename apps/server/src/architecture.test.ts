import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE §2 and §6 as checks: the layout stays true to the agreed shape as it grows.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] as string,
  );
}

const isTest = (file: string) => /\.test\.tsx?$|\/test\//.test(file);
const rel = (file: string) => path.relative(repo, file);

describe('architecture', () => {
  it('the contract depends on zod alone', () => {
    const offenders = sourceFiles(path.join(repo, 'packages/contract/src')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => !spec.startsWith('.') && spec !== 'zod' && !(isTest(file) && spec === 'vitest'))
        .map((spec) => `${rel(file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only repositories and the db folder import Kysely', () => {
    const offenders = sourceFiles(path.join(repo, 'apps/server/src'))
      .filter((file) => !isTest(file) && !file.endsWith('.repository.ts') && !file.includes('/src/db/'))
      .filter((file) => importsOf(file).includes('kysely'))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('a server module reaches another module only through its services, never its repository or handlers', () => {
    const modules = path.join(repo, 'apps/server/src/modules');
    const offenders = sourceFiles(modules)
      .filter((file) => !isTest(file))
      .flatMap((file) => {
        const own = path.relative(modules, file).split(path.sep)[0];
        return importsOf(file)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => path.resolve(path.dirname(file), spec))
          .filter((target) => target.startsWith(modules + path.sep))
          .filter((target) => path.relative(modules, target).split(path.sep)[0] !== own)
          .filter((target) => /\.(repository|actions|route)\.ts$/.test(target))
          .map((target) => `${rel(file)} → ${rel(target)}`);
      });
    expect(offenders).toEqual([]);
  });

  it('web features do not import each other', () => {
    const features = path.join(repo, 'apps/web/src/features');
    const offenders = sourceFiles(features).flatMap((file) => {
      const own = path.relative(features, file).split(path.sep)[0];
      return importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => path.resolve(path.dirname(file), spec))
        .filter((target) => target.startsWith(features + path.sep))
        .filter((target) => path.relative(features, target).split(path.sep)[0] !== own)
        .map((target) => `${rel(file)} → ${rel(target)}`);
    });
    expect(offenders).toEqual([]);
  });

  it('file names are kebab-case', () => {
    const roots = ['packages/contract/src', 'apps/server/src', 'apps/web/src', 'e2e', 'bench'];
    const offenders = roots
      .flatMap((root) => sourceFiles(path.join(repo, root)))
      .map(rel)
      .filter(
        (file) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.tsx?$/.test(path.basename(file)),
      );
    expect(offenders).toEqual([]);
  });
});
