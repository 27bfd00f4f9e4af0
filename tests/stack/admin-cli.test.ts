// `npm run admin` (scripts/admin.ts), run for real as a child process: on the local stack through
// the emulator variables (grant, list, refusals that write nothing), and with neither emulators
// nor Google credentials (refused before anything is opened).
import { isDeepStrictEqual } from 'node:util';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { auditEntrySchema, mailOutboxIds, paths } from '@studio/core';
import type { AuditEntry } from '@studio/core';
import { ROOT } from '../../scripts/lib/stack.ts';
import { seedDemoData } from '../../scripts/lib/seed.ts';
import { holdStack, type JourneyStack } from '../support/journey.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * This process's environment without anything that points at Firebase or Google (the vitest
 * worker may carry a stack's variables), plus `extra`: what the person running it would set.
 */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(FIREBASE_|GOOGLE_|GCLOUD_|CLOUDSDK_|METADATA_SERVER)/.test(name),
    ),
  );
  return { ...clean, npm_config_update_notifier: 'false', ...extra };
}

/** `npm run admin -- <args>` in the repository, as the README says to run it. */
function admin(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: ROOT, env, timeout: 90_000 },
      (error, stdout, stderr) => {
        if (error === null) resolve({ code: 0, stdout, stderr });
        else if (typeof error.code === 'number') resolve({ code: error.code, stdout, stderr });
        // Not an exit code: npm could not be started, or the 90 s ran out.
        else reject(new Error(`npm run admin did not finish: ${error.message}`));
      },
    );
  });
}

