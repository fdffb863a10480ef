import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, configFromEnv } from './config.ts';
import { startTimedWork } from './lib/timed-work.ts';
import { runDueBookingWork } from './modules/bookings/booking-sweeps.ts';
import { runDueCalendarWork } from './modules/external-calendars/external-calendars.service.ts';
import { runDueRefunds } from './modules/payments/refunds.service.ts';
import { runDuePlanCharges } from './modules/plans/plan-charges.service.ts';
import { runDuePreapprovalSyncs } from './modules/plans/plan-preapprovals.service.ts';
import { runDuePlanWork } from './modules/plans/plans.service.ts';
import { runDuePayouts } from './modules/sales/payouts.service.ts';
import { demoAccounts, demoPassword, seedDemo } from './seed/seed.ts';
import { planDemoAccounts } from './seed/seed-plans.ts';

let config: AppConfig;
try {
  config = configFromEnv();
} catch (error) {
  // A bad environment is the operator's to fix: every problem at once, no stack trace.
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`\n  Agendo no arranca. ${error.message}\n\n`);
  process.exit(1);
}
const { app, deps } = await buildApp(config);
if (config.seedDemo) await seedDemo(deps);

// SIGTERM/SIGINT: stop taking connections, finish what is in flight, close the database.
let stopTimedWork: () => Promise<void> = async () => {};
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await stopTimedWork();
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
// Tests drive the same sweeps by hand with a moved clock; the running server polls.
stopTimedWork = startTimedWork(deps, [
  runDueBookingWork,
  runDuePayouts,
  runDueRefunds,
  runDuePlanWork,
  runDuePlanCharges,
  runDuePreapprovalSyncs,
  runDueCalendarWork,
]);

const local = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Agendo está listo en ${local}`,
  `  Base de datos: ${config.databaseUrl ? 'PostgreSQL' : `SQLite (${config.sqliteFile})`}`,
  ...(config.env !== 'production' ? [`  Buzón de desarrollo: ${local}/dev/mailbox`] : []),
  // In production the demo accounts are not advertised (and the administrator's is random).
  ...(config.seedDemo && config.env !== 'production'
    ? [
        '',
        `  Cuentas de demostración (contraseña ${demoPassword}):`,
        ...[...demoAccounts, ...planDemoAccounts].map((a) => `    ${a.label.padEnd(14)} ${a.email}`),
      ]
    : []),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
