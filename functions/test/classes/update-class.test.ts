import { describe, expect, it } from 'vitest';
import {
  auditEntrySchema,
  classSchema,
  formatDate,
  paths,
  rosterSchema,
  toEpoch,
} from '@studio/core';
import { cancelClass, saveClassTemplate, updateClass } from '../../src/index';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { classContext } from '../../src/engine/context';
import { cancelBooking as cancelBookingHandler } from '../../src/handlers/booking/cancel-booking';
import { finishBooking } from '../../src/handlers/booking/finish-booking';
import { joinWaitlist as joinWaitlistHandler } from '../../src/handlers/booking/join-waitlist';
import { updateClass as updateClassHandler } from '../../src/handlers/classes/update-class';
import { dump } from '../support/backend';
import { callableRequest, rejectionOf } from '../support/callable';
import type { Caller } from '../support/callable';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db';
import {
  COACH,
  DAY,
  HOUR,
  OTHER_COACH,
  admin,
  coach,
  expectInvariants,
  member,
  notificationsOf,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from '../booking/fixtures';
import { afterRoster } from '../booking/crash-points';

const backend = useStudioBackend();

const deps = () => backend.deps();

const run = {
  update: (caller: Caller | null, data: unknown) => updateClass.run(callableRequest(data, caller)),
  cancel: (caller: Caller | null, data: unknown) => cancelClass.run(callableRequest(data, caller)),
  template: (caller: Caller | null, data: unknown) =>
    saveClassTemplate.run(callableRequest(data, caller)),
};

async function expectRefused(call: () => Promise<unknown>, code: string, key: string) {
  const before = await dump(backend.db);
  const error = await rejectionOf(call());
  expect([error.code, (error.details as { messageKey: string }).messageKey]).toEqual([code, key]);
  expect(await dump(backend.db)).toEqual(before);
}

async function classOf(classId: string) {
  return classSchema.parse(await read(backend.db, paths.class(classId)));
}

async function auditFor(target: string) {
  const all = ((await read(backend.db, paths.auditLog())) ?? {}) as Record<string, unknown>;
  return Object.values(all)
    .map((entry) => auditEntrySchema.parse(entry))
    .filter((entry) => entry.target === target);
}

/** A class two days ahead (inside the booking window), without a layout unless given. */
async function futureClass(capacity = 3, layout: string | null = null) {
  return seedClass(backend.db, { startsAt: Date.now() + 2 * DAY, capacity, layout });
}

async function book(classId: string, uid: string) {
  await bookClassHandler(deps(), { uid, classId });
}

describe('updateClass: who may call it', () => {
  it.each<[string, Caller | null, string]>([
    ['a guest', null, 'unauthenticated'],
    ['a member', member('m-role'), 'permission-denied'],
    ['a coach', coach, 'permission-denied'],
  ])('refuses %s and writes nothing', async (_who, caller, code) => {
    const classId = await futureClass();
    await expectRefused(
      () => run.update(caller, { classId, capacity: 2 }),
      code,
      code === 'unauthenticated' ? 'unauthenticated' : 'permissionDenied',
    );
  });
});

describe('updateClass: edits', () => {
  it('changes coach, name, duration and capacity and audits the fields before and after', async () => {
    const classId = await futureClass(3);
    await expect(
      run.update(admin, {
        classId,
        coach: OTHER_COACH,
        name: 'Evening ride',
        duration: 60,
        capacity: 5,
      }),
    ).resolves.toEqual({});

    const cls = await classOf(classId);
    expect([cls.coach, cls.name, cls.duration, cls.capacity]).toEqual([
      OTHER_COACH,
      'Evening ride',
      60,
      5,
    ]);
    const audit = await auditFor(paths.class(classId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      by: admin.uid,
      action: 'updateClass',
      details: {
        before: { coach: COACH, name: 'Morning ride', duration: 45, capacity: 3 },
        after: { coach: OTHER_COACH, name: 'Evening ride', duration: 60, capacity: 5 },
      },
    });
  });

  it('moves the start time, updates the booked member view and tells them', async () => {
    const classId = await futureClass(3);
    const uid = await seedMember(backend.db);
    await book(classId, uid);
    // Another member booked and cancelled: their refunded record moves with the class too.
    const left = await seedMember(backend.db);
    await book(classId, left);
    await cancelBookingHandler(deps(), { uid: left, classId });
    const ended = Object.values(
      rosterSchema.parse(await read(backend.db, paths.classRoster(classId))).ended,
    ).find((entry) => entry.uid === left);
    const cls = await classOf(classId);
    const hour = cls.hour === '06:00' ? '07:00' : '06:00';

    await run.update(admin, { classId, hour });

    const startsAt = toEpoch(cls.date, hour);
    const moved = await classOf(classId);
    expect([moved.hour, moved.startsAt]).toEqual([hour, startsAt]);
    expect(await read(backend.db, paths.userClass(uid, classId))).toMatchObject({
      hour,
      startsAt,
      status: 'booked',
    });
    expect(await notificationsOf(backend.db, uid)).toContainEqual(
      expect.objectContaining({ type: 'class-changed', messageKey: 'notifClassChanged', classId }),
    );
    // The member's credit record follows the class (plan caps and pruning read its start).
    const roster = rosterSchema.parse(await read(backend.db, paths.classRoster(classId)));
    const bookingId = roster.bookings[uid]?.bookingId ?? '';
    expect(await read(backend.db, paths.bookingCredit(uid, bookingId))).toMatchObject({
      classId,
      state: 'used',
      startsAt,
    });
    expect(await read(backend.db, paths.bookingCredit(left, ended?.bookingId ?? ''))).toMatchObject(
      { classId, state: 'refunded', startsAt },
    );
    await expectInvariants(backend.db);
  });

  it('leaves a booking still being paid for without a view until it is paid', async () => {
    const classId = await futureClass(3);
    const uid = await seedMember(backend.db);
    // The booking call stops right after reserving the seat: pending, no view yet.
    const stopping = { ...deps(), ...crashingDatabase(backend.db, afterRoster(classId)) };
    await expect(bookClassHandler(stopping, { uid, classId })).rejects.toBeInstanceOf(
      SimulatedCrash,
    );

    await run.update(admin, { classId, name: 'Renamed ride' });

    expect(await read(backend.db, paths.userClass(uid, classId))).toBeNull();
    expect(await classOf(classId)).toMatchObject({ name: 'Renamed ride' });

    // Paid for (as the reconciler would finish it): the whole view, with the new name.
    const roster = rosterSchema.parse(await read(backend.db, paths.classRoster(classId)));
    const booking = roster.bookings[uid];
    if (!booking) throw new Error('the reserved seat is gone');
    await finishBooking(deps(), await classContext(deps(), classId), booking, roster);
    expect(await read(backend.db, paths.userClass(uid, classId))).toMatchObject({
      status: 'booked',
      name: 'Renamed ride',
      title: 'Renamed ride',
    });
    await expectInvariants(backend.db);
  });

  it('lowers capacity down to exactly the bookings made', async () => {
    const classId = await futureClass(3);
    await book(classId, await seedMember(backend.db));
    await book(classId, await seedMember(backend.db));

    await run.update(admin, { classId, capacity: 2 });

    expect((await classOf(classId)).capacity).toBe(2);
    // Bookings decide on the roster's copy, inside their own transaction
    // (docs/architecture/booking.md#capacity-and-class-edits).
    expect(await read(backend.db, `${paths.classRoster(classId)}/capacity`)).toBe(2);
    await expect(book(classId, await seedMember(backend.db))).rejects.toMatchObject({
      messageKey: 'classFull',
    });
    await expectInvariants(backend.db);
  });

  it('never ends with more bookings than the capacity when bookings race a decrease', async () => {
    const classId = await futureClass(4);
    await book(classId, await seedMember(backend.db));
    const members = await Promise.all(Array.from({ length: 6 }, () => seedMember(backend.db)));

    const [update] = await Promise.allSettled([
      run.update(admin, { classId, capacity: 2 }),
      ...members.map((uid) => book(classId, uid)),
    ]);

    const { capacity, bookedCount } = await classOf(classId);
    expect(bookedCount).toBeLessThanOrEqual(capacity);
    expect(capacity).toBe(update.status === 'fulfilled' ? 2 : 4);
    await expectInvariants(backend.db);
  });

  it('gives the new seats to the waiting list when capacity grows', async () => {
    const classId = await futureClass(1);
    await book(classId, await seedMember(backend.db));
    const waiting = await seedMember(backend.db);
    await joinWaitlistHandler(deps(), { uid: waiting, classId });

    await run.update(admin, { classId, capacity: 2 });

    expect(await read(backend.db, paths.rosterBooking(classId, waiting))).toMatchObject({
      uid: waiting,
    });
    expect((await classOf(classId)).bookedCount).toBe(2);
    await expectInvariants(backend.db);
  });

  it('writes nothing, not even an audit entry, when nothing changes', async () => {
    const classId = await futureClass(3);
    const before = await dump(backend.db);
    await run.update(admin, { classId, capacity: 3, coach: COACH });
    expect(await dump(backend.db)).toEqual(before);
  });
});

describe('updateClass: refusals write nothing', () => {
  it('refuses a capacity below the bookings made, saying how many', async () => {
    const classId = await futureClass(3);
    await book(classId, await seedMember(backend.db));
    await book(classId, await seedMember(backend.db));
    const before = await dump(backend.db);

    const error = await rejectionOf(run.update(admin, { classId, capacity: 1 }));

    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({
      messageKey: 'capacityBelowBookings',
      params: { booked: 2 },
    });
    expect(await dump(backend.db)).toEqual(before);
  });

  it('refuses a capacity over the usable spots of the room', async () => {
    const classId = await futureClass(3, 'row');
    await expectRefused(
      () => run.update(admin, { classId, capacity: 4 }),
      'invalid-argument',
      'capacityOverLayout',
    );
  });

  it('refuses an unknown class', async () => {
    await expectRefused(
      () => run.update(admin, { classId: 'no-such-class', capacity: 2 }),
      'not-found',
      'classNotFound',
    );
  });

  it('refuses an unknown coach', async () => {
    const classId = await futureClass();
    await expectRefused(
      () => run.update(admin, { classId, coach: 'nobody' }),
      'not-found',
      'coachNotFound',
    );
  });

  it('refuses an unknown exercise', async () => {
    const classId = await futureClass();
    await expectRefused(
      () => run.update(admin, { classId, exercise: 'juggling' }),
      'not-found',
      'exerciseNotFound',
    );
  });

  it('refuses a class that has started', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() - HOUR, layout: null });
    await expectRefused(
      () => run.update(admin, { classId, coach: OTHER_COACH }),
      'failed-precondition',
      'classStarted',
    );
  });

  it('refuses a cancelled class', async () => {
    const classId = await futureClass();
    await run.cancel(admin, { classId, reason: 'Coach ill' });
    await expectRefused(
      () => run.update(admin, { classId, capacity: 2 }),
      'failed-precondition',
      'classCancelled',
    );
  });

  it('refuses a new time that has already passed', async () => {
    // The clock is pinned half an hour before a 10:00 class; 09:00 has then already gone.
    const date = formatDate(Date.now() + 2 * DAY);
    const startsAt = toEpoch(date, '10:00');
    const classId = await seedClass(backend.db, { startsAt, layout: null });
    const before = await dump(backend.db);
    const pinned = backend.deps(() => startsAt - 30 * 60_000);

    const error = await updateClassHandler(pinned, {
      by: admin.uid,
      input: { classId, hour: '09:00' },
    }).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 'invalid-argument', messageKey: 'invalidInput' });
    expect(await dump(backend.db)).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['no class id', { capacity: 2 }],
    ['a zero capacity', { classId: 'c1', capacity: 0 }],
    ['a badly written hour', { classId: 'c1', hour: '7pm' }],
    ['a too short duration', { classId: 'c1', duration: 1 }],
    ['an unknown field', { classId: 'c1', status: 'cancelled' }],
  ])('refuses %s as invalid input', async (_what, data) => {
    await expectRefused(() => run.update(admin, data), 'invalid-argument', 'invalidInput');
  });
});