describe('npm run admin on the local stack', () => {
  let stack: JourneyStack;
  let release: () => Promise<void> = async () => {};
  let app: App;
  let db: Database;
  let auth: Auth;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const held = await holdStack();
    stack = held.stack;
    release = held.release;
    const emulatorHosts = {
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${stack.ports.auth}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${stack.ports.database}`,
    };
    // The seed also uploads the demo pictures to the Storage emulator.
    Object.assign(process.env, emulatorHosts, {
      FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${stack.ports.storage}`,
    });
    await seedDemoData();
    // Only the two emulator variables: the command defaults to the local project demo-studio.
    env = environment(emulatorHosts);
    app = initializeApp(
      {
        projectId: stack.projectId,
        databaseURL: `http://${emulatorHosts.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${stack.namespace}`,
      },
      'admin-cli-test',
    );
    db = getDatabase(app);
    auth = getAuth(app);
  }, 1_200_000);

  afterAll(async () => {
    if (app) await deleteApp(app);
    await release();
  }, 60_000);

  const adminFlag = async (uid: string) =>
    (await db.ref(paths.userField(uid, 'Admin')).get()).val() as unknown;
  const claims = async (uid: string) => (await auth.getUser(uid)).customClaims;
  const auditFor = async (uid: string): Promise<AuditEntry[]> => {
    const all = ((await db.ref(paths.auditLog()).get()).val() ?? {}) as Record<string, unknown>;
    return Object.values(all)
      .map((entry) => auditEntrySchema.parse(entry))
      .filter((entry) => entry.target === uid)
      .sort((a, b) => a.at - b.at);
  };
  /** Everything the command could change: the whole database and every account's claims. */
  // The stack's scheduled senders (coaches' lists, reminders) write their outboxes and mail
  // limits on their own clock; the command writes neither.
  const SCHEDULED = ['MailOutbox', 'PushOutbox', 'RateLimits'];
  const snapshot = async () => {
    const database = ((await db.ref().get()).val() ?? {}) as Record<string, unknown>;
    for (const root of SCHEDULED) delete database[root];
    return {
      database,
      claims: (await auth.listUsers(1000)).users.map((user) => [user.uid, user.customClaims]),
    };
  };
  /**
   * The database and the claims once the functions' triggers of the earlier cases (the directory,
   * the mail outbox) have finished writing: two reads a second apart agree.
   */
  const everything = async () => {
    let last = await snapshot();
    for (let tries = 0; tries < 30; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const next = await snapshot();
      if (isDeepStrictEqual(next, last)) return next;
      last = next;
    }
    return last;
  };

  it('grants admin by e-mail: the role claim, Admin true and an audit entry by cli', async () => {
    const run = await admin(['grant', 'member5@demo.studio', 'admin'], env);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('member5@demo.studio (demo-member5) is now admin');
    expect(await claims('demo-member5')).toEqual({ role: 'admin' });
    expect(await adminFlag('demo-member5')).toBe(true);
    const [entry, ...others] = await auditFor('demo-member5');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      by: 'cli',
      action: 'setUserRole',
      target: 'demo-member5',
      details: {
        before: { claim: 'member', Admin: false },
        after: { claim: 'admin', Admin: true },
      },
    });
    expect(entry?.details?.['operator']).toMatch(/^\S+@\S+$/);
    expect(run.stdout).toContain(`audit entry `);
  });

  it('refuses admin to an account whose e-mail is not verified, saying how to verify, and writes nothing', async () => {
    // Someone registered the owner's address before the owner did (nobody verified it).
    await auth.createUser({ uid: 'squatter', email: 'owner@acme.example', password: 'x1234567' });
    // The sign-up's own writes (profile, directory, the welcome mail the stack's sweep sends)
    // settle first, so what follows compares only what the command could change.
    const welcome = db.ref(paths.mailOutboxEntry(mailOutboxIds.welcome('squatter')));
    await expect
      .poll(async () => ((await welcome.get()).val() as { status?: string } | null)?.status, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('sent');
    const before = await everything();

    const run = await admin(['grant', 'owner@acme.example', 'admin'], env);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('owner@acme.example has not verified its e-mail');
    expect(run.stderr).toContain('verification e-mail');
    expect(run.stderr).toContain('--allow-unverified');
    expect(await everything()).toEqual(before);
  });

  it('grants it with --allow-unverified only with a loud warning and a note in the audit entry', async () => {
    const run = await admin(['grant', 'owner@acme.example', 'coach', '--allow-unverified'], env);

    expect(run.code).toBe(0);
    expect(run.stderr).toContain('WARNING: owner@acme.example has NOT verified its e-mail');
    expect(await claims('squatter')).toEqual({ role: 'coach' });
    const [entry] = await auditFor('squatter');
    expect(entry?.details).toMatchObject({ emailVerified: false, after: { claim: 'coach' } });
    // Back to member (no verification needed to take a role away), off the list below.
    expect((await admin(['grant', 'owner@acme.example', 'member'], env)).code).toBe(0);
  });

  it('lists the admins and coaches, with their e-mails, the claim and the Admin field', async () => {
    // An Admin field set by hand without the claim, and a claim without the field: both listed,
    // with the disagreement.
    await db.ref(paths.userField('demo-member6', 'Admin')).set('Coach');
    await auth.setCustomUserClaims('demo-member7', { role: 'coach' });

    const run = await admin(['list'], env);

    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'Admins and coaches in the emulators (demo-studio) (role = the claim the rules check):',
    );
    const rows = lines.slice(1).map((line) => line.trim().split(/\s+/).slice(0, 4));
    expect(rows).toEqual([
      ['admin', 'admin@demo.studio', 'demo-admin', 'Admin=true'],
      ['admin', 'member5@demo.studio', 'demo-member5', 'Admin=true'],
      ['staff', 'desk@demo.studio', 'demo-desk', 'Admin="Staff"'],
      ['coach', 'coach@demo.studio', 'demo-coach', 'Admin="Coach"'],
      ['coach', 'member7@demo.studio', 'demo-member7', 'Admin=false'],
      ['member', 'member6@demo.studio', 'demo-member6', 'Admin="Coach"'],
    ]);
    expect(lines.filter((line) => line.includes('⚠'))).toEqual([
      expect.stringContaining(
        'member7@demo.studio  demo-member7  Admin=false  ⚠ Admin says member',
      ),
      expect.stringContaining(
        'member6@demo.studio  demo-member6  Admin="Coach"  ⚠ Admin says coach',
      ),
    ]);
  });

  it('grants member back: claim member, Admin false, a second audit entry, off the list', async () => {
    const run = await admin(['grant', 'member5@demo.studio', 'member'], env);

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('is now member');
    expect(await claims('demo-member5')).toEqual({ role: 'member' });
    expect(await adminFlag('demo-member5')).toBe(false);
    const entries = await auditFor('demo-member5');
    expect(entries.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ after: { claim: 'admin', Admin: true } }),
      expect.objectContaining({
        before: { claim: 'admin', Admin: true },
        after: { claim: 'member', Admin: false },
      }),
    ]);
    expect(entries[1]?.by).toBe('cli');
    const listed = await admin(['list'], env);
    expect(listed.stdout).not.toContain('member5@demo.studio');
  });

  it('creates a branch through saveCatalogItem: the validated record and an audit entry by cli', async () => {
    const run = await admin(
      ['branch', 'norte', 'Studio Norte', '--address', 'Av. Norte 5', '--phone', '+52 81 1'],
      env,
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Branches/norte saved in the emulators (demo-studio)');
    expect((await db.ref(paths.branch('norte')).get()).val()).toEqual({
      name: 'Studio Norte',
      address: 'Av. Norte 5',
      phone: '+52 81 1',
      active: true,
    });
    const [entry, ...others] = await auditFor(paths.branch('norte'));
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      by: 'cli',
      action: 'save',
      details: { collection: 'branches', after: { name: 'Studio Norte' } },
    });
  });

  it('grants staff of one branch with --branch: the claim branch, the audit entry, the list', async () => {
    const run = await admin(['grant', 'desk@demo.studio', 'staff', '--branch', 'norte'], env);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('desk@demo.studio (demo-desk) is now staff of branch norte');
    expect(await claims('demo-desk')).toEqual({ role: 'staff', branch: 'norte' });
    expect((await db.ref(paths.userField('demo-desk', 'branch-scope')).get()).val()).toBe('norte');
    const entries = await auditFor('demo-desk');
    expect(entries.at(-1)).toMatchObject({
      by: 'cli',
      action: 'setUserRole',
      details: { after: { claim: 'staff', Admin: 'Staff', branch: 'norte' } },
    });
    const listed = await admin(['list'], env);
    expect(listed.stdout).toMatch(
      /staff\s+desk@demo\.studio\s+demo-desk\s+Admin="Staff"\s+branch=norte/,
    );

    // Without --branch the role is the chain's again.
    expect((await admin(['grant', 'desk@demo.studio', 'staff'], env)).code).toBe(0);
    expect(await claims('demo-desk')).toEqual({ role: 'staff' });
    expect((await db.ref(paths.userField('demo-desk', 'branch-scope')).get()).val()).toBeNull();
  });

  it('refuses a branch that does not exist, a coach of a branch and --branch elsewhere, writing nothing', async () => {
    const before = await everything();

    const missing = await admin(['grant', 'desk@demo.studio', 'staff', '--branch', 'sur'], env);
    const coach = await admin(['grant', 'coach@demo.studio', 'coach', '--branch', 'norte'], env);
    const badId = await admin(['grant', 'desk@demo.studio', 'staff', '--branch', 'no/rte'], env);
    const elsewhere = await admin(['list', '--branch', 'norte'], env);

    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      '✖ There is no branch "sur" in the emulators (demo-studio): create it with "npm run admin -- branch sur <name>" first.\n',
    );
    expect(coach.code).toBe(1);
    expect(coach.stderr).toBe(
      '✖ Only an admin or staff can be given a branch of their own, not coach.\n',
    );
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain('"no/rte" cannot be a branch id');
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('--branch goes with "grant".');
    expect(await everything()).toEqual(before);
  });

  it('rebuilds the member directory from Users: a missing entry back, a stale one corrected', async () => {
    await db.ref(paths.userDirectoryEntry('demo-member')).remove();
    await db.ref(paths.userDirectoryField('demo-admin', 'credits')).set(999);
    await db.ref(paths.userDirectoryEntry('gone-member')).set({ name: 'Gone', role: 'member' });

    const run = await admin(['directory'], env);

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Member directory in the emulators \(demo-studio\): \d+ entries written, 1 removed, 0 failed/,
    );
    const entry = async (uid: string) =>
      (await db.ref(paths.userDirectoryEntry(uid)).get()).val() as Record<string, unknown> | null;
    const credits = async (uid: string) =>
      (await db.ref(paths.userField(uid, 'Credits')).get()).val() as unknown;
    expect(await entry('demo-member')).toMatchObject({
      role: 'member',
      credits: await credits('demo-member'),
    });
    expect(await entry('demo-admin')).toMatchObject({
      role: 'admin',
      credits: await credits('demo-admin'),
    });
    expect(await entry('gone-member')).toBeNull();
  });

  it('refuses a branch id or name the catalogue would refuse, writing nothing', async () => {
    const before = await everything();

    const badId = await admin(['branch', 'no/rte', 'Studio'], env);
    const badName = await admin(['branch', 'sur', ''], env);

    expect(badId.code).toBe(1);
    expect(badId.stderr).toBe(
      '✖ "no/rte" cannot be a branch id: no . $ # [ ] / or control characters.\n',
    );
    expect(badName.code).toBe(1);
    expect(badName.stderr).toMatch(/^✖ Not a valid branch \(name: .+\)\.\n$/);
    expect(await everything()).toEqual(before);
  });

  it('refuses an unknown e-mail with one line and exit 1, writing nothing', async () => {
    const before = await everything();

    const run = await admin(['grant', 'nobody@demo.studio', 'admin'], env);

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      '✖ No account with the e-mail nobody@demo.studio in the emulators (demo-studio): they sign up in the app first, then run this again.\n',
    );
    expect(await everything()).toEqual(before);
  });

  it('refuses a bad role with one line and exit 1, writing nothing', async () => {
    const before = await everything();

    const run = await admin(['grant', 'member@demo.studio', 'owner'], env);

    expect(run.code).toBe(1);
    expect(run.stderr).toBe('✖ Unknown role "owner": use admin, staff, coach, member.\n');
    expect(await everything()).toEqual(before);
  });

  it('prints the usage for a command it does not know, exit 2, writing nothing', async () => {
    const before = await everything();

    const runs = await Promise.all([
      admin(['promote', 'member@demo.studio'], env),
      admin(['grant', 'member@demo.studio'], env),
      admin(['list', '--bogus'], env),
    ]);

    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        'Usage:\n  npm run admin -- grant <email> admin|staff|coach|member',
      );
    }
    expect(await everything()).toEqual(before);
  });
});

