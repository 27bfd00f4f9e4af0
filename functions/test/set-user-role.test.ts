import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntrySchema, paths } from '@studio/core';
import type { Role } from '@studio/core';
import { setUserRole as setUserRoleHandler } from '../src/handlers/users/set-user-role';
import { setUserRole } from '../src/index';
import { dump, newUid, startBackend } from './support/backend';
import type { TestBackend } from './support/backend';
import { callableRequest, rejectionOf } from './support/callable';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});

afterAll(async () => {
  await backend.stop();
});

const admin = { uid: 'admin-caller', claims: { role: 'admin' } };

/** An Auth account (e-mail verified unless told) with a profile, as registration leaves it. */
async function createMember(
  claims: Record<string, unknown> = {},
  emailVerified = true,
): Promise<string> {
  const uid = newUid('member');
  await backend.auth.createUser({ uid, email: `${uid}@example.test`, emailVerified });
  if (Object.keys(claims).length > 0) await backend.auth.setCustomUserClaims(uid, claims);
  await backend.db.ref(paths.user(uid)).set({ Name: 'Ana', Admin: false, Credits: 3 });
  return uid;
}

async function claimsOf(uid: string): Promise<Record<string, unknown> | undefined> {
  return (await backend.auth.getUser(uid)).customClaims;
}

async function adminFlagOf(uid: string): Promise<unknown> {
  return (await backend.db.ref(paths.userField(uid, 'Admin')).get()).val();
}

async function auditEntriesFor(uid: string) {
  const all = ((await backend.db.ref(paths.auditLog()).get()).val() ?? {}) as Record<
    string,
    unknown
  >;
  return Object.values(all)
    .map((entry) => auditEntrySchema.parse(entry))
    .filter((entry) => entry.target === uid);
}

