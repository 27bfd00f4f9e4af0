// `npm run admin -- import` and `export` run for real as child processes on the local stack: a
// Mindbody-shaped export (clients in Windows-1252 with semicolons and a line break inside a
// quoted note, pricing options in UTF-8 with a BOM, client contracts, visits as XLSX) imported
// (a contract under a plan name the studio does not have is explained, not imported), imported
// again with the plan the wizard mapped (that contract alone comes in), again (nothing changes),
// a file that is not a table refused before anything is written, and the round trip: export the
// studio, empty it, import the export, and find the same balances, plans, profiles and histories.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { addDays, formatDate, mailOutboxIds, paths, type Membership } from '@studio/core';
import { importedUid, planNameKey } from '@studio/core/import';
import { ROOT } from '../../scripts/lib/stack.ts';
import { seedDemoData } from '../../scripts/lib/seed.ts';
import {
  SAMPLE_PLAN_NAMES,
  sampleClients,
  writeSampleExport,
  type SampleFiles,
} from '../../scripts/lib/sample-exports.ts';
import { DEMO_PLAN_IDS } from '../../scripts/lib/seed-plans.ts';
import { holdStack } from '../support/journey.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: ROOT, env, timeout: 170_000 },
      (error, stdout, stderr) => {
        if (error === null) resolve({ code: 0, stdout, stderr });
        else if (typeof error.code === 'number') resolve({ code: error.code, stdout, stderr });
        else reject(new Error(`npm run admin did not finish: ${error.message}\n${stderr}`));
      },
    );
  });
}

