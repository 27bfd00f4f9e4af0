// Writes what members and the calendar read, derived from a roster at one version
// (docs/architecture/booking.md#views): `UserClasses`, `UserWaitlist`, the counts on `Classes`,
// `Attendance`. All of it lives in the class's instance (`ClassContext.db`); rooms, exercises and
// members are read from the default one (`db`). A view is replaced only by one computed from a newer
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
} from '@studio/core';
import type { Attendance, Roster, StudioClass, UserClass, UserWaitlistEntry } from '@studio/core';
import type { Rush } from './rush';
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

export interface ClassContext {
  classId: string;
  cls: StudioClass;
  /** What notifications and the member's views call the class. */
  title: string;
  /** The instance holding the class, its roster and views (its branch's; instances.ts). */
  db: Database;
  /** The call's release-rush machinery, if it has one (rush.ts). */
  rush?: Rush;
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
  rush?: Rush,
): Promise<string | undefined> {
  if (cls.layout === undefined) return spot;
  try {
    return (await readLayout(db, cls, rush)).spots[spot]?.label;
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
  const label = await spotLabel(db, context.cls, view.spot, context.rush);
  const labelled = {
    ...view,
    title: context.title,
    ...(label === undefined ? {} : { spotLabel: label }),
  };
  if (view.guests === undefined) return labelled;
  // Guest seats are shown by their room labels too (docs/architecture/booking.md#guest-seats).
  const guests = await Promise.all(
    Object.entries(view.guests).map(async ([bookingId, guest]) => {
      const guestLabel = await spotLabel(db, context.cls, guest.spot, context.rush);
      return [bookingId, guestLabel === undefined ? guest : { ...guest, spotLabel: guestLabel }];
    }),
  );
  return { ...labelled, guests: Object.fromEntries(guests) as UserClass['guests'] };
}

/** `UserClasses/{uid}/{classId}`, unless the stored entry comes from the same or a newer roster. */
export function writeClassView(db: Database, uid: string, classId: string, view: UserClass) {
  return writeIfNewer(db, paths.userClass(uid, classId), view);
}

/** `UserWaitlist/{uid}/{classId}`, unless the stored entry comes from the same or a newer roster. */
export function writeWaitlistView(
  db: Database,
  uid: string,
  classId: string,
  view: UserWaitlistEntry,
) {
  return writeIfNewer(db, paths.userWaitlistEntry(uid, classId), view);
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
