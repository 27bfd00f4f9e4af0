// The data of the admin-screens benchmark (web/bench/admin-screens.ts starts this in a child
// process, with FIREBASE_DATABASE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST pointing at its
// local stack): the studio at scale (support/seed-scale.ts), an admin account to sign in with,
// then the server's own writers over it, as production has them: the insights rollup over the
// whole range (what admin-insights reads) and the member directory's backfill (what all-users
// reads). Prints progress, then one JSON line (`AdminScreensSeed`) last. `--members N`,
// `--days N`, `--payments N`: another size.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { addDays, classSchema, formatDate, paths } from '@studio/core';
import { rollUpInsights } from '../src/handlers/insights/roll-up-insights';
import { setUserRole } from '../src/handlers/users/set-user-role';
import { rebuildUserDirectory } from '../src/handlers/users/rebuild-user-directory';
import { log, measure, runBenchmark, seconds } from './support/harness';
import { scaleFromArgs, seedAdminStudio } from './support/seed-scale';

export const ADMIN = {
  uid: 'scale-admin',
  email: 'admin@scale.example',
  password: 'scale-admin-123',
} as const;

/** What the benchmark learns from the seed (the JSON line). */
export interface AdminScreensSeed {
  admin: { email: string; password: string };
  /** Today's first class, for the class-list routes. */
  todayClass: {
    id: string;
    date: string;
    hour: string;
    coach: string;
    exercise: string;
  };
  members: number;
  days: number;
  payments: number;
  auditEntries: number;
  mailEntries: number;
  couponRedemptions: number;
  seedMs: number;
  insightsMs: number;
  directoryMs: number;
}

async function main(): Promise<void> {
  const scale = scaleFromArgs();
  const app = initializeApp(
    {
      projectId: process.env['GCLOUD_PROJECT'] ?? 'demo-studio',
      databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com',
    },
    'admin-screens-seed',
  );
  try {
    const db = getDatabase(app);
    const nowMs = Date.now();
    const seeded = await measure(() => seedAdminStudio(db, scale, nowMs));
    log(`seeded in ${seconds(seeded.ms)}`);

    // The admin as `npm run admin grant` makes one: the account, then setUserRole (the `role`
    // claim the rules check, `Users/{uid}/Admin`, the directory's role, an audit entry).
    const auth = getAuth(app);
    await auth.createUser({
      uid: ADMIN.uid,
      email: ADMIN.email,
      password: ADMIN.password,
      displayName: 'Scale Admin',
      // setUserRole grants a staff role only to a verified address, as for a real admin.
      emailVerified: true,
    });
    await db.ref(paths.user(ADMIN.uid)).set({
      Name: 'Scale Admin',
      Email: ADMIN.email,
      Conditions: true,
      Credits: 0,
    });
    await setUserRole(
      { db, auth, now: Date.now },
      { by: 'cli', operator: 'admin-screens-seed', uid: ADMIN.uid, role: 'admin' },
    );

    const insights = await measure(() =>
      rollUpInsights({ db, now: () => nowMs }, { from: seeded.result.from }),
    );
    log(`insights rolled up in ${seconds(insights.ms)}: ${JSON.stringify(insights.result)}`);
    const directory = await measure(() => rebuildUserDirectory({ db }));
    log(`directory rebuilt in ${seconds(directory.ms)}: ${JSON.stringify(directory.result)}`);

    const today = addDays(seeded.result.to, 1);
    const id = `c${today}-0`;
    const cls = classSchema.parse((await db.ref(paths.class(id)).get()).val());
    const result: AdminScreensSeed = {
      admin: { email: ADMIN.email, password: ADMIN.password },
      todayClass: { id, date: cls.date, hour: cls.hour, coach: cls.coach, exercise: cls.exercise },
      members: scale.members,
      days: scale.days,
      payments: scale.payments,
      auditEntries: seeded.result.auditEntries,
      mailEntries: seeded.result.mailEntries,
      couponRedemptions: seeded.result.couponRedemptions,
      seedMs: seeded.ms,
      insightsMs: insights.ms,
      directoryMs: directory.ms,
    };
    if (formatDate(nowMs) !== today) throw new Error(`today is ${formatDate(nowMs)}, not ${today}`);
    log(JSON.stringify(result));
  } finally {
    await deleteApp(app);
  }
}

runBenchmark(main, { exit: true });
