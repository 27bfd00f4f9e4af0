import { describe, expect, it } from 'vitest';
import { auditEntrySchema, classSchema, paths, toEpoch } from '@studio/core';
import { adjustCredits, cancelClass, checkIn, createClasses } from '../../src/index';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { joinWaitlist as joinWaitlistHandler } from '../../src/handlers/booking/join-waitlist';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  BRANCH,
  COACH,
  DAY,
  EXERCISE,
  LAYOUT,
  MINUTE,
  admin,
  coach,
  expectInvariants,
  member,
  notificationsOf,
  read,
  seedClass,
  seedMember,
  expectRefusedUnchanged,
  useStudioBackend,
} from './fixtures';

const backend = useStudioBackend();

const now = () => Date.now();

async function expectRefused(call: () => Promise<unknown>, code: string, key: string) {
  await expectRefusedUnchanged(backend.db, call, code, key);
}

const run = {
  adjust: (caller: Caller | null, data: unknown) =>
    adjustCredits.run(callableRequest(data, caller)),
  create: (caller: Caller | null, data: unknown) =>
    createClasses.run(callableRequest(data, caller)),
  cancel: (caller: Caller | null, data: unknown) => cancelClass.run(callableRequest(data, caller)),
};

describe.each([
  ['adjustCredits', run.adjust, { uid: 'x', kind: 'regular', delta: 1, reason: 'r' }],
  [
    'createClasses',
    run.create,
    {
      branch: BRANCH,
      exercise: EXERCISE,
      coach: COACH,
      hour: '07:00',
      duration: 45,
      capacity: 5,
      date: '2030-01-07',
    },
  ],
  ['cancelClass', run.cancel, { classId: 'x', reason: 'r' }],
] as const)('%s access', (_name, call, data) => {
  it('rejects unauthenticated requests and writes nothing', async () => {
    await expectRefused(() => call(null, data), 'unauthenticated', 'unauthenticated');
  });

  it.each([
    ['a member', member('m1')],
    ['a coach', coach],
    ['a caller without a role claim', { uid: 'nobody' }],
  ])('denies %s (permission-denied) and writes nothing', async (_label, caller) => {
    await expectRefused(() => call(caller, data), 'permission-denied', 'permissionDenied');
  });
});

describe('adjustCredits', () => {
  it('adds credits with the admin’s reason in the ledger and an audit entry', async () => {
    const db = backend.db;
    const uid = await seedMember(db, { credits: 1 });

    const result = await run.adjust(admin, { uid, kind: 'regular', delta: 3, reason: 'Goodwill' });

    expect(result).toEqual({ balance: 4 });
    expect(await read(db, paths.userField(uid, 'Credits'))).toBe(4);
    const ledger = Object.values((await read(db, paths.creditLedger(uid))) as object);
    expect(ledger).toContainEqual(
      expect.objectContaining({ type: 'adjust', delta: 3, reason: 'Goodwill', by: admin.uid }),
    );
    const audit = Object.values((await read(db, paths.auditLog())) as object).map((entry) =>
      auditEntrySchema.parse(entry),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'adjustCredits', target: uid, by: admin.uid }),
    );
    const notes = await notificationsOf(db, uid);
    expect(notes).toContainEqual(expect.objectContaining({ type: 'credits-granted' }));
    await expectInvariants(db);
  });

  it('removes credits of one kind, soonest-expiring first', async () => {
    const uid = await seedMember(backend.db, { credits: 3, kind: 'special' });
    expect(await run.adjust(admin, { uid, kind: 'special', delta: -2, reason: 'Fix' })).toEqual({
      balance: 1,
    });
    await expectInvariants(backend.db);
  });

  it('refuses to go below zero (failed-precondition) and writes nothing', async () => {
    const uid = await seedMember(backend.db, { credits: 1 });
    await expectRefused(
      () => run.adjust(admin, { uid, kind: 'regular', delta: -2, reason: 'x' }),
      'failed-precondition',
      'negativeBalance',
    );
  });

  it('says not-found for a member who does not exist', async () => {
    await expectRefused(
      () => run.adjust(admin, { uid: 'ghost', kind: 'regular', delta: 1, reason: 'x' }),
      'not-found',
      'userNotFound',
    );
  });

  it.each([
    ['a zero delta', { delta: 0 }],
    ['an unknown kind', { kind: 'gold' }],
    ['an empty reason', { reason: ' ' }],
  ])('rejects %s as invalid-argument', async (_label, override) => {
    const uid = await seedMember(backend.db);
    const data = { uid, kind: 'regular', delta: 1, reason: 'x', ...override };
    await expectRefused(() => run.adjust(admin, data), 'invalid-argument', 'invalidInput');
  });
});