describe('npm run admin without emulators or credentials', () => {
  // No gcloud login in an empty HOME; no metadata server (as on any machine outside Google
  // Cloud, without waiting for the probe to time out).
  const home = mkdtempSync(path.join(tmpdir(), 'admin-cli-home-'));
  const noCredentials = { HOME: home, METADATA_SERVER_DETECTION: 'none' };
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('says GOOGLE_APPLICATION_CREDENTIALS names a missing file, and how to fix it', async () => {
    const keyFile = path.join(home, 'missing-key.json');
    const run = await admin(
      ['grant', 'owner@example.com', 'admin', '--project', 'studio-prod'],
      environment({ ...noCredentials, GOOGLE_APPLICATION_CREDENTIALS: keyFile }),
    );

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `✖ GOOGLE_APPLICATION_CREDENTIALS points at ${keyFile}, which cannot be read (ENOENT): set it to a service-account key file of studio-prod, or unset it and run "gcloud auth application-default login".\n`,
    );
  });

  it('says there are no credentials at all, and how to get them', async () => {
    const run = await admin(
      ['grant', 'owner@example.com', 'admin'],
      environment({ ...noCredentials, GOOGLE_CLOUD_PROJECT: 'studio-prod' }),
    );

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^✖ No usable Google credentials for project studio-prod \(/);
    expect(lines[0]).toContain(
      'run "gcloud auth application-default login" or set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file.',
    );
  });

  it('refuses half the emulator variables rather than write half to a real project', async () => {
    const run = await admin(
      ['grant', 'owner@example.com', 'admin'],
      environment({ ...noCredentials, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    );

    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      '✖ Only FIREBASE_AUTH_EMULATOR_HOST is set: set FIREBASE_DATABASE_EMULATOR_HOST too to use the emulators, or unset FIREBASE_AUTH_EMULATOR_HOST to use a real project.\n',
    );
  });

  it('asks for a project when it is not on the emulators', async () => {
    const run = await admin(['list'], environment(noCredentials));

    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      '✖ No project: pass --project <id> or set GOOGLE_CLOUD_PROJECT (or set the emulator variables to use the local stack).\n',
    );
  });
});
