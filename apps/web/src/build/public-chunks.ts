import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, parseSync, type Rolldown } from 'vite';
import { type PublicPage, publicPages } from './first-load.ts';

type Group = Rolldown.CodeSplittingGroup;

/**
 * issue 13 "no pile of tiny chunks on public routes": left to itself Rolldown gives every set of
 * lazy routes that shares modules a chunk of its own, so a public page fetched 28–57 files
 * (Button, Text, use-id, each icon…). Once the module graph is known this plugin groups:
 *
 * - `shell`: what the entry loads statically (React, the router, Mantine's core, the header);
 * - for each set of public pages (home, service, course, login): the modules outside the shell
 *   that exactly those pages load statically, one chunk per set. A page fetches only the chunks
 *   of the sets it belongs to, so nothing that only other pages need enters its first load.
 *
 * Everything else (the private routes, the lazy parts of the public pages) keeps Rolldown's
 * automatic splitting: a new lazy route stays lazy without touching this file. A private route
 * that shares a module with a public page loads that set's chunk (small, and often cached).
 *
 * Grouping changes which files hold a module, never what runs: when this plugin misjudges a
 * module, the module just stays in an automatic chunk (one request more).
 */
/** Transformed (not yet minified) source, summed over a set's modules. */
const tinySetBytes = 1_500;

export function publicChunks(): { plugin: Plugin; groups: Group[] } {
  const pageNames = Object.keys(publicPages) as PublicPage[];
  const shell = new Set<string>();
  /** Module id → the public pages whose first load includes it, as a chunk name. */
  const setOf = new Map<string, string>();
  let root = '';

  const plugin: Plugin = {
    name: 'agendo-public-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildEnd(error) {
      shell.clear();
      setOf.clear();
      if (error) return;
      const graph = await staticGraph(this);
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (const id of entries) await graph.closure(id, shell, new Set());
      const pagesOf = new Map<string, PublicPage[]>();
      for (const [page, source] of Object.entries(publicPages) as [PublicPage, string][]) {
        const modules = new Set<string>();
        await graph.closure(path.join(root, source), modules, shell);
        for (const id of modules) pagesOf.set(id, [...(pagesOf.get(id) ?? []), page]);
      }
      const sizeOf = new Map<string, number>();
      for (const [id, pages] of pagesOf) {
        // What every public page loads might as well come with the shell: one file less each.
        if (pages.length === pageNames.length) shell.add(id);
        else setOf.set(id, setName(pages));
        const name = setName(pages);
        sizeOf.set(name, (sizeOf.get(name) ?? 0) + (this.getModuleInfo(id)?.code?.length ?? 0));
      }
      // A set of several pages whose modules are a few hundred bytes once minified (a Mantine
      // helper two components share) would cost each of those pages a request for less than the
      // request's own headers; its modules come with the shell instead.
      for (const [id, name] of setOf) {
        if ((pagesOf.get(id)?.length ?? 0) > 1 && (sizeOf.get(name) ?? 0) < tinySetBytes) {
          shell.add(id);
          setOf.delete(id);
        }
      }
    },
  };

  const sets: PublicPage[][] = [];
  for (let mask = 1; mask < 1 << pageNames.length; mask++) {
    sets.push(pageNames.filter((_, bit) => mask & (1 << bit)));
  }
  const groups: Group[] = [
    { name: 'shell', test: (id) => shell.has(id), priority: 100 },
    // Bigger sets first: a module's static imports belong to the same pages or more, so a set's
    // chunk only imports the shell and the chunks of bigger sets, never a cycle.
    ...sets.map((pages) => {
      const name = setName(pages);
      return { name, test: (id: string) => setOf.get(id) === name, priority: 10 + pages.length };
    }),
  ];
  return { plugin, groups };
}

function setName(pages: PublicPage[]): string {
  return `public-${[...pages].sort().join('-')}`;
}

type Context = ThisParameterType<NonNullable<Extract<Plugin['buildEnd'], (...args: never[]) => unknown>>>;
type Names = Set<string> | 'all';

interface Parsed {
  /** Module id → the names this module's own code imports from it ('all': a namespace). */
  imports: Map<string, Names>;
  /** Exported name → the module and name it re-exports (`export { a } from`, or imported then exported). */
  reexports: Map<string, { id: string; name: string | 'all' }>;
  /** The modules of its `export * from`. */
  stars: string[];
  /** Names declared and exported by the module itself. */
  locals: Set<string>;
  /** Left out by tree shaking when none of its exports is used (package.json sideEffects). */
  sideEffectFree: boolean;
  /** Every module its import and export statements resolved to. */
  sources: Set<string>;
}