describe('setUserRole callable', () => {
  it.each<[Role, true | false | 'Coach' | 'Staff']>([
    ['admin', true],
    ['staff', 'Staff'],
    ['coach', 'Coach'],
    ['member', false],
  ])('gives the %s role: claim and Admin flag %s', async (role, flag) => {
    const uid = await createMember();

    const result = await setUserRole.run(callableRequest({ uid, role }, admin));

    expect(result).toEqual({});
    expect(await claimsOf(uid)).toEqual({ role });
    expect(await adminFlagOf(uid)).toBe(flag);
  });

  it('keeps the other custom claims and the rest of the profile', async () => {
    const uid = await createMember({ tier: 'gold', role: 'member' });

    await setUserRole.run(callableRequest({ uid, role: 'coach' }, admin));

    expect(await claimsOf(uid)).toEqual({ tier: 'gold', role: 'coach' });
    expect((await backend.db.ref(paths.user(uid)).get()).val()).toEqual({
      Name: 'Ana',
      Admin: 'Coach',
      Credits: 3,
    });
  });

  it('records who changed which role from what to what in the audit log', async () => {
    const uid = await createMember({ role: 'coach' });
    await backend.db.ref(paths.userField(uid, 'Admin')).set('Coach');
    const before = Date.now();

    await setUserRole.run(callableRequest({ uid, role: 'admin' }, admin));

    const entries = await auditEntriesFor(uid);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      by: 'admin-caller',
      action: 'setUserRole',
      target: uid,
      details: {
        before: { claim: 'coach', Admin: 'Coach' },
        after: { claim: 'admin', Admin: true },
      },
    });
    expect(entries[0]?.at).toBeGreaterThanOrEqual(before);
  });

  it('works for an account whose profile does not exist yet', async () => {
    const uid = newUid('fresh');
    await backend.auth.createUser({ uid, email: `${uid}@example.test`, emailVerified: true });

    await setUserRole.run(callableRequest({ uid, role: 'coach' }, admin));

    expect(await claimsOf(uid)).toEqual({ role: 'coach' });
    expect((await backend.db.ref(paths.user(uid)).get()).val()).toEqual({ Admin: 'Coach' });
    const [entry] = await auditEntriesFor(uid);
    expect(entry?.details).toEqual({ after: { claim: 'coach', Admin: 'Coach' } });
  });

  it('rejects unauthenticated requests and changes nothing', async () => {
    const uid = await createMember({ role: 'member' });
    const before = await dump(backend.db);

    const error = await rejectionOf(setUserRole.run(callableRequest({ uid, role: 'admin' }, null)));

    expect(error.code).toBe('unauthenticated');
    expect(error.details).toEqual({ messageKey: 'unauthenticated', params: {} });
    expect(await dump(backend.db)).toEqual(before);
    expect(await claimsOf(uid)).toEqual({ role: 'member' });
  });

  it.each([
    ['a member', { role: 'member' }],
    ['a coach', { role: 'coach' }],
    ['the front desk', { role: 'staff' }],
    ['a caller without a role claim', {}],
    ['a caller whose role claim is not a role', { role: 'root' }],
  ])('denies %s and changes nothing', async (_label, claims) => {
    const uid = await createMember({ role: 'member' });
    const before = await dump(backend.db);

    const error = await rejectionOf(
      setUserRole.run(callableRequest({ uid, role: 'admin' }, { uid: 'someone', claims })),
    );

    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('You do not have permission to do this.');
    expect(error.details).toEqual({ messageKey: 'permissionDenied', params: {} });
    expect(await dump(backend.db)).toEqual(before);
    expect(await claimsOf(uid)).toEqual({ role: 'member' });
  });

  it('trusts the role claim, not a profile that says Admin true', async () => {
    const callerUid = await createMember();
    await backend.db.ref(paths.userField(callerUid, 'Admin')).set(true);
    const uid = await createMember({ role: 'member' });
    const before = await dump(backend.db);

    const error = await rejectionOf(
      setUserRole.run(callableRequest({ uid, role: 'admin' }, { uid: callerUid })),
    );

    expect(error.code).toBe('permission-denied');
    expect(await dump(backend.db)).toEqual(before);
  });

  it.each<[string, (uid: string) => unknown]>([
    ['no input', () => null],
    ['a missing uid', () => ({ role: 'coach' })],
    ['an unknown role', (uid) => ({ uid, role: 'owner' })],
    ['the spec flag instead of a role', (uid) => ({ uid, role: 'Coach' })],
    ['a uid that is a path', (uid) => ({ uid: `${uid}/Admin`, role: 'admin' })],
    ['an empty uid', () => ({ uid: '', role: 'coach' })],
    ['an extra field', (uid) => ({ uid, role: 'coach', Credits: 100 })],
  ])('rejects %s as invalid-argument and changes nothing', async (_label, inputFor) => {
    const uid = await createMember({ role: 'member' });
    const input = inputFor(uid);
    const before = await dump(backend.db);

    const error = await rejectionOf(setUserRole.run(callableRequest(input, admin)));

    expect(error.code).toBe('invalid-argument');
    expect(error.details).toMatchObject({ messageKey: 'invalidInput' });
    expect(await dump(backend.db)).toEqual(before);
    expect(await claimsOf(uid)).toEqual({ role: 'member' });
  });

  it.each(['admin', 'coach'] as const)(
    'refuses the %s role to an account whose e-mail is not verified and changes nothing',
    async (role) => {
      const uid = await createMember({}, false);
      const before = await dump(backend.db);

      const error = await rejectionOf(setUserRole.run(callableRequest({ uid, role }, admin)));

      expect(error.code).toBe('failed-precondition');
      expect(error.message).toContain('verification e-mail');
      expect(error.details).toMatchObject({ messageKey: 'emailNotVerified' });
      expect(await dump(backend.db)).toEqual(before);
      expect(await claimsOf(uid)).toBeUndefined();
    },
  );

  it('still takes a role away from an account whose e-mail is not verified', async () => {
    const uid = await createMember({ role: 'coach' }, false);
    await setUserRole.run(callableRequest({ uid, role: 'member' }, admin));
    expect(await claimsOf(uid)).toEqual({ role: 'member' });
  });

  it('answers not-found for an account that does not exist and changes nothing', async () => {
    const uid = newUid('ghost');
    const before = await dump(backend.db);

    const error = await rejectionOf(
      setUserRole.run(callableRequest({ uid, role: 'coach' }, admin)),
    );

    expect(error.code).toBe('not-found');
    expect(error.message).toBe('This member does not exist.');
    expect(error.details).toMatchObject({ messageKey: 'userNotFound' });
    expect(await dump(backend.db)).toEqual(before);
  });
});

describe('setUserRole handler', () => {
  it('reports the role before and after the change', async () => {
    const uid = await createMember({ role: 'coach' });

    const outcome = await setUserRoleHandler(
      { db: backend.db, auth: backend.auth, now: () => 1_700_000_000_000 },
      { by: 'admin-caller', uid, role: 'member' },
    );

    expect(outcome).toMatchObject({ before: 'coach', after: 'member' });
    const entry: unknown = (await backend.db.ref(paths.auditEntry(outcome.auditId)).get()).val();
    expect(auditEntrySchema.parse(entry)).toMatchObject({ at: 1_700_000_000_000, target: uid });
  });

  it('gives a staff role to an unverified account only when told to, and says so in the audit', async () => {
    const uid = await createMember({}, false);
    const deps = { db: backend.db, auth: backend.auth, now: Date.now };

    const outcome = await setUserRoleHandler(deps, {
      by: 'cli',
      operator: 'ops@host',
      uid,
      role: 'admin',
      allowUnverified: true,
    });

    expect(await claimsOf(uid)).toEqual({ role: 'admin' });
    const entry: unknown = (await backend.db.ref(paths.auditEntry(outcome.auditId)).get()).val();
    expect(auditEntrySchema.parse(entry).details).toMatchObject({
      operator: 'ops@host',
      emailVerified: false,
    });
  });

  it('is idempotent: repeating a change leaves the same claim and flag', async () => {
    const uid = await createMember();
    const deps = { db: backend.db, auth: backend.auth, now: Date.now };

    await setUserRoleHandler(deps, { by: 'admin-caller', uid, role: 'coach' });
    const again = await setUserRoleHandler(deps, { by: 'admin-caller', uid, role: 'coach' });

    expect(again).toMatchObject({ before: 'coach', after: 'coach' });
    expect(await claimsOf(uid)).toEqual({ role: 'coach' });
    expect(await adminFlagOf(uid)).toBe('Coach');
  });
});