describe('createClasses', () => {
  const fields = {
    branch: BRANCH,
    exercise: EXERCISE,
    coach: COACH,
    layout: LAYOUT,
    hour: '07:00',
    duration: 45,
  };

  it('creates one class with the layout’s capacity and the exercise’s name', async () => {
    const { classIds } = await run.create(admin, { ...fields, date: '2030-01-07' });
    expect(classIds).toHaveLength(1);
    const cls = classSchema.parse(await read(backend.db, paths.class(classIds[0] ?? '')));
    expect(cls).toMatchObject({
      name: 'Cycling',
      date: '2030-01-07',
      hour: '07:00',
      startsAt: toEpoch('2030-01-07', '07:00'),
      capacity: 3,
      status: 'scheduled',
      createdBy: admin.uid,
    });
  });

  it('creates a weekly series from a template over a date range', async () => {
    // Mondays and Wednesdays of two weeks (2030-01-07 is a Monday).
    const { classIds } = await run.create(admin, {
      ...fields,
      name: 'Early ride',
      capacity: 2,
      repeat: { from: '2030-01-07', until: '2030-01-18', weekdays: [1, 3] },
    });
    const classes = await Promise.all(
      classIds.map(async (id) => classSchema.parse(await read(backend.db, paths.class(id)))),
    );
    expect(classes.map((cls) => cls.date)).toEqual([
      '2030-01-07',
      '2030-01-09',
      '2030-01-14',
      '2030-01-16',
    ]);
    expect(classes.every((cls) => cls.capacity === 2 && cls.name === 'Early ride')).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an unknown branch', { branch: 'nope' }, 'not-found', 'branchNotFound'],
    ['an unknown exercise', { exercise: 'nope' }, 'not-found', 'exerciseNotFound'],
    ['an unknown coach', { coach: 'nope' }, 'not-found', 'coachNotFound'],
    ['an unknown layout', { layout: 'nope' }, 'not-found', 'layoutNotFound'],
    ['more seats than the room has', { capacity: 4 }, 'invalid-argument', 'capacityOverLayout'],
    [
      'both a date and a repeat rule',
      { repeat: { from: '2030-01-07', until: '2030-01-08', weekdays: [1] } },
      'invalid-argument',
      'invalidInput',
    ],
    ['a bad hour', { hour: '25:00' }, 'invalid-argument', 'invalidInput'],
  ])('refuses %s and writes nothing', async (_label, override, code, key) => {
    const data = { ...fields, date: '2030-01-07', ...override };
    await expectRefused(() => run.create(admin, data), code, key);
  });

  it('refuses a repeat rule that makes too many classes', async () => {
    const data = {
      ...fields,
      repeat: { from: '2030-01-01', until: '2030-12-31', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    };
    await expectRefused(() => run.create(admin, data), 'invalid-argument', 'tooManyClasses');
  });
});

describe('cancelClass', () => {
  it('refunds every booking, clears the waiting list and tells everyone', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY, capacity: 2 });
    const [a, b, waiting] = await Promise.all([seedMember(db), seedMember(db), seedMember(db)]);
    for (const uid of [a, b]) await bookClassHandler(backend.deps(now), { uid, classId });
    await joinWaitlistHandler(backend.deps(now), { uid: waiting, classId });

    const result = await run.cancel(admin, { classId, reason: 'Coach is ill' });

    expect(result).toEqual({ refunded: 2 });
    expect(await read(db, paths.class(classId))).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Coach is ill',
      bookedCount: 0,
      waitlistCount: 0,
    });
    for (const uid of [a, b]) {
      expect(await read(db, paths.userField(uid, 'Credits'))).toBe(2);
      expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
        status: 'class-cancelled',
      });
      const notes = await notificationsOf(db, uid);
      expect(notes).toContainEqual(
        expect.objectContaining({
          type: 'class-cancelled',
          params: expect.objectContaining({ reason: 'Coach is ill' }) as unknown,
        }),
      );
    }
    expect(await read(db, paths.userWaitlistEntry(waiting, classId))).toMatchObject({
      status: 'removed',
    });
    const waitingNotes = await notificationsOf(db, waiting);
    expect(waitingNotes).toContainEqual(
      expect.objectContaining({ messageKey: 'notifWaitlistClassCancelled' }),
    );
    await expectInvariants(db);
  });

  it('then refuses bookings, and a second cancel (failed-precondition)', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + DAY });
    await run.cancel(admin, { classId, reason: 'Holiday' });
    const uid = await seedMember(db);
    await expect(bookClassHandler(backend.deps(now), { uid, classId })).rejects.toMatchObject({
      messageKey: 'classCancelled',
    });
    await expectRefused(
      () => run.cancel(admin, { classId, reason: 'again' }),
      'failed-precondition',
      'classCancelled',
    );
  });

  it('refuses a class that has started, or does not exist, and writes nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() - MINUTE });
    await expectRefused(
      () => run.cancel(admin, { classId, reason: 'late' }),
      'failed-precondition',
      'classStarted',
    );
    await expectRefused(
      () => run.cancel(admin, { classId: 'nope', reason: 'x' }),
      'not-found',
      'classNotFound',
    );
    await expectRefused(() => run.cancel(admin, { classId }), 'invalid-argument', 'invalidInput');
  });
});