/**
 * Which modules a module really needs, as tree shaking sees it. Rolldown's module graph lists
 * everything an index file re-exports (`@mantine/core` names ~150 components, the contract's
 * index every action), so a plain walk from any page would reach all of Mantine, every icon and
 * every schema. This walk follows an import of a side-effect-free module only to the modules
 * that define the names taken from it; when in doubt it keeps the whole module (a bigger group,
 * never a missing one).
 */
async function staticGraph(context: Context) {
  const parsed = new Map<string, Parsed | null>();
  const resolved = new Map<string, string | null>();

  const resolve = async (specifier: string, importer: string) => {
    const key = `${importer}\0${specifier}`;
    if (!resolved.has(key)) {
      const result = await context.resolve(specifier, importer);
      resolved.set(key, result && !result.external ? result.id : null);
    }
    return resolved.get(key) ?? null;
  };

  /** The ESM imports and exports of a module; null when it has none (CommonJS, CSS…). */
  const parse = async (id: string): Promise<Parsed | null> => {
    if (parsed.has(id)) return parsed.get(id) ?? null;
    parsed.set(id, null);
    const info = context.getModuleInfo(id);
    const lang = /\.[cm]?([jt]sx?)$/.exec(id.split('?')[0] ?? '')?.[1] as
      | 'js'
      | 'jsx'
      | 'ts'
      | 'tsx'
      | undefined;
    if (!info?.code || !lang) return null;
    const { module } = parseSync(id, info.code, { lang, sourceType: 'module' });
    if (!module.hasModuleSyntax) return null;
    const result: Parsed = {
      imports: new Map(),
      reexports: new Map(),
      stars: [],
      locals: new Set(),
      sideEffectFree: sideEffectFree(id),
      sources: new Set(),
    };
    const bindings = new Map<string, { id: string; name: string | 'all' }>();
    for (const statement of module.staticImports) {
      const target = await resolve(statement.moduleRequest.value, id);
      if (!target) continue;
      result.sources.add(target);
      const names = result.imports.get(target) ?? new Set<string>();
      result.imports.set(target, names);
      for (const entry of statement.entries) {
        if (entry.isType) continue;
        const name =
          entry.importName.kind === 'NamespaceObject' ? 'all' : (entry.importName.name ?? 'default');
        bindings.set(entry.localName.value, { id: target, name });
        const current = result.imports.get(target);
        if (name === 'all') result.imports.set(target, 'all');
        else if (current !== 'all') current?.add(name);
      }
    }
    for (const statement of module.staticExports) {
      for (const entry of statement.entries) {
        if (entry.isType) continue;
        const exported = entry.exportName.kind === 'Default' ? 'default' : entry.exportName.name;
        if (!entry.moduleRequest) {
          const binding = entry.localName.name ? bindings.get(entry.localName.name) : undefined;
          if (exported && binding) result.reexports.set(exported, binding);
          else if (exported) result.locals.add(exported);
          continue;
        }
        const target = await resolve(entry.moduleRequest.value, id);
        if (!target) continue;
        result.sources.add(target);
        if (entry.importName.kind === 'AllButDefault' || (entry.importName.kind === 'All' && !exported)) {
          result.stars.push(target);
        } else if (exported) {
          const name = entry.importName.kind === 'All' ? 'all' : (entry.importName.name ?? 'default');
          result.reexports.set(exported, { id: target, name });
        }
      }
    }
    parsed.set(id, result);
    return result;
  };

  /** Whether `name` comes out of `id` through its `export *` chains. */
  const exportsName = async (id: string, name: string, seen: Set<string>): Promise<boolean> => {
    if (seen.has(id)) return false;
    seen.add(id);
    const module = await parse(id);
    if (!module) return context.getModuleInfo(id)?.exports.includes(name) ?? false;
    if (module.locals.has(name) || module.reexports.has(name)) return true;
    for (const star of module.stars) if (await exportsName(star, name, seen)) return true;
    return false;
  };

  /**
   * The modules that taking `names` from `id` brings in, into `out`: a module id, with `true`
   * when all its exports are taken (a namespace import), which brings its re-exports too.
   */
  const take = async (id: string, names: Names, out: Map<string, boolean>, seen: Set<string>) => {
    const key = `${id}\0${names === 'all' ? '*' : [...names].sort().join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const module = await parse(id);
    if (!module?.sideEffectFree || names === 'all') {
      out.set(id, out.get(id) === true || names === 'all');
      return;
    }
    for (const name of names) {
      const reexport = module.reexports.get(name);
      if (reexport) {
        await take(reexport.id, reexport.name === 'all' ? 'all' : new Set([reexport.name]), out, seen);
      } else if (module.locals.has(name)) {
        out.set(id, out.get(id) ?? false);
      } else {
        let found = false;
        for (const star of module.stars) {
          if (await exportsName(star, name, new Set())) {
            found = true;
            await take(star, new Set([name]), out, seen);
          }
        }
        if (!found) out.set(id, out.get(id) ?? false);
      }
    }
  };

  const needs = new Map<string, Map<string, boolean>>();
  /**
   * The modules a module needs once included: what its own code imports, and, when all its
   * exports are taken, what it re-exports.
   */
  const dependencies = async (id: string, whole: boolean): Promise<Map<string, boolean>> => {
    const cacheKey = `${id}\0${whole}`;
    const known = needs.get(cacheKey);
    if (known) return known;
    const module = await parse(id);
    const out = new Map<string, boolean>();
    const seen = new Set<string>();
    if (!module) {
      for (const target of context.getModuleInfo(id)?.importedIds ?? []) await take(target, 'all', out, seen);
    } else {
      for (const target of context.getModuleInfo(id)?.importedIds ?? []) {
        // A module it only re-exports from is needed for the names asked (see take), or for
        // its side effects; one its statements did not resolve to (a plugin's doing) is kept whole.
        const names = module.imports.get(target) ?? (module.sources.has(target) ? new Set<string>() : 'all');
        await take(target, names, out, seen);
      }
      if (whole) {
        for (const { id: target, name } of module.reexports.values())
          await take(target, name === 'all' ? 'all' : new Set([name]), out, seen);
        for (const star of module.stars) await take(star, 'all', out, seen);
      }
    }
    needs.set(cacheKey, out);
    return out;
  };

  return {
    /** Adds to `into` every module `start` loads statically, stopping at the modules in `skip`. */
    async closure(start: string, into: Set<string>, skip: Set<string>) {
      const whole = new Set<string>();
      const stack: [string, boolean][] = [[start, false]];
      while (stack.length > 0) {
        const [id, all] = stack.pop() as [string, boolean];
        if (skip.has(id) || !context.getModuleInfo(id)) continue;
        if (into.has(id) && (!all || whole.has(id))) continue;
        into.add(id);
        if (all) whole.add(id);
        for (const [target, targetAll] of await dependencies(id, all)) stack.push([target, targetAll]);
      }
    },
  };
}

const packageOf = new Map<string, { dir: string; sideEffects: unknown } | null>();
function nearestPackage(dir: string): { dir: string; sideEffects: unknown } | null {
  if (packageOf.has(dir)) return packageOf.get(dir) ?? null;
  const file = path.join(dir, 'package.json');
  let found: { dir: string; sideEffects: unknown } | null = null;
  if (existsSync(file)) found = { dir, sideEffects: JSON.parse(readFileSync(file, 'utf8')).sideEffects };
  else if (path.dirname(dir) !== dir) found = nearestPackage(path.dirname(dir));
  packageOf.set(dir, found);
  return found;
}

/**
 * package.json's `sideEffects`, the way bundlers read it (Rolldown's module info leaves
 * `moduleSideEffects` empty): `false`, or a list of globs the file does not match.
 */
function sideEffectFree(id: string): boolean {
  const file = id.split('?')[0] ?? id;
  const found = nearestPackage(path.dirname(file));
  if (!found) return false;
  if (found.sideEffects === false) return true;
  if (!Array.isArray(found.sideEffects)) return false;
  const relative = path.relative(found.dir, file).split(path.sep).join('/');
  return !found.sideEffects.some((pattern: string) => {
    const glob = pattern.replace(/^\.\//, '');
    const source = glob
      .split('**')
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]'),
      )
      .join('.*');
    return new RegExp(glob.includes('/') ? `^${source}$` : `(^|/)${source}$`).test(relative);
  });
}
