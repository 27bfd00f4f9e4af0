import { describe, expect, it } from 'vitest';
import { auditEntrySchema, paths } from '@studio/core';
import { checkIn } from '../../src/index';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  DAY,
  HOUR,
  MINUTE,
  OTHER_COACH,
  admin,
  coach,
  desk,
  expectInvariants,
  member,
  otherCoach,
  read,
  seedClass,
  seedMember,
  expectRefusedUnchanged,
  useStudioBackend,
} from './fixtures';

const backend = useStudioBackend();

const mark = (caller: Caller | null, data: unknown) => checkIn.run(callableRequest(data, caller));

/** A class of Carlos's starting in 30 minutes (check-in is open), with one member booked. */
async function bookedClass(startsAt = Date.now() + 30 * MINUTE) {
  const classId = await seedClass(backend.db, { startsAt });
  const uid = await seedMember(backend.db);
  await bookClassHandler(backend.at(startsAt - DAY), { uid, classId });
  return { classId, uid };
}

async function expectRefused(caller: Caller | null, data: unknown, code: string, key: string) {
  await expectRefusedUnchanged(backend.db, () => mark(caller, data), code, key);
}

describe('checkIn', () => {
  it('lets the class’s coach mark attendance, on the booking and in the member’s record', async () => {
    const db = backend.db;
    const { classId, uid } = await bookedClass();

    expect(await mark(coach, { classId, uid, status: 'attended' })).toEqual({});

    expect(await read(db, paths.rosterBooking(classId, uid))).toMatchObject({
      attendance: 'attended',
      checkedInBy: coach.uid,
    });
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({ status: 'attended' });
    expect(await read(db, paths.attendance(uid))).toMatchObject({
      classes: { [classId]: 'attended' },
      attended: 1,
      noShow: 0,
    });
    await expectInvariants(db);
  });

  it('corrects a mark without counting it twice, and counts across classes', async () => {
    const db = backend.db;
    const first = await bookedClass();
    await mark(admin, { ...first, status: 'attended' });
    await mark(admin, { ...first, status: 'no-show' });
    expect(await read(db, paths.attendance(first.uid))).toMatchObject({ attended: 0, noShow: 1 });
    // Each change is in the audit log with the mark before and after; a repeated mark is not.
    await mark(admin, { ...first, status: 'no-show' });
    const audit = Object.values((await read(db, paths.auditLog())) ?? {})
      .map((entry) => auditEntrySchema.parse(entry))
      .filter((entry) => entry.action === 'checkIn' && entry.details?.['member'] === first.uid);
    expect(audit.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        { member: first.uid, before: 'unmarked', after: 'attended' },
        { member: first.uid, before: 'attended', after: 'no-show' },
      ]),
    );
    expect(audit).toHaveLength(2);

    const second = await seedClass(db, { startsAt: Date.now() + 20 * MINUTE });
    await bookClassHandler(
      backend.deps(() => Date.now() - HOUR),
      { uid: first.uid, classId: second },
    );
    await mark(admin, { classId: second, uid: first.uid, status: 'attended' });
    expect(await read(db, paths.attendance(first.uid))).toMatchObject({ attended: 1, noShow: 1 });
    await expectInvariants(db);
  });

  it('lets an admin mark any class, also after it started', async () => {
    const { classId, uid } = await bookedClass(Date.now() - 10 * MINUTE);
    await mark(admin, { classId, uid, status: 'no-show' });
    expect(await read(backend.db, paths.userClass(uid, classId))).toMatchObject({
      status: 'no-show',
    });
  });

  it('lets the front desk mark any class', async () => {
    const { classId, uid } = await bookedClass();
    await mark(desk, { classId, uid, status: 'attended' });
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({
      attendance: 'attended',
      checkedInBy: desk.uid,
    });
  });

  it('lets the substitute coach mark the class they take over', async () => {
    const { classId, uid } = await bookedClass();
    await backend.db.ref(paths.class(classId)).update({ substitute: OTHER_COACH });
    await mark(otherCoach, { classId, uid, status: 'attended' });
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({
      checkedInBy: otherCoach.uid,
    });
  });

  it.each([
    ['a member', member('someone')],
    ['the member themself', null],
    ['a coach of another class', otherCoach],
  ])('denies %s (permission-denied) and writes nothing', async (_label, who) => {
    const { classId, uid } = await bookedClass();
    const caller = who ?? member(uid);
    await expectRefused(
      caller,
      { classId, uid, status: 'attended' },
      'permission-denied',
      'permissionDenied',
    );
  });

  it('denies a coach whose Coaches entry is linked to someone else', async () => {
    const classId = await seedClass(backend.db, {
      startsAt: Date.now() + 30 * MINUTE,
      coach: OTHER_COACH,
    });
    const uid = await seedMember(backend.db);
    await expectRefused(
      coach,
      { classId, uid, status: 'attended' },
      'permission-denied',
      'permissionDenied',
    );
  });

  it('rejects unauthenticated requests and bad input, writing nothing', async () => {
    const { classId, uid } = await bookedClass();
    await expectRefused(
      null,
      { classId, uid, status: 'attended' },
      'unauthenticated',
      'unauthenticated',
    );
    await expectRefused(
      coach,
      { classId, uid, status: 'late' },
      'invalid-argument',
      'invalidInput',
    );
  });

  it('says not-found for an unknown class or a member not booked', async () => {
    const { classId } = await bookedClass();
    await expectRefused(
      coach,
      { classId: 'nope', uid: 'x', status: 'attended' },
      'not-found',
      'classNotFound',
    );
    await expectRefused(
      coach,
      { classId, uid: 'stranger', status: 'attended' },
      'not-found',
      'noBooking',
    );
  });

  it('refuses before check-in opens (1 h before start) and for a cancelled class', async () => {
    const early = await bookedClass(Date.now() + 3 * HOUR);
    await expectRefused(
      coach,
      { ...early, status: 'attended' },
      'failed-precondition',
      'checkInTooEarly',
    );
    const cancelled = await bookedClass();
    await backend.db.ref(paths.class(cancelled.classId)).update({ status: 'cancelled' });
    await expectRefused(
      coach,
      { ...cancelled, status: 'attended' },
      'failed-precondition',
      'classCancelled',
    );
    await backend.db.ref(paths.class(cancelled.classId)).update({ status: 'scheduled' });
  });
});
