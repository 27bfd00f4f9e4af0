// `npm run job:monthly`: runs the `monthlyCredits` scheduled function's work once against the
// running local stack (`npm start`). Scheduled functions do not fire in the emulator (no
// Pub/Sub), so this is how the monthly repair and credit expiry are run locally.
import { DEFAULT_PORTS, STRIPE_SANDBOX_SECRETS } from './lib/stack.ts';
import { isPortFree } from './lib/ports.ts';

process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.database}`;
process.env.GCLOUD_PROJECT ??= 'demo-studio';
process.env.DATABASE_URL ??= 'https://demo-studio-default-rtdb.firebaseio.com';
process.env.STRIPE_API_URL ??= `http://127.0.0.1:${DEFAULT_PORTS.stripe}`;
process.env.STRIPE_SECRET_KEY ??= STRIPE_SANDBOX_SECRETS.STRIPE_SECRET_KEY;

// The environment may point at another stack (tests run stacks on free ports).
const databasePort = Number(process.env.FIREBASE_DATABASE_EMULATOR_HOST.split(':')[1]);
const stripePort = Number(new URL(process.env.STRIPE_API_URL).port);
for (const port of [databasePort, stripePort]) {
  if (await isPortFree(port)) {
    console.error(`✖ Nothing answers on port ${port}: start the stack with "npm start" first.`);
    process.exit(1);
  }
}

// Imported after the environment is set: the admin SDK and the Stripe client read it.
const { adminDatabase } = await import('../functions/src/admin.ts');
const { stripeClient } = await import('../functions/src/triggers/payments/config.ts');
const { monthlyCredits } =
  await import('../functions/src/handlers/payments/subscriptions/monthly-credits.ts');

const result = await monthlyCredits({
  db: adminDatabase(),
  stripe: stripeClient(),
  now: Date.now,
});
console.log(
  `✔ Monthly credits: ${result.subscriptions} subscriptions checked ` +
    `(${result.checkedWithStripe} asked of Stripe), ${result.repaired} periods repaired, ` +
    `${result.statusesMirrored} statuses mirrored, ${result.members} members, ` +
    `${result.expired} credits expired, ${result.failed} failed.`,
);
process.exit(result.failed > 0 ? 1 : 0);
