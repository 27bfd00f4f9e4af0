// Check-in at the door: a scanned pass (`checkInByPass`) or, at the kiosk, a name and the last
// four digits of a phone (`checkInByName`). Both find the member's booking of the class starting
// soonest within its check-in window (core `chooseCheckInClass`), or say why not, and mark it
// attended through the checador's own `checkIn`, so the roster, the member's views, their
// attendance and the audit log change exactly as a coach's tap changes them.
import {
  DomainError,
  LOOKUP_MISS_COST,
  chooseCheckInClass,
  coversBranch,
  foldSearchText,
  isDomainError,
  paths,
  phoneDigits,
  userClassSchema,
  userDirectoryEntrySchema,
  userSchema,
} from '@studio/core';
import type { DeskCheckIn, PassBooking, Role } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { classTitle, instancesFor, readClass, readSettings, spotLabel } from '../../engine';
import type { BookingDeps } from '../../engine';
import { checkIn, mayTakeAttendance } from '../booking/check-in';
import { verifyPass } from './pass-codes';

const HOUR_MS = 60 * 60 * 1000;
/** How far back a booking may have started and still be under way (the longest class is 10 h). */
const LOOKBACK_MS = 10 * HOUR_MS;
/** How far ahead the refusals look for "your next class is later today". */
const LOOKAHEAD_MS = 24 * HOUR_MS;

export interface DoorCaller {
  by: string;
  role: Role;
  /** The branch an admin or the front desk manages (the claim `branch`); absent: every branch. */
  scope?: string | null;
}

/**
 * The member's bookings near now, with their classes, as the choice needs them: their class views
 * in every instance holding classes (a branch's live in its own), each with its class's branch.
 */
async function bookingsNear(
  deps: Pick<BookingDeps, 'db' | 'instances'>,
  uid: string,
  nowMs: number,
): Promise<(PassBooking & { branch: string })[]> {
  const found = await Promise.all(
    (await instancesFor(deps).all()).map(async (db) => {
      const snapshot = await db
        .ref(paths.userClasses(uid))
        .orderByChild('startsAt')
        .startAt(nowMs - LOOKBACK_MS)
        .endAt(nowMs + LOOKAHEAD_MS)
        .get();
      const views: { db: Database; view: ReturnType<typeof userClassSchema.parse> }[] = [];
      snapshot.forEach((child) => {
        const parsed = userClassSchema.safeParse(child.val());
        if (parsed.success) views.push({ db, view: parsed.data });
      });
      return views;
    }),
  );
  return Promise.all(
    found.flat().map(async ({ db, view }) => {
      const cls = await readClass(db, view.classId);
      return {
        classId: view.classId,
        startsAt: cls.startsAt,
        duration: cls.duration,
        status: view.status,
        title: view.title ?? (await classTitle(deps.db, cls)),
        hour: cls.hour,
        classCancelled: cls.status === 'cancelled',
        branch: cls.branch,
      };
    }),
  );
}

/**
 * Checks `uid` in: their soonest open booking (or the one in `classId`), after the waiver; the
 * refusals name the member and the class in words for the desk. Nothing is written on a refusal.
 */
