import functionsTest from 'firebase-functions-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, mailOutboxIds, paths, userSchema } from '@studio/core';
import { adminAppOptions } from '../src/admin';
import { bootstrapUser as bootstrapUserHandler } from '../src/handlers/users/bootstrap-user';
import { bootstrapUser } from '../src/index';
import { dump, newUid, startBackend } from './support/backend';
import type { TestBackend } from './support/backend';

// wrap() handles v1 triggers correctly (only v2 callables are misrouted).
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

async function profileOf(uid: string) {
  return userSchema.strict().parse((await backend.db.ref(paths.user(uid)).get()).val());
}

async function reportOf(uid: string): Promise<unknown> {
  return (await backend.db.ref(paths.report(uid)).get()).val();
}

describe('bootstrapUser auth trigger', () => {
  it('creates the profile with the spec defaults from the Auth account', async () => {
    const uid = newUid('google');
    const before = Date.now();
    await onCreate(
      testEnv.auth.makeUserRecord({
        uid,
        displayName: 'Ana López',
        email: 'ana@example.test',
        phoneNumber: '+528112345678',
        photoURL: 'https://example.test/ana.png',
      }),
    );

    const profile = await profileOf(uid);
    expect(profile).toEqual({
      Name: 'Ana López',
      Email: 'ana@example.test',
      Phone: '+528112345678',
      Img: 'https://example.test/ana.png',
      Admin: false,
      Conditions: false,
      Credits: 0,
      LastSeen: expect.any(String) as unknown,
    });
    // LastSeen is the studio-zone server-hour string of (about) now.
    expect([formatDateTime(before), formatDateTime(Date.now())]).toContain(
      profile.LastSeen?.slice(0, 19),
    );
    expect(await reportOf(uid)).toBeNull();
  });

  it('writes Reports/{uid} when the account has no name', async () => {
    const uid = newUid('password');
    await onCreate(testEnv.auth.makeUserRecord({ uid, email: 'new@example.test' }));

    const profile = await profileOf(uid);
    expect(profile).toMatchObject({ Email: 'new@example.test', Admin: false, Credits: 0 });
    expect(profile.Name).toBeUndefined();
    expect(profile.Img).toBeUndefined();
    expect(await reportOf(uid)).toEqual({ Uid: uid });
  });

  it('keeps what the app already wrote and fills only the missing fields', async () => {
    const uid = newUid('registered');
    await backend.db.ref(paths.user(uid)).set({
      Name: 'Name typed at registration',
      Email: 'typed@example.test',
      Conditions: true,
      LastSeen: '2026-01-02 03:04:05',
    });

    await onCreate(
      testEnv.auth.makeUserRecord({
        uid,
        displayName: 'Provider name',
        email: 'provider@example.test',
        photoURL: 'https://example.test/p.png',
      }),
    );

    expect(await profileOf(uid)).toEqual({
      Name: 'Name typed at registration',
      Email: 'typed@example.test',
      Conditions: true,
      LastSeen: '2026-01-02 03:04:05',
      Img: 'https://example.test/p.png',
      Admin: false,
      Credits: 0,
    });
    expect(await reportOf(uid)).toBeNull();
  });

  it('does not demote a role or reset credits granted before it ran', async () => {
    const uid = newUid('early');
    await backend.db.ref(paths.user(uid)).set({ Admin: 'Coach', Credits: 5 });

    await onCreate(testEnv.auth.makeUserRecord({ uid, email: 'coach@example.test' }));

    expect(await profileOf(uid)).toMatchObject({ Admin: 'Coach', Credits: 5, Conditions: false });
  });

  it('writes no report when the app already stored a Name the account lacks', async () => {
    const uid = newUid('named');
    await backend.db.ref(paths.user(uid)).update({ Name: 'Luis' });

    await onCreate(testEnv.auth.makeUserRecord({ uid, email: 'luis@example.test' }));

    expect(await reportOf(uid)).toBeNull();
  });

  it('changes nothing when the event is delivered again', async () => {
    const uid = newUid('twice');
    const user = testEnv.auth.makeUserRecord({ uid, email: 'twice@example.test' });
    await onCreate(user);
    const afterFirst = await dump(backend.db);

    await onCreate(user);

    expect(await dump(backend.db)).toEqual(afterFirst);
  });
});

describe('bootstrapUser handler', () => {
  it('stamps LastSeen from the clock it is given and says what it filled', async () => {
    const uid = newUid('clock');
    const now = Date.UTC(2026, 2, 1, 18, 30, 0);
    await backend.db.ref(paths.user(uid)).update({ Conditions: true });

    const result = await bootstrapUserHandler(
      { db: backend.db, now: () => now },
      { uid, displayName: '  ', email: 'clock@example.test' },
    );

    expect(result).toEqual({
      filledFields: ['Email', 'Admin', 'Credits', 'LastSeen'],
      reportCreated: true,
      welcomeMail: 'written',
    });
    expect(await profileOf(uid)).toMatchObject({ LastSeen: '2026-03-01 12:30:00' });
  });

  it('reports nothing filled when every default is already present', async () => {
    const uid = newUid('complete');
    await backend.db.ref(paths.user(uid)).set({
      Name: 'Eva',
      Email: 'eva@example.test',
      Admin: false,
      Conditions: true,
      Credits: 2,
      LastSeen: '2026-01-01 00:00:00',
    });

    const result = await bootstrapUserHandler(
      { db: backend.db, now: Date.now },
      { uid, displayName: 'Eva', email: 'eva@example.test' },
    );

    expect(result).toEqual({ filledFields: [], reportCreated: false, welcomeMail: 'written' });
  });

  it('writes one welcome mail, and none more when Auth delivers the event again', async () => {
    const uid = newUid('welcome');
    await backend.db.ref(paths.user(uid)).update({ Conditions: true });
    const now = Date.UTC(2026, 2, 1, 18, 30, 0);
    const deliver = () =>
      bootstrapUserHandler({ db: backend.db, now: () => now }, { uid, email: 'w@example.test' });

    expect((await deliver()).welcomeMail).toBe('written');
    const entry: unknown = (
      await backend.db.ref(paths.mailOutboxEntry(mailOutboxIds.welcome(uid))).get()
    ).val();
    expect(entry).toMatchObject({
      kind: 'welcome',
      uid,
      status: 'pending',
      createdAt: now,
      message: { kind: 'welcome', waiverAccepted: true },
    });
    expect((await deliver()).welcomeMail).toBe('exists');
    expect(
      (await backend.db.ref(paths.mailOutboxEntry(mailOutboxIds.welcome(uid))).get()).val(),
    ).toEqual(entry);
  });
});