describe('npm run admin -- import / export', () => {
  let release: () => Promise<void> = async () => {};
  let app: App;
  let db: Database;
  let auth: Auth;
  let env: NodeJS.ProcessEnv;
  let folder: string;
  let files: SampleFiles;
  const clients = sampleClients({ clients: 6, packs: 5, visitsPerClient: 3, tag: 'MB' });
  // Dates from today, so the packs and contracts are current whatever day the test runs.
  const today = formatDate(Date.now());
  const dates = {
    packsExpire: addDays(today, 90),
    nextAutopay: addDays(today, 20),
    contractEnds: addDays(today, 200),
  };

  beforeAll(async () => {
    const held = await holdStack();
    release = held.release;
    const hosts = {
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${held.stack.ports.auth}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${held.stack.ports.database}`,
    };
    // The seed also uploads the demo pictures to the Storage emulator.
    Object.assign(process.env, hosts, {
      FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${held.stack.ports.storage}`,
    });
    await seedDemoData();
    env = {
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(FIREBASE_|GOOGLE_|GCLOUD_)/.test(name)),
      ),
      ...hosts,
      npm_config_update_notifier: 'false',
    };
    app = initializeApp(
      {
        projectId: held.stack.projectId,
        databaseURL: `http://${hosts.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${held.stack.namespace}`,
      },
      'admin-import-test',
    );
    db = getDatabase(app);
    auth = getAuth(app);
    folder = mkdtempSync(path.join(tmpdir(), 'studio-import-'));
    files = writeSampleExport(folder, clients, {
      packs: 5,
      visitsPerClient: 3,
      visitsAs: 'xlsx',
      memberships: 6,
      dates,
    });
  }, 1_200_000);

  afterAll(async () => {
    if (app) await deleteApp(app);
    if (folder) rmSync(folder, { recursive: true, force: true });
    await release();
  }, 60_000);

  const val = async (at: string) => (await db.ref(at).get()).val() as unknown;
  const first = () => importedUid('mindbody', clients[0]?.id ?? '');
  /** The fifth client's contract names the plan the studio does not have. */
  const unmapped = () => importedUid('mindbody', clients[4]?.id ?? '');
  const importAll = (report: string) =>
    admin(
      [
        'import',
        files.clients,
        files.pricing,
        files.contracts!,
        files.visits,
        '--source',
        'mindbody',
        '--report',
        path.join(folder, report),
      ],
      env,
    );

  it('imports the four files, explains every row in the report, and exits 0', async () => {
    const report = path.join(folder, 'report.csv');
    const run = await importAll('report.csv');
    expect(run.stderr).toContain('mindbody-clients.csv (members, 6 rows)');
    expect(run.stderr).toContain('mindbody-contracts.csv (memberships, 6 rows)');
    expect(run.stdout).toContain('finished');
    expect(run.code).toBe(0);
    // 6 clients, 5 packs, 6 contracts (one under an unknown plan name), 18 visits.
    expect(run.stdout).toContain('34 created, 0 updated, 0 unchanged, 1 skipped');

    expect(await val(paths.user(first()))).toMatchObject({
      Name: 'José Núñez',
      Phone: '+528110001000',
      Credits: 7,
      importedFrom: { source: 'mindbody', id: clients[0]?.id },
    });
    expect(
      await val(`${paths.mailOutboxEntry(mailOutboxIds.welcome(first()))}/message/invitation/from`),
    ).toBe('Mindbody');
    expect(await val(paths.importedHistory(first()))).toMatchObject({ attended: 2, noShow: 1 });
    const lines = readFileSync(report, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('file,line,id,outcome,detail');
    expect(lines).toContain(
      `mindbody-pricing-options.csv,2,cs-${clients[0]?.id},Created,"7 credits, expire ${dates.packsExpire}"`,
    );
    expect(lines).toContain(
      `mindbody-contracts.csv,6,cc-${clients[4]?.id},Skipped,No plan here matches “${SAMPLE_PLAN_NAMES.unknown}”: choose one in the mapping step.`,
    );
    expect(lines).toHaveLength(36);
    // The contract's plan, paid until the day before its next autopay, from the import.
    expect((await val(paths.membership(first()))) as Membership).toMatchObject({
      planId: DEMO_PLAN_IDS.daily,
      status: 'active',
      source: 'import',
    });
    expect(lines).toContain(
      `mindbody-contracts.csv,2,cc-${clients[0]?.id},Created,"Unlimited, one class a day, paid through ${addDays(dates.nextAutopay, -1)}, no card here: ends unless the member adds one"`,
    );
    expect(await val(paths.membership(unmapped()))).toBeNull();
  });

  it('takes the plan the wizard mapped: that contract comes in, nothing else changes', async () => {
    // What the wizard's import saved when the admin chose the plan for the unknown name.
    await db.ref(paths.importMapping('mindbody')).set({
      plans: { [planNameKey(SAMPLE_PLAN_NAMES.unknown)]: DEMO_PLAN_IDS.twoAWeek },
      dateOrder: 'mdy',
      updatedAt: Date.now(),
      by: 'demo-admin',
    });
    const run = await importAll('mapped.csv');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 created, 0 updated, 34 unchanged, 0 skipped');
    expect((await val(paths.membership(unmapped()))) as Membership).toMatchObject({
      planId: DEMO_PLAN_IDS.twoAWeek,
      status: 'active',
    });
  });

  it('changes nothing when run again', async () => {
    const before = await val(paths.users());
    const run = await importAll('again.csv');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0 created, 0 updated, 35 unchanged, 0 skipped');
    expect(await val(paths.users())).toEqual(before);
  });

  it('refuses a file that is not a table at once, writing nothing', async () => {
    const picture = path.join(folder, 'photo.png');
    writeFileSync(
      picture,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    );
    const runs = await val(paths.importRuns());
    const run = await admin(['import', files.clients, picture], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('photo.png cannot be read as a table');
    expect(run.stderr).toContain('Expected a CSV or XLSX export with a header row');
    expect(await val(paths.importRuns())).toEqual(runs);
  });

  it('round-trips: export, empty the studio, import the export, same balances, profiles and history', async () => {
    const out = path.join(folder, 'export');
    const exported = await admin(['export', out], env);
    expect(exported.code).toBe(0);
    const uids = clients.map((client) => importedUid('mindbody', client.id));
    const snapshot = async (uid: string) => {
      const user = (await val(paths.user(uid))) as Record<string, unknown>;
      const credits = Object.values(
        (user['credits-list'] ?? {}) as Record<string, { expiresAt: number; kind: string }>,
      )
        .map((credit) => `${credit.kind}@${credit.expiresAt}`)
        .sort();
      const history = (await val(paths.importedHistory(uid))) as Record<string, unknown>;
      const { updatedAt: _at, source: _source, ...rest } = history;
      const membership = user['membership'] as Membership | undefined;
      return {
        name: user['Name'],
        email: user['Email'],
        phone: user['Phone'],
        birthday: user['Birthday'],
        credits,
        history: rest,
        plan: membership && {
          planId: membership.planId,
          status: membership.status,
          startedAt: membership.startedAt,
          periodEnd: membership.periodEnd,
        },
      };
    };
    const before = await Promise.all(uids.map(snapshot));
    expect(before.map((member) => member.plan?.planId)).toEqual([
      DEMO_PLAN_IDS.daily,
      DEMO_PLAN_IDS.daily,
      DEMO_PLAN_IDS.daily,
      DEMO_PLAN_IDS.daily,
      DEMO_PLAN_IDS.twoAWeek,
      DEMO_PLAN_IDS.daily,
    ]);
    const memberships = before.map((_, index) => `import-cc-${clients[index]?.id ?? ''}`);

    // An empty studio: these members, their accounts and everything of theirs gone.
    await auth.deleteUsers(uids);
    await db.ref().update(
      Object.fromEntries(
        uids.flatMap((uid) => [
          [paths.user(uid), null],
          [paths.userDirectoryEntry(uid), null],
          [paths.creditLedger(uid), null],
          [paths.importedVisits(uid), null],
          [paths.importedHistory(uid), null],
        ]),
      ),
    );
    await db.ref('ImportedMembers').remove();
    await db
      .ref()
      .update(Object.fromEntries(memberships.map((id) => [paths.membershipRecord(id), null])));

    const run = await admin(
      [
        'import',
        path.join(out, 'members.csv'),
        path.join(out, 'balances.csv'),
        path.join(out, 'memberships.csv'),
        path.join(out, 'visits.csv'),
        '--source',
        'generic',
        '--report',
        path.join(folder, 'rt.csv'),
      ],
      env,
    );
    expect(run.code).toBe(0);
    // The export names each member by their Mindbody id, which the generic import keeps.
    const after = await Promise.all(
      clients.map((client) => snapshot(importedUid('generic', client.id))),
    );
    expect(after).toEqual(before);
  });
});
