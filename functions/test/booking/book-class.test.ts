import { describe, expect, it, vi } from 'vitest';
import { paths } from '@studio/core';
import { bookClass } from '../../src/index';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  DAY,
  HOUR,
  MINUTE,
  expectInvariants,
  member,
  read,
  seedClass,
  seedMember,
  expectRefusedUnchanged,
  useStudioBackend,
} from './fixtures';

const backend = useStudioBackend();

const tomorrow = () => Date.now() + DAY;
const book = (caller: Caller | null, data: unknown) => bookClass.run(callableRequest(data, caller));

/** Calls, expects the refusal, and that the whole database is exactly as before. */
async function expectRefused(caller: Caller | null, data: unknown, code: string, key: string) {
  // A refused booking counts against the caller's window (rate-limits.test.ts); nothing else.
  const counted = caller === null ? undefined : { uid: caller.uid, action: 'book' as const };
  await expectRefusedUnchanged(backend.db, () => book(caller, data), code, key, counted);
}

describe('bookClass', () => {
  it('books the first free spot with the credit that expires first', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: tomorrow() });
    const uid = await seedMember(db, { credits: 1 });
    // A second credit that expires sooner (but after the class) must be the one used.
    const soonest = { kind: 'regular', source: 'seed', grantedAt: 1, expiresAt: tomorrow() + HOUR };
    await db.ref(paths.credit(uid, 'soonest')).set(soonest);
    await db.ref(paths.userField(uid, 'Credits')).set(2);
    await db.ref(paths.creditLedgerEntry(uid, 'extra')).set({
      type: 'adjust',
      kind: 'regular',
      delta: 1,
      reason: 'extra',
      at: 1,
      by: 'admin',
    });

    const result = await book(member(uid), { classId });

    expect(result).toEqual({ classId, spot: 'A1', creditId: 'soonest', paidBy: 'credits' });
    expect(await read(db, paths.rosterSpots(classId))).toEqual({ A1: true });
    expect(await read(db, paths.rosterBooking(classId, uid))).toMatchObject({
      uid,
      spot: 'A1',
      creditId: 'soonest',
      via: 'member',
    });
    expect(await read(db, paths.rosterBooking(classId, uid))).not.toHaveProperty('pending');
    expect(await read(db, paths.credit(uid, 'soonest'))).toBeNull();
    expect(await read(db, paths.userField(uid, 'Credits'))).toBe(1);
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      classId,
      spot: 'A1',
      status: 'booked',
      name: 'Morning ride',
    });
    expect(await read(db, paths.class(classId))).toMatchObject({ bookedCount: 1 });
    const ledger = (await read(db, paths.creditLedger(uid))) as Record<string, unknown>;
    expect(Object.values(ledger)).toContainEqual(
      expect.objectContaining({ type: 'use', delta: -1, creditId: 'soonest', classId }),
    );
    await expectInvariants(db);
  });

  it('books the spot the member picked', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow() });
    const uid = await seedMember(backend.db);
    expect(await book(member(uid), { classId, spot: 'A3' })).toMatchObject({ spot: 'A3' });
    await expectInvariants(backend.db);
  });

  it('numbers the spots of a class without a layout 1 … capacity', async () => {
    const classId = await seedClass(backend.db, {
      startsAt: tomorrow(),
      layout: null,
      capacity: 5,
    });
    const uid = await seedMember(backend.db);
    expect(await book(member(uid), { classId })).toMatchObject({ spot: '1' });
  });

  it('uses a credit of the class’s kind', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow(), creditKind: 'special' });
    const regular = await seedMember(backend.db);
    await expectRefused(member(regular), { classId }, 'failed-precondition', 'noUsableCredit');
    const special = await seedMember(backend.db, { kind: 'special', credits: 1 });
    await book(member(special), { classId });
    expect(await read(backend.db, paths.creditsList(special))).toBeNull();
    await expectInvariants(backend.db);
  });

  it('rejects unauthenticated requests and writes nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow() });
    await expectRefused(null, { classId }, 'unauthenticated', 'unauthenticated');
  });

  it.each([
    ['no class id', {}],
    ['an id that is a path', { classId: 'a/b' }],
    ['unknown fields', { classId: 'x', seat: 'A1' }],
    ['not an object', 'x'],
  ])('rejects %s as invalid-argument and writes nothing', async (_label, data) => {
    const uid = await seedMember(backend.db);
    await expectRefused(member(uid), data, 'invalid-argument', 'invalidInput');
  });

  it('says not-found for a class that does not exist', async () => {
    const uid = await seedMember(backend.db);
    await expectRefused(member(uid), { classId: 'nope' }, 'not-found', 'classNotFound');
  });

  it.each<[string, () => Promise<[string, unknown]>, string, string]>([
    [
      'the waiver is not accepted',
      async () => [await seedMember(backend.db, { waiver: false }), {}],
      'failed-precondition',
      'waiverNotAccepted',
    ],
    [
      'the member has no credit',
      async () => [await seedMember(backend.db, { credits: 0 }), {}],
      'failed-precondition',
      'noUsableCredit',
    ],
    [
      'every credit lapses before the class',
      async () => [await seedMember(backend.db, { expiresAt: Date.now() + HOUR }), {}],
      'failed-precondition',
      'creditExpiresBeforeClass',
    ],
    [
      'the spot does not exist',
      async () => [await seedMember(backend.db), { spot: 'Z9' }],
      'invalid-argument',
      'spotUnknown',
    ],
    [
      'the spot is out of service',
      async () => [await seedMember(backend.db), { spot: 'A4' }],
      'failed-precondition',
      'spotDisabled',
    ],
  ])('refuses when %s and writes nothing', async (_label, setup, code, messageKey) => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow() });
    const [uid, extra] = await setup();
    await expectRefused(member(uid), { classId, ...(extra as object) }, code, messageKey);
  });

  it.each<[string, number, string]>([
    ['booking has not opened (more than 7 days ahead)', 8 * DAY, 'bookingNotOpen'],
    ['the class has started', -MINUTE, 'classStarted'],
  ])('refuses when %s and writes nothing', async (_label, offset, messageKey) => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + offset });
    const uid = await seedMember(backend.db);
    await expectRefused(member(uid), { classId }, 'failed-precondition', messageKey);
  });

  it('refuses a cancelled class and writes nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow() });
    await backend.db.ref(paths.class(classId)).update({ status: 'cancelled' });
    const uid = await seedMember(backend.db);
    await expectRefused(member(uid), { classId }, 'failed-precondition', 'classCancelled');
  });

  it('refuses a second booking of the same class and writes nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow() });
    const uid = await seedMember(backend.db);
    await book(member(uid), { classId });
    await expectRefused(member(uid), { classId }, 'failed-precondition', 'alreadyBooked');
  });

  it('refuses a full class (resource-exhausted) and writes nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow(), capacity: 1 });
    await book(member(await seedMember(backend.db)), { classId });
    const late = await seedMember(backend.db);
    await expectRefused(member(late), { classId }, 'resource-exhausted', 'classFull');
  });

  it('answers a full class before anything about the member', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow(), capacity: 1 });
    await book(member(await seedMember(backend.db)), { classId });
    const stranger = await seedMember(backend.db, { credits: 0, waiver: false });
    await expectRefused(member(stranger), { classId }, 'resource-exhausted', 'classFull');
    // With a seat free the same member hears about their own node.
    const open = await seedClass(backend.db, { startsAt: tomorrow(), capacity: 1 });
    await expectRefused(
      member(stranger),
      { classId: open },
      'failed-precondition',
      'waiverNotAccepted',
    );
  });

  it('reads the nodes of no more members than could take a seat, twice over', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: tomorrow() });
    const uids = await Promise.all(Array.from({ length: 24 }, () => seedMember(db)));
    const memberPaths = new Set(uids.map((uid) => paths.user(uid)));
    const refs = vi.spyOn(db, 'ref');
    const outcomes = await Promise.allSettled(uids.map((uid) => book(member(uid), { classId })));
    const read = new Set(
      refs.mock.calls.map(([path]) => String(path)).filter((path) => memberPaths.has(path)),
    );
    refs.mockRestore();

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    // Three seats: at most six members' nodes read, each refused caller answered "full".
    expect(read.size).toBeGreaterThanOrEqual(3);
    expect(read.size).toBeLessThanOrEqual(6);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect((outcome.reason as { code: string }).code).toBe('resource-exhausted');
    await expectInvariants(db);
  });

  it('refuses a taken spot (already-exists) and writes nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: tomorrow() });
    await book(member(await seedMember(backend.db)), { classId, spot: 'A2' });
    const second = await seedMember(backend.db);
    await expectRefused(member(second), { classId, spot: 'A2' }, 'already-exists', 'spotTaken');
  });

  it('keeps a freed seat for the waiting list before the cut-off', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: tomorrow(), capacity: 2 });
    await book(member(await seedMember(db)), { classId });
    await db.ref(paths.rosterWaitlistEntry(classId, 'someone')).set({
      uid: 'someone',
      joinedAt: 1,
      seq: 0,
    });
    await db.ref(`${paths.classRoster(classId)}/waitlistSeq`).set(1);
    const uid = await seedMember(db);
    await expectRefused(member(uid), { classId }, 'resource-exhausted', 'classFull');
    // Leave the database consistent for the invariant checks of later tests.
    await db.ref(paths.rosterWaitlistEntry(classId, 'someone')).remove();
  });

  it('never oversells or gives a spot twice when many book at once', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: tomorrow(), capacity: 3 });
    const uids = await Promise.all(Array.from({ length: 12 }, () => seedMember(db)));
    const outcomes = await Promise.allSettled(
      uids.map((uid, i) => book(member(uid), { classId, ...(i % 2 ? { spot: 'A2' } : {}) })),
    );
    const booked = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(booked).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(['resource-exhausted', 'already-exists']).toContain(
          (outcome.reason as { code: string }).code,
        );
    }
    expect(Object.keys((await read(db, paths.rosterSpots(classId))) as object).sort()).toEqual([
      'A1',
      'A2',
      'A3',
    ]);
    await expectInvariants(db);
  });
});
