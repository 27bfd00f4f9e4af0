// `npm run seed`: (re)load the demo data into a running stack (`npm start`).
import './lib/quiet-logs.ts';
import { DEFAULT_PORTS } from './lib/stack.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './lib/seed.ts';
import { isPortFree } from './lib/ports.ts';

process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.database}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.auth}`;
process.env.GCLOUD_PROJECT ??= 'demo-studio';

for (const host of [
  process.env.FIREBASE_DATABASE_EMULATOR_HOST,
  process.env.FIREBASE_AUTH_EMULATOR_HOST,
]) {
  const port = Number(host.split(':')[1]);
  if (await isPortFree(port)) {
    console.error(`✖ Nothing answers on ${host}: start the stack with "npm start" first.`);
    process.exit(1);
  }
}
// The past weeks too, unless the database already has them (payments).
await seedDemoData(Date.now(), {
  history: { sandboxUrl: process.env.STRIPE_API_URL ?? `http://127.0.0.1:${DEFAULT_PORTS.stripe}` },
});
console.log(
  `✔ Demo data loaded. Accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`,
);
process.exit(0);