describe('a branch manager (an admin or the front desk scoped to a branch)', () => {
  const ofBranch = (role: string, branch: string) => ({
    uid: `${role}-of-${branch}`,
    claims: { role, branch },
  });
  const classFields = {
    exercise: EXERCISE,
    coach: COACH,
    hour: '07:00',
    duration: 45,
    capacity: 5,
    date: '2030-01-07',
  };

  it('cancels a class of their own branch', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + 2 * DAY });
    const result = await run.cancel(ofBranch('admin', BRANCH), { classId, reason: 'Holiday' });
    expect(result).toEqual({ refunded: 0 });
    expect(await read(backend.db, paths.class(classId))).toMatchObject({ status: 'cancelled' });
  });

  it('is refused another branch’s class, in words, and nothing is written', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + 2 * DAY });
    const other = ofBranch('admin', 'norte');
    await expectRefused(
      () => run.cancel(other, { classId, reason: 'x' }),
      'permission-denied',
      'outsideBranch',
    );
    await expectRefused(
      () => run.create(other, { ...classFields, branch: BRANCH }),
      'permission-denied',
      'outsideBranch',
    );
    const uid = await seedMember(backend.db);
    await bookClassHandler(backend.deps(now), { uid, classId });
    await expectRefused(
      () =>
        checkIn.run(
          callableRequest({ classId, uid, status: 'attended' }, ofBranch('staff', 'norte')),
        ),
      'permission-denied',
      'permissionDenied',
    );
  });

  it('the front desk of the class’s branch marks attendance', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + 30 * MINUTE });
    const uid = await seedMember(backend.db);
    await bookClassHandler(backend.deps(now), { uid, classId });
    await checkIn.run(
      callableRequest({ classId, uid, status: 'attended' }, ofBranch('staff', BRANCH)),
    );
    expect(await read(backend.db, `${paths.classRoster(classId)}/bookings/${uid}`)).toMatchObject({
      attendance: 'attended',
    });
  });

  it('is told the chain’s work (credits of a member) is the chain admin’s', async () => {
    const uid = await seedMember(backend.db);
    await expectRefused(
      () => run.adjust(ofBranch('admin', BRANCH), { uid, kind: 'regular', delta: 1, reason: 'r' }),
      'permission-denied',
      'chainAdminOnly',
    );
  });
});
