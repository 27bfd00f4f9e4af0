// Writes what members and the calendar read, derived from a roster at one version
// (docs/architecture/booking.md#views): `UserClasses`, `UserWaitlist`, the counts on `Classes`,
// `Attendance`, and in-app notifications. A view is replaced only by one computed from a newer
// roster, so writers racing each other, or the reconciler, can never leave an older picture behind.
import type { Database } from 'firebase-admin/database';
import {
  attendanceRecordSchema,
  isDomainError,
  paths,
  rosterCounts,
  showsBooking,
  userClassSchema,
  userClassView,
  userSchema,
  userWaitlistView,
  waitlistPositions,
} from '@studio/core';
import type {
  Attendance,
  MessageKey,
  MessageParams,
  Notification,
  NotificationType,
  Roster,
  StudioClass,
  UserClass,
  UserWaitlistEntry,
} from '@studio/core';
import { readLayout } from './store';
import { SKIP, UNCHANGED, toDatabase, transact } from './transact';

function versionOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const version = (value as { rosterVersion?: unknown }).rosterVersion;
  return typeof version === 'number' ? version : undefined;
}

/**
 * Writes `view` unless the stored one comes from the same or a newer roster. Skipping on the
 * local cache is safe here: versions only grow, so a cached newer version is newer on the
 * server too. Returns whether it wrote.
 */
async function writeIfNewer(db: Database, path: string, view: { rosterVersion: number }) {
  return transact(
    db.ref(path),
    (current) => {
      const stored = versionOf(current);
      if (stored !== undefined && stored >= view.rosterVersion)
        return { next: SKIP, result: false };
      return { next: toDatabase(view), result: true };
    },
    { primed: false },
  );
}

interface CountsWriter {
  /** The newest roster asked for while a write was running, and who waits for it. */
  wanted: Roster | undefined;
  waiting: { resolve: () => void; reject: (error: unknown) => void }[];
}

const countWriters = new WeakMap<Database, Map<string, CountsWriter>>();

/**
 * The class counts the calendar shows; never creates a class that is not there. Single
 * flight per class and instance: while one write runs, the calls that come in wait for the
 * next, which writes the newest roster any of them asked for (an older one would be skipped
 * anyway), so the 30 winners of a release cost a couple of writes, not 30.
 */
export function showCounts(db: Database, classId: string, roster: Roster): Promise<void> {
  let writers = countWriters.get(db);
  if (!writers) {
    writers = new Map();
    countWriters.set(db, writers);
  }
  const running = writers.get(classId);
  if (running) {
    if (!running.wanted || running.wanted.version < roster.version) running.wanted = roster;
    return new Promise((resolve, reject) => running.waiting.push({ resolve, reject }));
  }
  const writer: CountsWriter = { wanted: roster, waiting: [] };
  writers.set(classId, writer);
  const done = new Promise<void>((resolve, reject) => writer.waiting.push({ resolve, reject }));
  void (async () => {
    while (writer.wanted) {
      const next = writer.wanted;
      const waiting = writer.waiting;
      writer.wanted = undefined;
      writer.waiting = [];
      try {
        await writeCounts(db, classId, next);
        for (const waiter of waiting) waiter.resolve();
      } catch (error) {
        for (const waiter of waiting) waiter.reject(error);
      }
    }
    writers.delete(classId);
  })();
  return done;
}

async function writeCounts(db: Database, classId: string, roster: Roster): Promise<void> {
  const counts = rosterCounts(roster);
  await transact(db.ref(paths.class(classId)), (current) => {
    if (current === null) return { next: UNCHANGED, result: null };
    const stored = versionOf(current);
    if (stored !== undefined && stored >= roster.version) return { next: SKIP, result: null };
    const next = {
      ...(current as Record<string, unknown>),
      ...counts,
      rosterVersion: roster.version,
    };
    return { next, result: null };
  });
}

/** A notification with an id derived from what it is about: sent once, however often asked. */
export async function notify(
  db: Database,
  uid: string,
  notificationId: string,
  fields: {
    type: NotificationType;
    messageKey: MessageKey;
    params: MessageParams;
    classId?: string;
    at: number;
  },
): Promise<void> {
  const notification: Notification = {
    type: fields.type,
    messageKey: fields.messageKey,
    params: { ...fields.params },
    at: fields.at,
    read: false,
  };
  if (fields.classId !== undefined) notification.classId = fields.classId;
  await transact(
    db.ref(paths.notification(uid, notificationId)),
    (current) =>
      current === null
        ? { next: toDatabase(notification), result: null }
        : { next: SKIP, result: null },
    { primed: false },
  );
}

