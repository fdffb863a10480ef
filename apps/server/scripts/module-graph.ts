import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's module graph (ADR 019): one node per slice (`modules/<area>`), per provider
 * (`providers/<name>`), per other folder (`db`, `http` …), and per file of `kernel/`, `lib/` and
 * the top of `src/` (`deps.ts`, `rpc.ts`, `app.ts` …). An edge is any import between two nodes,
 * type-only and dynamic imports included; tests and test fixtures are left out.
 */
export type ModuleGraph = Map<string, Map<string, string[]>>;

/**
 * Every module a source text names: static imports and re-exports (multi-line too), side-effect
 * imports, and dynamic ones: `import('…')`, `lazy(() => import('…'))`, `typeof import('…')`.
 */
export function importSpecifiers(text: string): string[] {
  const patterns = [
    /(?:^|[\n;])\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] as string));
}

/** Tests and their fixtures (`*.test.ts`, anything under a `test/` folder), by path from `src/`. */
export const isTestFile = (file: string) => /\.test\.tsx?$|(^|\/)test\//.test(file.split(path.sep).join('/'));

/**
 * The node a source file belongs to, from its path relative to `src/`: a slice, a provider or
 * another folder as a whole; each file of `kernel/` and `lib/` on its own (they are shelves of
 * small independent pieces, not slices), and each file at the top of `src/`.
 */
export function nodeOf(relative: string): string {
  const parts = relative.split(/[\\/]/);
  const [top, name] = parts;
  if ((top === 'modules' || top === 'providers') && parts.length > 2) return `${top}/${name}`;
  if (parts.length === 1 || top === 'kernel' || top === 'lib') return parts.join('/');
  return top as string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The graph of `srcRoot` (the server's `src/`), each edge with the imports that make it. */
export function serverModuleGraph(srcRoot: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of sourceFiles(srcRoot).filter((f) => !isTestFile(path.relative(srcRoot, f)))) {
    const from = nodeOf(path.relative(srcRoot, file));
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const spec of importSpecifiers(fs.readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const relative = path.relative(srcRoot, path.resolve(path.dirname(file), spec));
      if (relative.startsWith('..')) continue;
      const to = nodeOf(relative);
      if (to === from) continue;
      const why = `${path.relative(srcRoot, file)} → ${relative}`;
      edges.set(to, [...(edges.get(to) ?? []), why]);
    }
  }
  return graph;
}

/**
 * One cycle of the graph as a path that ends where it starts (`['a', 'b', 'a']`), or null when
 * the graph is acyclic. Depth-first search in name order, so the same graph names the same cycle.
 */
export function findCycle(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): string[] | null => {
    if (done.has(node)) return null;
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    onPath.push(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The nodes by layer: layer 0 imports nothing else in the graph, layer n imports only layers below
 * n. Throws on a cycle (a cyclic graph has no layers).
 */
export function layersOf(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const cycle = findCycle(graph);
  if (cycle) throw new Error(`module cycle: ${cycle.join(' → ')}`);
  const layer = new Map<string, number>();
  const depth = (node: string): number => {
    const known = layer.get(node);
    if (known !== undefined) return known;
    const below = [...(graph.get(node)?.keys() ?? [])].map(depth);
    const own = below.length === 0 ? 0 : Math.max(...below) + 1;
    layer.set(node, own);
    return own;
  };
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]);
  const layers: string[][] = [];
  for (const node of [...nodes].sort()) {
    const at = depth(node);
    layers[at] = [...(layers[at] ?? []), node];
  }
  return layers;
}

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The first cycle as one line and the import behind each of its edges; null when there is none. */
export function cycleReport(graph: ModuleGraph): string | null {
  const cycle = findCycle(graph);
  if (!cycle) return null;
  const edges = cycle.slice(1).map((to, i) => `  ${graph.get(cycle[i] as string)?.get(to)?.[0]}`);
  return [`module cycle: ${cycle.join(' → ')}`, ...edges].join('\n');
}

const isSlice = (node: string) => node.startsWith('modules/');

/** What sits below the slices (ADR 019): it never imports a slice. */
export function isBelowSlices(node: string): boolean {
  return (
    /^(kernel|lib)\/|^providers\//.test(node) ||
    ['db', 'http', 'config.ts', 'rpc-errors.ts', 'deps.ts', 'rpc.ts', 'http-routes.ts'].includes(node)
  );
}

/** Imports from below the slices into a slice, as `file → target`. */
export function slicesImportedFromBelow(graph: ModuleGraph): string[] {
  return [...graph]
    .filter(([from]) => isBelowSlices(from))
    .flatMap(([, edges]) => [...edges].filter(([to]) => isSlice(to)).flatMap(([, why]) => why));
}

/**
 * `npm run modules`: the layers from the bottom up. Each slice is shown with the slices and
 * providers it uses; the pieces below the slices (kernel, lib, db, providers, deps.ts, rpc.ts …)
 * are listed by name. `-- --all` shows every import of every node.
 */
function print(all: boolean): void {
  const graph = serverModuleGraph(serverSrc);
  const cycle = cycleReport(graph);
  if (cycle) {
    console.error(cycle);
    process.exitCode = 1;
    return;
  }
  console.log(
    'The server by layer, bottom first: a node imports only from the layers printed before it (ADR 019).\n',
  );
  layersOf(graph).forEach((nodes, at) => {
    const shown = (node: string) =>
      [...(graph.get(node)?.keys() ?? [])].filter(
        (to) => all || to.startsWith('modules/') || to.startsWith('providers/'),
      );
    const [slices, others] = all ? [nodes, []] : [nodes.filter(isSlice), nodes.filter((n) => !isSlice(n))];
    console.log(`layer ${at}${others.length > 0 ? `  ${others.join(', ')}` : ''}`);
    for (const node of slices) {
      const uses = shown(node).sort();
      console.log(`  ${node}${uses.length > 0 ? `  → ${uses.join(', ')}` : ''}`);
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  print(process.argv.includes('--all'));