describe('setUserRole: a branch manager', () => {
  const BRANCH = 'norte-roles';
  beforeAll(async () => {
    await backend.db.ref(paths.branch(BRANCH)).set({ name: 'Norte', active: true });
  });

  it.each<['admin' | 'staff', true | 'Staff']>([
    ['admin', true],
    ['staff', 'Staff'],
  ])('scopes %s to a branch: claim, profile, directory and audit', async (role, flag) => {
    const uid = await createMember({ tier: 'gold' });

    await setUserRole.run(callableRequest({ uid, role, branch: BRANCH }, admin));

    expect(await claimsOf(uid)).toEqual({ tier: 'gold', role, branch: BRANCH });
    expect(await adminFlagOf(uid)).toBe(flag);
    expect((await backend.db.ref(paths.userField(uid, 'branch-scope')).get()).val()).toBe(BRANCH);
    expect((await backend.db.ref(paths.userDirectoryField(uid, 'branch')).get()).val()).toBe(
      BRANCH,
    );
    const [entry] = await auditEntriesFor(uid);
    expect(entry?.details).toMatchObject({ after: { claim: role, Admin: flag, branch: BRANCH } });
  });

  it('a role without a branch takes the old scope away, and the audit says which it was', async () => {
    const uid = await createMember();
    await setUserRole.run(callableRequest({ uid, role: 'staff', branch: BRANCH }, admin));

    await setUserRole.run(callableRequest({ uid, role: 'admin' }, admin));

    expect(await claimsOf(uid)).toEqual({ role: 'admin' });
    expect((await backend.db.ref(paths.userField(uid, 'branch-scope')).get()).val()).toBeNull();
    expect((await backend.db.ref(paths.userDirectoryField(uid, 'branch')).get()).val()).toBeNull();
    const last = (await auditEntriesFor(uid)).sort((a, b) => a.at - b.at).at(-1);
    expect(last?.details).toMatchObject({
      before: { claim: 'staff', branch: BRANCH },
      after: { claim: 'admin', Admin: true },
    });
    expect((last?.details as { after: object }).after).not.toHaveProperty('branch');
  });

  it.each([
    ['a coach', { role: 'coach', branch: BRANCH }, 'invalid-argument'],
    ['a member', { role: 'member', branch: BRANCH }, 'invalid-argument'],
    ['a branch id that is no key', { role: 'admin', branch: 'a/b' }, 'invalid-argument'],
    ['an empty branch', { role: 'staff', branch: '' }, 'invalid-argument'],
    ['a branch that does not exist', { role: 'admin', branch: 'nowhere' }, 'not-found'],
  ])('refuses %s with a branch and writes nothing', async (_case, input, code) => {
    const uid = await createMember({ role: 'member' });
    const before = await dump(backend.db);

    const error = await rejectionOf(setUserRole.run(callableRequest({ uid, ...input }, admin)));

    expect(error.code).toBe(code);
    if (code === 'not-found') expect(error.message).toBe('This branch does not exist.');
    expect(await claimsOf(uid)).toEqual({ role: 'member' });
    expect(await dump(backend.db)).toEqual(before);
  });

  it('the handler refuses a branch on a coach from the command line too', async () => {
    const uid = await createMember();
    await expect(
      setUserRoleHandler(
        { db: backend.db, auth: backend.auth, now: Date.now },
        { by: 'cli', uid, role: 'coach', branch: BRANCH },
      ),
    ).rejects.toMatchObject({ code: 'invalid-argument', messageKey: 'branchScopeRole' });
  });

  it('an admin of one branch cannot give roles: that is the chain admin’s', async () => {
    const uid = await createMember({ role: 'member' });
    const before = await dump(backend.db);
    const scoped = { uid: 'branch-admin', claims: { role: 'admin', branch: BRANCH } };

    const error = await rejectionOf(
      setUserRole.run(callableRequest({ uid, role: 'admin' }, scoped)),
    );

    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(
      'Only an admin of the whole chain can do this: your account manages one branch.',
    );
    expect(await claimsOf(uid)).toEqual({ role: 'member' });
    expect(await dump(backend.db)).toEqual(before);
  });
});