export interface ClassContext {
  classId: string;
  cls: StudioClass;
  /** What notifications and the member's views call the class. */
  title: string;
}

/**
 * What the room calls `spot` ("7" for `s7`; docs/architecture/booking.md#views): a cached live read
 * of the room (`readLayout`), none for a class without one, whose spots "1" … capacity are their
 * labels. Undefined when the room is gone or broken (a past class,
 * docs/architecture/admin-and-audit.md#catalogue): the id is shown then,
 * and a view or notification is never held up by it.
 */
export async function spotLabel(
  db: Database,
  cls: StudioClass,
  spot: string,
): Promise<string | undefined> {
  if (cls.layout === undefined) return spot;
  try {
    return (await readLayout(db, cls)).spots[spot]?.label;
  } catch (error) {
    if (isDomainError(error)) return undefined;
    throw error;
  }
}

/**
 * The member's "My Classes" entry (`userClassView`) with what they know the class and its spot
 * by, so the app shows them without reading the class or the room
 * (docs/architecture/booking.md#views).
 */
export async function memberClassView(
  db: Database,
  context: ClassContext,
  roster: Roster,
  uid: string,
  nowMs: number,
  paidBookingId?: string,
): Promise<UserClass | null> {
  const view = userClassView(context.classId, context.cls, roster, uid, nowMs, paidBookingId);
  if (!view) return null;
  const label = await spotLabel(db, context.cls, view.spot);
  const labelled = {
    ...view,
    title: context.title,
    ...(label === undefined ? {} : { spotLabel: label }),
  };
  if (view.guests === undefined) return labelled;
  // Guest seats are shown by their room labels too (docs/architecture/booking.md#guest-seats).
  const guests = await Promise.all(
    Object.entries(view.guests).map(async ([bookingId, guest]) => {
      const guestLabel = await spotLabel(db, context.cls, guest.spot);
      return [bookingId, guestLabel === undefined ? guest : { ...guest, spotLabel: guestLabel }];
    }),
  );
  return { ...labelled, guests: Object.fromEntries(guests) as UserClass['guests'] };
}

export function classParams(context: ClassContext): Record<string, string> {
  return { className: context.title, date: context.cls.date, hour: context.cls.hour };
}

/** The member's own promotion cut-off in hours, for the notification that names it. */
async function memberCutoffHours(db: Database, uid: string): Promise<number> {
  const stored: unknown = (await db.ref(paths.userField(uid, 'PromotionCutoffHours')).get()).val();
  const hours = userSchema.shape.PromotionCutoffHours.safeParse(stored);
  return hours.success && hours.data !== undefined ? hours.data : 0;
}

/** The notification a waiting-list view's new status deserves, if any. */
async function notifyWaitlistStatus(
  db: Database,
  context: ClassContext,
  uid: string,
  view: UserWaitlistEntry,
  roster: Roster,
) {
  const seq = roster.departed[uid]?.seq ?? roster.waitlist[uid]?.seq ?? 0;
  const base = { classId: context.classId, at: view.updatedAt ?? roster.version };
  const params = classParams(context);
  switch (view.status) {
    case 'skipped':
      return notify(db, uid, `skipped-${context.classId}-${seq}`, {
        ...base,
        type: 'skipped-no-credit',
        messageKey: 'notifSkippedNoCredit',
        params,
      });
    case 'past-cutoff':
      return notify(db, uid, `past-cutoff-${context.classId}-${seq}`, {
        ...base,
        type: 'skipped-past-cutoff',
        messageKey: 'notifSkippedPastCutoff',
        params: { ...params, hours: await memberCutoffHours(db, uid) },
      });
    case 'removed':
      return notify(db, uid, `removed-${context.classId}-${seq}`, {
        ...base,
        type: 'class-cancelled',
        messageKey: 'notifWaitlistClassCancelled',
        params: { ...params, reason: roster.cancellation?.reason ?? '' },
      });
    case 'closed':
      return notify(db, uid, `closed-${context.classId}-${seq}`, {
        ...base,
        type: 'waitlist-closed',
        messageKey: 'notifWaitlistClosed',
        params,
      });
    default:
      return undefined;
  }
}

async function notifyClassStatus(
  db: Database,
  context: ClassContext,
  uid: string,
  view: UserClass,
  roster: Roster,
) {
  if (view.status !== 'class-cancelled') return;
  await notify(db, uid, `class-cancelled-${context.classId}-${view.bookingId}`, {
    type: 'class-cancelled',
    messageKey: 'notifClassCancelled',
    params: { ...classParams(context), reason: roster.cancellation?.reason ?? '' },
    classId: context.classId,
    at: view.updatedAt ?? roster.version,
  });
}

