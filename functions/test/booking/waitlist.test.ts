import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { joinWaitlist, leaveWaitlist } from '../../src/index';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import type { BookingDeps } from '../../src/engine/deps';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  DAY,
  HOUR,
  MINUTE,
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

const now: BookingDeps['now'] = () => Date.now();
const join = (caller: Caller | null, data: unknown) =>
  joinWaitlist.run(callableRequest(data, caller));
const leave = (caller: Caller | null, data: unknown) =>
  leaveWaitlist.run(callableRequest(data, caller));

/** A class of one seat, already taken. */
async function fullClass(startsAt = Date.now() + DAY): Promise<string> {
  const classId = await seedClass(backend.db, { startsAt, capacity: 1 });
  const uid = await seedMember(backend.db);
  await bookClassHandler(backend.deps(now), { uid, classId });
  return classId;
}

/** Refused, writing nothing but `counted`, the caller's counter (a refused call counts). */
async function expectRefused(
  call: () => Promise<unknown>,
  code: string,
  key: string,
  counted?: { uid: string; action: 'book' | 'cancel' },
) {
  await expectRefusedUnchanged(backend.db, call, code, key, counted);
}

describe('joinWaitlist', () => {
  it('queues members first come first served and shows each their place', async () => {
    const db = backend.db;
    const classId = await fullClass();
    const [a, b] = await Promise.all([seedMember(db), seedMember(db)]);

    expect(await join(member(a), { classId })).toEqual({ position: 1 });
    expect(await join(member(b), { classId })).toEqual({ position: 2 });

    expect(await read(db, paths.userWaitlistEntry(b, classId))).toMatchObject({
      classId,
      status: 'waiting',
      position: 2,
      name: 'Morning ride',
    });
    expect(await read(db, paths.class(classId))).toMatchObject({ waitlistCount: 2 });
    // Who waits is not public: the roster's waiting list holds the uids, staff-only.
    expect(Object.keys((await read(db, paths.rosterWaitlist(classId))) as object).sort()).toEqual(
      [a, b].sort(),
    );
    await expectInvariants(db);
  });

  it('rejects unauthenticated requests and bad input, writing nothing', async () => {
    const classId = await fullClass();
    await expectRefused(() => join(null, { classId }), 'unauthenticated', 'unauthenticated');
    const uid = await seedMember(backend.db);
    await expectRefused(
      () => join(member(uid), { classId, x: 1 }),
      'invalid-argument',
      'invalidInput',
    );
    await expectRefused(
      () => join(member(uid), { classId: 'nope' }),
      'not-found',
      'classNotFound',
      { uid, action: 'book' },
    );
  });

  it.each<[string, () => Promise<[string, string]>, string]>([
    [
      'the class still has room',
      async () => [
        await seedClass(backend.db, { startsAt: Date.now() + DAY }),
        await seedMember(backend.db),
      ],
      'notFull',
    ],
    [
      'the member is booked in it',
      async () => {
        const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY, capacity: 1 });
        const uid = await seedMember(backend.db);
        await bookClassHandler(backend.deps(now), { uid, classId });
        return [classId, uid];
      },
      'alreadyBooked',
    ],
    [
      'the member is already waiting',
      async () => {
        const classId = await fullClass();
        const uid = await seedMember(backend.db);
        await join(member(uid), { classId });
        return [classId, uid];
      },
      'alreadyWaiting',
    ],
    [
      'the waiting list has closed (1 h before start)',
      async () => [await fullClass(Date.now() + 30 * MINUTE), await seedMember(backend.db)],
      'waitlistClosed',
    ],
    [
      'booking has not opened',
      async () => [
        await seedClass(backend.db, { startsAt: Date.now() + 9 * DAY, capacity: 1 }),
        await seedMember(backend.db),
      ],
      'bookingNotOpen',
    ],
    [
      'the waiver is not accepted',
      async () => [await fullClass(), await seedMember(backend.db, { waiver: false })],
      'waiverNotAccepted',
    ],
    [
      'the member has no credit to be promoted with',
      async () => [await fullClass(), await seedMember(backend.db, { credits: 0 })],
      'noUsableCredit',
    ],
  ])('refuses when %s (failed-precondition) and writes nothing', async (_label, setup, key) => {
    const [classId, uid] = await setup();
    await expectRefused(() => join(member(uid), { classId }), 'failed-precondition', key, {
      uid,
      action: 'book',
    });
  });

  it('refuses a cancelled class', async () => {
    const classId = await fullClass();
    await backend.db.ref(paths.class(classId)).update({ status: 'cancelled' });
    const uid = await seedMember(backend.db);
    await expectRefused(
      () => join(member(uid), { classId }),
      'failed-precondition',
      'classCancelled',
      { uid, action: 'book' },
    );
    await backend.db.ref(paths.class(classId)).update({ status: 'scheduled' });
  });
});

describe('leaveWaitlist', () => {
  it('takes the member off, moves everyone behind up and tells them', async () => {
    const db = backend.db;
    const classId = await fullClass();
    const [a, b, c] = await Promise.all([seedMember(db), seedMember(db), seedMember(db)]);
    for (const uid of [a, b, c]) await join(member(uid), { classId });

    expect(await leave(member(a), { classId })).toEqual({});

    expect(await read(db, paths.userWaitlistEntry(a, classId))).toMatchObject({ status: 'left' });
    expect(await read(db, paths.userWaitlistEntry(b, classId))).toMatchObject({ position: 1 });
    expect(await read(db, paths.userWaitlistEntry(c, classId))).toMatchObject({ position: 2 });
    const notes = await notificationsOf(db, c);
    expect(notes).toContainEqual(
      expect.objectContaining({
        type: 'waitlist-position',
        params: expect.objectContaining({ position: 2 }) as unknown,
      }),
    );
    expect(await read(db, paths.class(classId))).toMatchObject({ waitlistCount: 2 });
    await expectInvariants(db);
  });

  it('lets a member who left join again at the end', async () => {
    const db = backend.db;
    const classId = await fullClass();
    const [a, b] = await Promise.all([seedMember(db), seedMember(db)]);
    await join(member(a), { classId });
    await join(member(b), { classId });
    await leave(member(a), { classId });
    expect(await join(member(a), { classId })).toEqual({ position: 2 });
    await expectInvariants(db);
  });

  it('refuses a member who is not waiting (not-found) and writes nothing', async () => {
    const classId = await fullClass();
    const uid = await seedMember(backend.db);
    await expectRefused(() => leave(member(uid), { classId }), 'not-found', 'notWaiting', {
      uid,
      action: 'cancel',
    });
    await expectRefused(
      () => leave(member(uid), { classId: 'nope' }),
      'not-found',
      'classNotFound',
      { uid, action: 'cancel' },
    );
  });

  it('rejects unauthenticated requests and bad input, writing nothing', async () => {
    await expectRefused(() => leave(null, { classId: 'x' }), 'unauthenticated', 'unauthenticated');
    const uid = await seedMember(backend.db);
    await expectRefused(() => leave(member(uid), {}), 'invalid-argument', 'invalidInput');
  });

  it('accepts members until the cut-off, one hour before the start', async () => {
    const db = backend.db;
    const classId = await fullClass(Date.now() + 2 * HOUR);
    const uid = await seedMember(db);
    expect(await join(member(uid), { classId })).toEqual({ position: 1 });
    expect(await read(db, paths.userWaitlistEntry(uid, classId))).toMatchObject({
      status: 'waiting',
    });
  });
});
