// `npm run job:insights`: runs the `rollUpInsights` scheduled function's work once against the
// running local stack (`npm start`), so /admin-insights has figures locally (scheduled functions
// do not fire in the emulator). `-- --from yyyy-MM-dd` rolls up from an earlier day.
import { DEFAULT_PORTS } from './lib/stack.ts';
import { isPortFree } from './lib/ports.ts';

process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.database}`;
process.env.GCLOUD_PROJECT ??= 'demo-studio';
process.env.DATABASE_URL ??= 'https://demo-studio-default-rtdb.firebaseio.com';

const databasePort = Number(process.env.FIREBASE_DATABASE_EMULATOR_HOST.split(':')[1]);
if (await isPortFree(databasePort)) {
  console.error(
    `✖ Nothing answers on port ${databasePort}: start the stack with "npm start" first.`,
  );
  process.exit(1);
}

// Imported after the environment is set: the admin SDK reads it.
const { adminDatabase } = await import('../functions/src/admin.ts');
const { rollUpInsights } = await import('../functions/src/handlers/insights/roll-up-insights.ts');

const fromAt = process.argv.indexOf('--from');
const from = fromAt === -1 ? undefined : process.argv[fromAt + 1];
const report = await rollUpInsights(
  { db: adminDatabase(), now: Date.now },
  from === undefined ? {} : { from },
);
console.log(
  `✔ Insights ${report.from} … ${report.to}: ${report.classes} classes, ${report.payments} ` +
    `payments, ${report.members} members, ${report.subscriptions} subscriptions, ` +
    `${report.wallets} wallets, ${report.failed} failed.`,
);
process.exit(report.failed > 0 ? 1 : 0);
