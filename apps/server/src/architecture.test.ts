import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cycleReport,
  findCycle,
  importSpecifiers,
  nodeOf,
  serverModuleGraph,
  slicesImportedFromBelow,
} from '../scripts/module-graph.ts';

// ARCHITECTURE §2, §3 and §6 (and ADR 019's layers) as checks: the layout stays true to the agreed shape as it grows.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Where a handler talks to the database itself instead of through a repository: Kysely's query
 * builders, raw `sql`, or calls on `deps.db` (handing `deps.db` to a repository function is the
 * agreed way and is not reported).
 */
export function directDatabaseUses(text: string): string[] {
  const patterns = [
    /\.\s*(?:selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/g,
    /\bsql\s*(?:`|\.\s*(?:raw|ref|lit|id|join|table|val)\s*\()/g,
    /\bdeps\s*\.\s*db\s*\.\s*\w+/g,
    /\bdb\s*\.\s*(?:transaction|executeQuery|schema|introspection|connection|dynamic)\b/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0]));
}

/** Files whose role is answering a request: action handlers and HTTP routes. */
const isHandlerFile = (file: string) => /\.(actions|routes?)\.ts$/.test(file);

/** The top folder of `file` under `root`, or null when the file is not under it. */
function areaOf(root: string, file: string): string | null {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/**
 * A server slice may use another slice only through its services (`*.service.ts`); its
 * repositories, handlers, routes and helpers are private to it.
 */
export function crossModuleOffense(modulesRoot: string, file: string, target: string): boolean {
  const own = areaOf(modulesRoot, file);
  const other = areaOf(modulesRoot, target);
  return own !== null && other !== null && other !== own && !/\.service\.ts$/.test(target);
}

/** A web feature never imports another feature, statically or lazily; shared code lives in ui/ or lib/. */
export function crossFeatureOffense(featuresRoot: string, file: string, target: string): boolean {
  const own = areaOf(featuresRoot, file);
  const other = areaOf(featuresRoot, target);
  return own !== null && other !== null && other !== own;
}

function relativeTargets(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  return importSpecifiers(text)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec));
}

const isTest = (file: string) => /\.test\.tsx?$|\/test\//.test(file);
const rel = (file: string) => path.relative(repo, file);

describe('the detectors find what they look for', () => {
  it('reads static, multi-line, side-effect, dynamic and lazy imports', () => {
    const text = [
      "import { a } from './a.ts';",
      'import {',
      '  b,',
      "} from '../b.ts';",
      "import type { C } from './c.ts';",
      "export { d } from './d.ts';",
      "import './e.css';",
      "const F = lazy(() => import('../other/f.tsx'));",
      'const g = await import(`./g.ts`);',
      "type H = typeof import('./h.ts');",
      "const text = 'words from somewhere';",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      './d.ts',
      './e.css',
      '../other/f.tsx',
      './g.ts',
      './h.ts',
    ]);
  });

  it('finds a cycle in a made-up module graph and names it, and none in an acyclic one', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(
        Object.entries(edges).map(([from, to]) => [from, new Map(to.map((t) => [t, [`${from} → ${t}`]]))]),
      );
    const knotted = graph({
      'modules/accounts': ['modules/plans', 'lib/html.ts'],
      'modules/plans': ['modules/payments', 'deps.ts'],
      'modules/payments': ['modules/accounts'],
      'deps.ts': [],
    });
    expect(findCycle(knotted)).toEqual([
      'modules/accounts',
      'modules/plans',
      'modules/payments',
      'modules/accounts',
    ]);
    expect(cycleReport(knotted)).toContain(
      'modules/accounts → modules/plans → modules/payments → modules/accounts',
    );
    expect(findCycle(graph({ a: ['a2'], a2: ['b'], b: [] }))).toBeNull();
    expect(findCycle(graph({ a: ['b'], b: ['c'], c: ['b'] }))).toEqual(['b', 'c', 'b']);
    expect(cycleReport(graph({ a: ['b'], b: [] }))).toBeNull();
  });

  it('counts a slice, a provider or a folder as one node, and each file of kernel/, lib/ and src/', () => {
    expect(nodeOf('modules/bookings/bookings.service.ts')).toBe('modules/bookings');
    expect(nodeOf('providers/afip/afip-gateway.ts')).toBe('providers/afip');
    expect(nodeOf('db/tables/bookings.ts')).toBe('db');
    expect(nodeOf('kernel/session.ts')).toBe('kernel/session.ts');
    expect(nodeOf('lib/html.ts')).toBe('lib/html.ts');
    expect(nodeOf('deps.ts')).toBe('deps.ts');
  });

  it('reports a slice imported from below the slices, not one imported by a slice or by app.ts', () => {
    const graph = new Map([
      ['lib/html.ts', new Map([['modules/plans', ['lib/html.ts → modules/plans/plans.service.ts']]])],
      ['modules/bookings', new Map([['modules/plans', ['bookings → plans']]])],
      ['app.ts', new Map([['modules/plans', ['app.ts → plans']]])],
    ]);
    expect(slicesImportedFromBelow(graph)).toEqual(['lib/html.ts → modules/plans/plans.service.ts']);
  });

  it('reports query builders, raw sql and calls on deps.db, not a repository call given deps.db', () => {
    const offending = [
      "await ctx.deps.db.selectFrom('users').selectAll().execute();",
      "await tx.insertInto('sales').values(row).execute();",
      'await sql`select 1`.execute(db);',
      'await deps.db.transaction().execute(run);',
    ];
    for (const line of offending) expect(directDatabaseUses(line), line).not.toEqual([]);
    const clean =
      'const user = await findUserById(ctx.deps.db, ctx.user.id);\nawait inTransaction(deps.db, run);';
    expect(directDatabaseUses(clean)).toEqual([]);
  });

  it('lets a module use another module only through its services', () => {
    const root = '/repo/modules';
    const from = '/repo/modules/bookings/bookings.actions.ts';
    expect(crossModuleOffense(root, from, '/repo/modules/sales/sales.service.ts')).toBe(false);
    expect(crossModuleOffense(root, from, '/repo/modules/bookings/bookings.repository.ts')).toBe(false);
    expect(crossModuleOffense(root, from, '/repo/modules/sales/sales.repository.ts')).toBe(true);
    expect(crossModuleOffense(root, from, '/repo/modules/sales/settle.ts')).toBe(true);
    expect(crossModuleOffense(root, from, '/repo/lib/random.ts')).toBe(false);
  });

  it('flags a feature reaching into another one, lazily too, but not its own files or lib/', () => {
    const root = '/web/src/features';
    const file = '/web/src/features/contacts/contact-detail.tsx';
    const text = "const X = lazy(() => import('../courses/course-page.tsx'));\nimport { y } from './y.ts';";
    const offenders = relativeTargets(file, text).filter((t) => crossFeatureOffense(root, file, t));
    expect(offenders).toEqual(['/web/src/features/courses/course-page.tsx']);
    expect(crossFeatureOffense(root, file, '/web/src/lib/api.ts')).toBe(false);
    expect(crossFeatureOffense(root, '/web/src/app/router.tsx', '/web/src/features/courses/a.tsx')).toBe(
      false,
    );
  });
});

describe('architecture', () => {
  it('the contract depends on zod alone', () => {
    const offenders = sourceFiles(path.join(repo, 'packages/contract/src')).flatMap((file) =>
      importSpecifiers(fs.readFileSync(file, 'utf8'))
        .filter((spec) => !spec.startsWith('.') && spec !== 'zod' && !(isTest(file) && spec === 'vitest'))
        .map((spec) => `${rel(file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the server modules depend in one direction: no cycle, type-only and dynamic imports counted (ADR 019)', () => {
    expect(cycleReport(serverModuleGraph(path.join(repo, 'apps/server/src')))).toBeNull();
  });

  it('nothing below the slices (kernel, lib, db, providers, deps.ts, rpc.ts …) imports a slice', () => {
    expect(slicesImportedFromBelow(serverModuleGraph(path.join(repo, 'apps/server/src')))).toEqual([]);
  });

  it('only repositories and the db folder import Kysely', () => {
    const offenders = sourceFiles(path.join(repo, 'apps/server/src'))
      .filter((file) => !isTest(file) && !file.endsWith('.repository.ts') && !file.includes('/src/db/'))
      .filter((file) => importSpecifiers(fs.readFileSync(file, 'utf8')).includes('kysely'))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('handlers and routes never query the database themselves; repositories do', () => {
    const offenders = sourceFiles(path.join(repo, 'apps/server/src'))
      .filter((file) => !isTest(file) && isHandlerFile(file))
      .flatMap((file) =>
        directDatabaseUses(fs.readFileSync(file, 'utf8')).map((use) => `${rel(file)}: ${use}`),
      );
    expect(offenders).toEqual([]);
  });

  it('a server module reaches another module only through its services', () => {
    const modules = path.join(repo, 'apps/server/src/modules');
    const offenders = sourceFiles(modules)
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        relativeTargets(file)
          .filter((target) => crossModuleOffense(modules, file, target))
          .map((target) => `${rel(file)} → ${rel(target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('web features do not import each other, statically or lazily', () => {
    const features = path.join(repo, 'apps/web/src/features');
    const offenders = sourceFiles(features).flatMap((file) =>
      relativeTargets(file)
        .filter((target) => crossFeatureOffense(features, file, target))
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
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

  // Issue 27: a file that grows past this mixes concerns; split it by what it does.
  it('no source file (tests aside) is over 600 lines', () => {
    const roots = ['packages/contract/src', 'apps/server/src', 'apps/server/scripts', 'apps/web/src'];
    const offenders = roots
      .flatMap((root) => sourceFiles(path.join(repo, root)))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file: rel(file), lines: fs.readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 600);
    expect(offenders).toEqual([]);
  });
});