export async function checkInMember(
  deps: BookingDeps,
  caller: DoorCaller,
  { uid, classId }: { uid: string; classId?: string | undefined },
): Promise<DeskCheckIn> {
  const { db } = deps;
  const nowMs = deps.now();
  const [userValue, settings] = await Promise.all([
    db.ref(paths.user(uid)).get(),
    readSettings(db),
  ]);
  if (!userValue.exists()) throw new DomainError('not-found', 'userNotFound', { uid });
  const user = userSchema.safeParse(userValue.val());
  const name = (user.success ? user.data.Name?.trim() : undefined) || uid;
  // A branch's desk chooses among that branch's classes: a member booked here at 07:00 and at
  // another branch at 06:45 is checked in here. When only another branch's class would do, the
  // refusal says it is another branch's (as before the choice was scoped).
  const bookings = await bookingsNear(deps, uid, nowMs);
  const scope = caller.scope ?? null;
  const choice = chooseCheckInClass(
    bookings.filter((booking) => coversBranch(scope, booking.branch)),
    nowMs,
    settings,
    name,
    classId,
  );
  if (isDomainError(choice)) {
    const elsewhere =
      scope === null ? choice : chooseCheckInClass(bookings, nowMs, settings, name, classId);
    if (!isDomainError(elsewhere)) throw new DomainError('permission-denied', 'outsideBranch');
    throw choice;
  }
  const classDb = await instancesFor(deps).ofClass(choice.classId);
  const cls = await readClass(classDb, choice.classId);
  if (!(await mayTakeAttendance(deps, cls, caller.by, caller.role, caller.scope)))
    throw new DomainError('permission-denied', 'permissionDenied');
  // A new waiver version, or a first visit: the member signs before they are let in.
  if (!user.success || user.data.Conditions !== true)
    throw new DomainError('failed-precondition', 'waiverNotSigned', { name, uid });
  // Counted once every rule has passed, before the first write: a refused scan writes nothing.
  await deps.limits?.take(caller.by, 'scan');
  await checkIn(deps, {
    by: caller.by,
    role: caller.role,
    scope: caller.scope ?? null,
    classId: choice.classId,
    uid,
    status: 'attended',
  });
  const spot: unknown = (
    await classDb.ref(paths.rosterBooking(choice.classId, uid)).child('spot').get()
  ).val();
  const label = typeof spot === 'string' ? await spotLabel(db, cls, spot) : undefined;
  return {
    uid,
    name,
    classId: choice.classId,
    title: await classTitle(db, cls),
    hour: cls.hour,
    spotLabel: label ?? '',
  };
}

/** `checkInByPass`: the pass must carry the server's signature and be the member's current one. */
export async function checkInByPass(
  deps: BookingDeps & { secret: string },
  caller: DoorCaller,
  { pass, classId }: { pass: string; classId?: string | undefined },
): Promise<DeskCheckIn> {
  const verified = verifyPass(pass, deps.secret);
  if (verified === null) throw new DomainError('invalid-argument', 'passInvalid');
  const current: unknown = (
    await deps.db.ref(paths.userField(verified.uid, 'pass')).child('id').get()
  ).val();
  if (current !== verified.passId) throw new DomainError('failed-precondition', 'passRevoked');
  return checkInMember(deps, caller, { uid: verified.uid, classId });
}

/**
 * The directory's members whose name starts with `name` and whose phone ends in `last4`. Both are
 * decided on the row's own name and phone, not on its search keys: a member writes their keys, and
 * a key filed under someone else's name must not make the kiosk find them (or refuse both).
 */
async function membersNamed(db: Database, name: string, last4: string): Promise<string[]> {
  const folded = foldSearchText(name);
  const snapshot = await db
    .ref(paths.userDirectory())
    .orderByChild('nameKey')
    .startAt(folded)
    .endAt(`${folded}\uf8ff`)
    .limitToFirst(50)
    .get();
  const found: string[] = [];
  snapshot.forEach((child) => {
    const entry = userDirectoryEntrySchema.safeParse(child.val());
    if (
      child.key !== null &&
      entry.success &&
      foldSearchText(entry.data.name).startsWith(folded) &&
      phoneDigits(entry.data.phone).endsWith(last4)
    )
      found.push(child.key);
  });
  return found;
}

/**
 * `checkInByName` (the kiosk): one member must match the name and the phone's last four digits.
 * Every look-up counts against the desk's `lookup` limit, refused or not, and one that finds
 * nobody costs more, so digits cannot be walked through (the one write a refusal leaves, like a
 * coupon guess's).
 */
export async function checkInByName(
  deps: BookingDeps,
  caller: DoorCaller,
  input: { name: string; phoneLast4: string; classId?: string | undefined },
): Promise<DeskCheckIn> {
  await deps.limits?.take(caller.by, 'lookup');
  const found = await membersNamed(deps.db, input.name, input.phoneLast4);
  if (found.length === 0) {
    await deps.limits?.charge(caller.by, 'lookup', LOOKUP_MISS_COST - 1);
    throw new DomainError('not-found', 'kioskNoMatch');
  }
  if (found.length > 1) throw new DomainError('failed-precondition', 'kioskManyMatches');
  const [uid] = found as [string];
  return checkInMember(deps, caller, { uid, classId: input.classId });
}