describe('cancelClass audit', () => {
  it('refunds the booked member and records the cancellation in the audit log', async () => {
    const classId = await futureClass(3);
    const uid = await seedMember(backend.db, { credits: 2 });
    await book(classId, uid);

    await expect(run.cancel(admin, { classId, reason: 'Coach ill' })).resolves.toEqual({
      refunded: 1,
    });

    expect(await read(backend.db, paths.userField(uid, 'Credits'))).toBe(2);
    expect((await classOf(classId)).status).toBe('cancelled');
    const audit = await auditFor(paths.class(classId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'cancelClass',
      by: admin.uid,
      details: { reason: 'Coach ill', refunded: 1 },
    });
    await expectInvariants(backend.db);
  });

  it('refuses members and writes nothing', async () => {
    const classId = await futureClass();
    await expectRefused(
      () => run.cancel(member('m-cancel'), { classId, reason: 'x' }),
      'permission-denied',
      'permissionDenied',
    );
  });

  it('refuses a class already cancelled without a second audit entry', async () => {
    const classId = await futureClass();
    await run.cancel(admin, { classId, reason: 'Storm' });
    await expectRefused(
      () => run.cancel(admin, { classId, reason: 'Again' }),
      'failed-precondition',
      'classCancelled',
    );
    expect(await auditFor(paths.class(classId))).toHaveLength(1);
  });
});

