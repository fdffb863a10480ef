// Compiles the server for `npm start`: one ESM file, apps/server/dist/main.js, run by plain node
// (no tsx compiling TypeScript at every start, no npm process in between). Our code and the
// contract are bundled; every npm dependency stays an import from node_modules (native modules,
// data files read beside their package, heavy libraries loaded on first use).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@agendo/'));

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The contract's own dependency, imported by the bundled contract code.
  external: [...external, 'zod'],
  sourcemap: true,
  logLevel: 'warning',
});