/** A member who moved up the queue is told their new place (market.md pain 6). */
async function notifyPositions(
  db: Database,
  context: ClassContext,
  previous: Roster,
  roster: Roster,
  nowMs: number,
) {
  const before = waitlistPositions(previous);
  const after = waitlistPositions(roster);
  await Promise.all(
    Object.entries(after)
      .filter(([uid, position]) => before[uid] !== undefined && before[uid] !== position)
      .map(([uid, position]) =>
        notify(db, uid, `position-${context.classId}-v${roster.version}`, {
          type: 'waitlist-position',
          messageKey: 'notifWaitlistPosition',
          params: { className: context.title, position },
          classId: context.classId,
          at: nowMs,
        }),
      ),
  );
}

export interface SyncOptions {
  /** The roster before the change: members whose queue position changed are told. */
  previous?: Roster;
  /**
   * The member whose pending booking has just been paid for (`finishBooking`). Any other
   * pending booking is not shown yet: its seat is given back if the member cannot pay, and a
   * view showing it would then be left behind, as nothing replaces a view with "no booking".
   */
  paid?: string;
  /** That booking's id: a guest seat being paid for is shown on its member's entry. */
  paidBookingId?: string;
}

/**
 * Brings the views of `uids` and the class counts up to `roster` (and tells members what
 * changed), all at once. A call that stops part-way leaves views the reconciler compares and
 * rewrites.
 */
export async function syncViews(
  db: Database,
  context: ClassContext,
  roster: Roster,
  uids: Iterable<string>,
  nowMs: number,
  { previous, paid, paidBookingId }: SyncOptions = {},
): Promise<void> {
  const members = new Set(uids);
  if (previous) {
    for (const uid of Object.keys(previous.waitlist)) members.add(uid);
    for (const uid of Object.keys(roster.waitlist)) members.add(uid);
  }
  const counts = showCounts(db, context.classId, roster);
  const positions = previous ? notifyPositions(db, context, previous, roster, nowMs) : undefined;
  const views = Promise.all(
    [...members].map(async (uid) => {
      const unpaid = roster.bookings[uid]?.pending === true && uid !== paid;
      const shownPaid = uid === paid ? paidBookingId : undefined;
      const classView = unpaid
        ? null
        : await memberClassView(db, context, roster, uid, nowMs, shownPaid);
      const queued = userWaitlistView(context.classId, context.cls, roster, uid, nowMs);
      const waitView = queued && { ...queued, title: context.title };
      await Promise.all([
        classView &&
          writeIfNewer(db, paths.userClass(uid, context.classId), classView).then(() =>
            notifyClassStatus(db, context, uid, classView, roster),
          ),
        waitView &&
          writeIfNewer(db, paths.userWaitlistEntry(uid, context.classId), waitView).then(() =>
            notifyWaitlistStatus(db, context, uid, waitView, roster),
          ),
      ]);
    }),
  );
  // One await for all three, so a write that fails while the others still run is never a
  // rejection nobody listens to (which stops a Node process).
  await Promise.all([views, counts, positions]);
}

/**
 * Removes a class view that shows a booking (booked, attended, no-show) when the roster at
 * `rosterVersion` has none for the member: left by a call that showed a booking before it was
 * paid for. Decided on the server's value (primed), and only over an older view.
 */
export async function clearOrphanedClassView(
  db: Database,
  uid: string,
  classId: string,
  rosterVersion: number,
): Promise<boolean> {
  return transact(db.ref(paths.userClass(uid, classId)), (current) => {
    const view = userClassSchema.safeParse(current);
    const stored = versionOf(current);
    if (!view.success || !showsBooking(view.data) || (stored ?? 0) >= rosterVersion)
      return { next: SKIP, result: false };
    return { next: null, result: true };
  });
}

/**
 * `Attendance/{uid}`: sets the mark for one class and recomputes the totals from the marks in
 * the same transaction, so re-marking (attended → no-show) can never count twice.
 */
export async function recordAttendance(
  db: Database,
  uid: string,
  classId: string,
  mark: Attendance,
  nowMs: number,
): Promise<void> {
  const path = paths.attendance(uid);
  await transact(db.ref(path), (current) => {
    const parsed = attendanceRecordSchema.safeParse(current ?? {});
    if (!parsed.success) throw new Error(`${path} does not parse`);
    if (parsed.data.classes[classId] === mark) return { next: UNCHANGED, result: null };
    const classes = { ...parsed.data.classes, [classId]: mark };
    const marks = Object.values(classes);
    const attended = marks.filter((value) => value === 'attended').length;
    return {
      next: { classes, attended, noShow: marks.length - attended, updatedAt: nowMs },
      result: null,
    };
  });
}
