import {
  DomainError,
  applyNoShow,
  checkInError,
  coversBranch,
  classCoachIds,
  coachSchema,
  guestSeatKey,
  markAttendance,
  paths,
  worksTheDesk,
} from '@studio/core';
import type { AuditEntry, CallableResult, CheckInInput, Role, StudioClass } from '@studio/core';
import { changeRoster, changeWallet, newId, readClassCall, recordAttendance } from '../../engine';
import { queueFee } from '../plans/fee-queue';
import type { BookingDeps } from '../../engine';
import { syncViews } from './sync-views';

export interface CheckInCommand extends CheckInInput {
  /** Who marks attendance, and their role claim. */
  by: string;
  role: Role;
  /** The branch an admin or the front desk manages (the claim `branch`); absent: every branch. */
  scope?: string | null;
}

/**
 * A coach takes attendance for the classes they teach or substitute (their `Coaches` entry's
 * uid, the rule `ClassRoster/$classId` reads by); admins and the front desk for all, or for
 * their branch's when scoped to one.
 */
export async function mayTakeAttendance(
  deps: Pick<BookingDeps, 'db'>,
  cls: Pick<StudioClass, 'coach' | 'substitute' | 'branch'>,
  by: string,
  role: Role,
  scope: string | null = null,
): Promise<boolean> {
  if (worksTheDesk(role)) return coversBranch(scope, cls.branch);
  if (role !== 'coach') return false;
  const coaches = await Promise.all(
    classCoachIds(cls).map(async (coachId) =>
      coachSchema.safeParse((await deps.db.ref(paths.coach(coachId)).get()).val()),
    ),
  );
  return coaches.some((coach) => coach.success && coach.data.uid === by);
}

/**
 * `checkIn` (checador): marks a confirmed booking attended or no-show, on the booking (the
 * roster) and in the member's `Attendance` record with its totals
 * (docs/architecture/booking.md#attendance). Marking
 * again corrects the mark. Each mark that changes something is in the audit log with the
 * attendance before and after (who, when, what).
 */
export async function checkIn(
  deps: BookingDeps,
  { by, role, scope = null, classId, uid, guestBookingId, status }: CheckInCommand,
): Promise<CallableResult<'checkIn'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const { context, cls, settings, roster } = await readClassCall(deps, classId);
  if (!(await mayTakeAttendance(deps, cls, by, role, scope)))
    throw new DomainError('permission-denied', 'permissionDenied');
  // A guest seat is marked on the roster and shown on its member's entry; the member's own
  // `Attendance` counts only their own visits (docs/architecture/booking.md#guest-seats).
  const key = guestBookingId === undefined ? uid : guestSeatKey(guestBookingId);
  if (roster.bookings[key] !== undefined && roster.bookings[key].uid !== uid)
    throw new DomainError('not-found', 'noBooking');
  const refusal = checkInError(cls, roster, key, nowMs, settings);
  if (refusal) throw refusal;

  const marked = await changeRoster(context, (current) =>
    markAttendance(current, key, { status, by, nowMs }),
  );
  if (guestBookingId === undefined) await recordAttendance(context.db, uid, classId, status, nowMs);
  await syncViews(db, context, marked.roster, [uid], nowMs);
  const booking = marked.roster.bookings[key];
  if (status === 'no-show' && booking !== undefined) {
    // A no-show on a plan booking: the plan's policy, once (docs/architecture/plans.md).
    const fees = await changeWallet(db, uid, nowMs, (wallet) => {
      const change = applyNoShow(wallet, {
        bookingId: booking.bookingId,
        classId,
        nowMs,
        currency: settings.currency,
      });
      return { change, result: Object.keys(change.planFees ?? {}) };
    });
    for (const feeId of fees) await queueFee(db, uid, feeId, nowMs);
  }
  const before = roster.bookings[key]?.attendance ?? 'unmarked';
  if (before !== status) {
    const entry: AuditEntry = {
      at: nowMs,
      by,
      action: 'checkIn',
      target: paths.class(classId),
      details: {
        member: uid,
        ...(guestBookingId === undefined ? {} : { guestBookingId }),
        before,
        after: status,
      },
    };
    await db.ref(paths.auditEntry(newId(db))).set(entry);
  }
  return {};
}
