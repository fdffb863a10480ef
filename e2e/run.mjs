// `npm test -w @agendo/e2e [-- args]`: the journeys on the embedded default (playwright.config.ts),
// then issue 17's journey across two instances (playwright.live.config.ts), each with the same
// arguments, so `npm run test:e2e -- tests/x.spec.ts` still runs x alone. The second run has no
// test (and passes) unless E2E_DATABASE_URL and E2E_REDIS_URL are set, as CI sets them.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const runs = [
  ['test', ...args],
  ['test', '-c', 'playwright.live.config.ts', '--pass-with-no-tests', ...args],
];
let failed = 0;
for (const run of runs) {
  const result = spawnSync('playwright', run, { stdio: 'inherit', shell: false });
  if (result.error) throw result.error;
  if (result.status !== 0) failed = result.status ?? 1;
}
process.exit(failed);