describe('saveClassTemplate', () => {
  const template = {
    name: 'Winter week',
    rows: [
      {
        weekday: 1,
        hour: '07:00',
        duration: 45,
        branch: 'centro',
        exercise: 'cycling',
        coach: COACH,
        capacity: 10,
      },
    ],
  };

  it('saves, replaces and deletes a template, auditing each change', async () => {
    const { id } = await run.template(admin, { template });
    const target = paths.classTemplate(id);
    expect(await read(backend.db, target)).toMatchObject({
      name: 'Winter week',
      rows: [{ weekday: 1, creditKind: 'regular' }],
      updatedBy: admin.uid,
    });

    await run.template(admin, { id, template: { ...template, name: 'Spring week' } });
    expect(await read(backend.db, target)).toMatchObject({ name: 'Spring week' });

    await run.template(admin, { id, template: null });
    expect(await read(backend.db, target)).toBeNull();
    const actions = (await auditFor(target)).map((entry) => entry.action);
    expect(actions.sort()).toEqual([
      'deleteClassTemplate',
      'saveClassTemplate',
      'saveClassTemplate',
    ]);
  });

  it.each<[string, Caller | null, unknown, string, string]>([
    ['a coach', coach, { template }, 'permission-denied', 'permissionDenied'],
    [
      'a row without capacity or layout',
      admin,
      { template: { name: 'x', rows: [{ ...template.rows[0], capacity: undefined }] } },
      'invalid-argument',
      'invalidInput',
    ],
    ['no rows', admin, { template: { name: 'x', rows: [] } }, 'invalid-argument', 'invalidInput'],
    [
      'deleting an unknown template',
      admin,
      { id: 'nope', template: null },
      'not-found',
      'notFound',
    ],
  ])('refuses %s and writes nothing', async (_what, caller, data, code, key) => {
    await expectRefused(() => run.template(caller, data), code, key);
  });
});
