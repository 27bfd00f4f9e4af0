// `npm run job:reconcile`: runs the booking reconciler and credit expiry once — the same handler
// the scheduled function `reconcileBookings` runs every 10 minutes in production — against the
// local stack's database (FIREBASE_DATABASE_EMULATOR_HOST, default 127.0.0.1:9000, namespace
// demo-studio-default-rtdb). Prints what it did as JSON.
import { deleteApp } from 'firebase-admin/app';
import { adminApp, adminDatabase } from '../functions/src/admin.ts';
import { reconcileBookings } from '../functions/src/handlers/booking/reconcile.ts';

process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= '127.0.0.1:9000';
process.env.GCLOUD_PROJECT ??= 'demo-studio';

try {
  const report = await reconcileBookings({ db: adminDatabase(), now: Date.now });
  console.log(JSON.stringify(report, null, 2));
} finally {
  await deleteApp(adminApp());
}
