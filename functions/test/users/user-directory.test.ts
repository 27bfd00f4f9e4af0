// The admins' member directory (`UserDirectory/{uid}`) follows every writer of what it
// mirrors: a new account, a role, credits (the wallet), and the backfill rebuilds it from `Users`.
// The plan's status is covered with the webhook in ../payments/directory-plan.test.ts.
import functionsTest from 'firebase-functions-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryProfile, paths, userDirectoryEntrySchema } from '@studio/core';
import { adminAppOptions } from '../../src/admin';
import { bootstrapUser as bootstrapUserHandler } from '../../src/handlers/users/bootstrap-user';
import { rebuildUserDirectory } from '../../src/handlers/users/rebuild-user-directory';
import { adjustCredits, bootstrapUser, setUserRole } from '../../src/index';
import { newUid, startBackend } from '../support/backend';
import type { TestBackend } from '../support/backend';
import { callableRequest } from '../support/callable';

const testEnv = functionsTest(adminAppOptions());
const onCreate = testEnv.wrap(bootstrapUser);
let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});

afterAll(async () => {
  await backend.stop();
  testEnv.cleanup();
});

const admin = { uid: 'admin-caller', claims: { role: 'admin' } };

async function entryOf(uid: string) {
  const value: unknown = (await backend.db.ref(paths.userDirectoryEntry(uid)).get()).val();
  return value === null ? null : userDirectoryEntrySchema.parse(value);
}

/** An Auth account and its profile, with its directory entry as bootstrap leaves it. */
async function createMember(profile: Record<string, unknown>): Promise<string> {
  const uid = newUid('member');
  // Verified: a role is given only to an account whose e-mail is.
  await backend.auth.createUser({ uid, email: `${uid}@example.test`, emailVerified: true });
  await backend.db.ref(paths.user(uid)).set(profile);
  await onCreate(testEnv.auth.makeUserRecord({ uid, email: `${uid}@example.test` }));
  return uid;
}

describe('the member directory', () => {
  it('gets a new account’s entry from bootstrapUser, with search keys and createdAt', async () => {
    const uid = newUid('google');
    // The handler itself: the wrapped trigger's record builder does not type Auth's metadata.
    await bootstrapUserHandler(
      { db: backend.db, now: Date.now },
      {
        uid,
        displayName: 'José Núñez',
        email: 'Jose@Example.test',
        phoneNumber: '+528112345678',
        metadata: { creationTime: 'Sat, 21 Nov 2026 12:00:00 GMT' },
      },
    );

    expect(await entryOf(uid)).toEqual({
      name: 'José Núñez',
      email: 'Jose@Example.test',
      phone: '+528112345678',
      role: 'member',
      credits: 0,
      createdAt: Date.UTC(2026, 10, 21, 12),
      nameKey: 'jose nunez',
      emailKey: 'jose@example.test',
      phoneKey: '528112345678',
    });
  });

  it('keeps the profile the registration mirrored when bootstrap ran on an older node', async () => {
    const uid = newUid('register');
    // The app's registration landed in the directory; bootstrap saw the node without a Name.
    await backend.db
      .ref(paths.userDirectoryEntry(uid))
      .set(directoryProfile({ Name: 'Nía', Email: 'nia@example.test' }));
    await onCreate(testEnv.auth.makeUserRecord({ uid, email: 'nia@example.test' }));

    expect(await entryOf(uid)).toMatchObject({
      name: 'Nía',
      nameKey: 'nia',
      email: 'nia@example.test',
      role: 'member',
      credits: 0,
    });
  });

  it('follows setUserRole in the same update as the role', async () => {
    const uid = await createMember({ Name: 'Ana', Admin: false, Credits: 0 });

    await setUserRole.run(callableRequest({ uid, role: 'coach' }, admin));
    expect(await entryOf(uid)).toMatchObject({ name: 'Ana', role: 'coach' });

    await setUserRole.run(callableRequest({ uid, role: 'admin' }, admin));
    expect(await entryOf(uid)).toMatchObject({ role: 'admin' });
  });

  it('follows every credit change of the wallet (adjustCredits up and down)', async () => {
    const uid = await createMember({ Name: 'Ana', Admin: false, Credits: 0 });

    await adjustCredits.run(
      callableRequest({ uid, kind: 'regular', delta: 5, reason: 'Welcome' }, admin),
    );
    expect(await entryOf(uid)).toMatchObject({ credits: 5 });

    await adjustCredits.run(
      callableRequest({ uid, kind: 'regular', delta: -2, reason: 'Correction' }, admin),
    );
    expect(await entryOf(uid)).toMatchObject({ credits: 3 });
    expect((await backend.db.ref(paths.userField(uid, 'Credits')).get()).val()).toBe(3);
  });

  it('leaves the count alone when a wallet change does not move it (training credits)', async () => {
    const uid = await createMember({ Name: 'Ana', Admin: false, Credits: 0 });
    await backend.db.ref(paths.userDirectoryField(uid, 'credits')).set(0);

    await adjustCredits.run(
      callableRequest({ uid, kind: 'train', delta: 4, reason: 'Trainer pack' }, admin),
    );

    expect(await entryOf(uid)).toMatchObject({ credits: 0 });
  });
});

describe('rebuildUserDirectory (the backfill)', () => {
  it('writes every member’s entry from Users, keeps createdAt and removes orphans', async () => {
    const ana = newUid('ana');
    const ben = newUid('ben');
    const gone = newUid('gone');
    await backend.db.ref().update({
      [paths.user(ana)]: {
        Name: 'Ána Ruiz',
        Email: 'ana@example.test',
        Admin: true,
        Credits: 2,
        'credits-list': { c1: { kind: 'regular' }, c2: { kind: 'regular' } },
        activeSuscription: true,
        'plan-state': { subscriptionId: 'sub_1', status: 'past-due', updatedAt: 1 },
      },
      [paths.user(ben)]: { Email: 'ben@example.test', Phone: '81 5555 0000', Admin: 'Coach' },
      // A stale entry: the name changed and the credits moved while nothing mirrored them.
      [paths.userDirectoryEntry(ana)]: {
        ...directoryProfile({ Name: 'Old' }),
        role: 'member',
        credits: 9,
        createdAt: 7,
      },
      [paths.userDirectoryEntry(gone)]: { ...directoryProfile({ Name: 'Gone' }), role: 'member' },
    });

    const report = await rebuildUserDirectory({ db: backend.db }, { pageSize: 2, concurrency: 2 });

    expect(report.failed).toBe(0);
    expect(report.written).toBeGreaterThanOrEqual(2);
    expect(report.removed).toBeGreaterThanOrEqual(1);
    expect(await entryOf(ana)).toEqual({
      name: 'Ána Ruiz',
      email: 'ana@example.test',
      phone: '',
      role: 'admin',
      credits: 2,
      plan: 'past-due',
      createdAt: 7,
      nameKey: 'ana ruiz',
      emailKey: 'ana@example.test',
      phoneKey: '',
    });
    expect(await entryOf(ben)).toMatchObject({
      name: '',
      nameKey: '\uf8ffben@example.test',
      phoneKey: '8155550000',
      role: 'coach',
      credits: 0,
    });
    expect(await entryOf(gone)).toBeNull();
  });

  it('is safe to run again: the same entries', async () => {
    await rebuildUserDirectory({ db: backend.db });
    const first: unknown = (await backend.db.ref(paths.userDirectory()).get()).val();
    const report = await rebuildUserDirectory({ db: backend.db });
    expect(report.removed).toBe(0);
    expect((await backend.db.ref(paths.userDirectory()).get()).val()).toEqual(first);
  });
});
