// Adds up the JSON reports of every test run of .ci/run into one closing line:
// "tests: N passed, N failed, N skipped". Exits non-zero when a report is missing or a test failed.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const total = { passed: 0, failed: 0, skipped: 0 };
for (const name of [
  'vitest-sqlite.json',
  'vitest-postgres.json',
  'playwright.json',
  'playwright-live.json',
]) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    console.error(`missing test report ${file}`);
    process.exit(1);
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const counts = name.startsWith('vitest')
    ? {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      }
    : {
        passed: report.stats.expected,
        failed: report.stats.unexpected + report.stats.flaky,
        skipped: report.stats.skipped,
      };
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const key of Object.keys(total)) total[key] += counts[key];
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1);
