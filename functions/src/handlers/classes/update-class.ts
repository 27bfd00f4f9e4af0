import type { Database } from 'firebase-admin/database';
import {
  DomainError,
  coachSchema,
  exerciseSchema,
  layoutCapacity,
  parseStored,
  paths,
  pushEventIds,
  rosterCounts,
  seatLayoutSchema,
  toEpoch,
} from '@studio/core';
import type { AuditEntry, StudioClass, UpdateClassInput } from '@studio/core';
import {
  changeRoster,
  classContext,
  classTitle,
  newId,
  notify,
  readRoster,
  readSettings,
} from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import { promoteWaitlist } from '../booking/promote';
import { enqueuePush } from '../../push';

export interface UpdateClassCommand {
  /** The admin making the change, for the audit entry. */
  by: string;
  input: UpdateClassInput;
}

export interface UpdateClassOutcome {
  /** The fields that changed (empty: nothing was written). */
  changed: string[];
  auditId?: string;
  /** Members the waiting list moved into the class after a capacity increase. */
  promoted: string[];
}

const EDITABLE = ['name', 'hour', 'duration', 'exercise', 'coach', 'capacity'] as const;
type Editable = (typeof EDITABLE)[number];
type Patch = Partial<Pick<StudioClass, Editable | 'startsAt'>>;

async function mustExist(
  db: Database,
  path: string,
  missing: 'coachNotFound' | 'exerciseNotFound',
) {
  const stored = (await db.ref(path).get()).val() as unknown;
  if (stored === null) throw new DomainError('not-found', missing);
  parseStored(missing === 'coachNotFound' ? coachSchema : exerciseSchema, stored, path);
}

/** The requested fields that differ from the stored class. */
function changesOf(cls: StudioClass, input: UpdateClassInput): Patch {
  const patch: Patch = {};
  for (const field of EDITABLE) {
    const next = input[field];
    if (next !== undefined && next !== cls[field]) Object.assign(patch, { [field]: next });
  }
  return patch;
}

/** Capacity may not drop below the bookings made nor exceed the room (the booking invariants). */
async function checkCapacity(db: Database, context: ClassContext, capacity: number) {
  const { cls } = context;
  if (cls.layout !== undefined) {
    const path = paths.seatLayout(cls.layout);
    const stored = (await db.ref(path).get()).val() as unknown;
    if (stored === null) throw new DomainError('not-found', 'layoutNotFound');
    const spots = layoutCapacity(parseStored(seatLayoutSchema, stored, path));
    if (capacity > spots)
      throw new DomainError('invalid-argument', 'capacityOverLayout', { spots });
  }
  const { bookedCount } = rosterCounts(await readRoster(context));
  if (capacity < bookedCount)
    throw new DomainError('failed-precondition', 'capacityBelowBookings', { booked: bookedCount });
}

/**
 * The new capacity goes into the roster first, in a roster transaction that refuses it under
 * the bookings the roster holds then: a booking racing this edit either committed before (and
 * is counted here) or decides on the new capacity
 * (docs/architecture/booking.md#capacity-and-class-edits). If the class update
 * below then fails, the roster's copy still governs bookings and a retry writes the class.
 */
async function setRosterCapacity(context: ClassContext, capacity: number) {
  await changeRoster(
    context,
    (roster) => {
      const { bookedCount } = rosterCounts(roster);
      if (capacity < bookedCount)
        return new DomainError('failed-precondition', 'capacityBelowBookings', {
          booked: bookedCount,
        });
      return { roster: roster.capacity === capacity ? roster : { ...roster, capacity } };
    },
    undefined,
    { keepVersion: true },
  );
}

/**
 * The views members read carry the class's name, time, exercise and coach, and "My Classes"
 * its title (docs/architecture/booking.md#views): patch those of the members booked or waiting, so
 * "My Classes" shows the new time at once.
 */
function viewPatches(
  patch: Patch,
  classId: string,
  booked: readonly string[],
  waiting: readonly string[],
  title: string | undefined,
): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  const shared = { name: patch.name, hour: patch.hour, startsAt: patch.startsAt, title };
  const classFields = { ...shared, exercise: patch.exercise, coach: patch.coach };
  for (const [uids, base, fields] of [
    [booked, paths.userClass, classFields],
    [waiting, paths.userWaitlistEntry, shared],
  ] as const) {
    for (const uid of uids) {
      for (const [field, value] of Object.entries(fields)) {
        if (value !== undefined) updates[`${base(uid, classId)}/${field}`] = value;
      }
    }
  }
  return updates;
}

/**
 * A moved class's start in its members' credit records (`booking-credits/{bookingId}.startsAt`),
 * which plan caps count by and the reconciler prunes by. Only records that exist: a field written
 * alone would make a partial record.
 */
async function recordStarts(
  db: Database,
  bookings: readonly { uid: string; bookingId: string }[],
  startsAt: number,
): Promise<Record<string, number>> {
  const updates: Record<string, number> = {};
  const found = await Promise.all(
    bookings.map(async ({ uid, bookingId }) => {
      const path = paths.bookingCredit(uid, bookingId);
      return (await db.ref(`${path}/state`).get()).exists() ? path : undefined;
    }),
  );
  for (const path of found) if (path !== undefined) updates[`${path}/startsAt`] = startsAt;
  return updates;
}

/**
 * `updateClass` (admins, admin-clases): changes the name, start time (same date), duration,
 * exercise, coach or capacity of a scheduled class that has not started. Refused, writing
 * nothing, when the class is cancelled or started, a coach or exercise does not exist, the
 * new time has passed, or the capacity is under the bookings made or over the room. The class,
 * the members' views and an audit entry with the fields before and after land in one update;
 * booked members are told when the time changes, and a larger class takes from the waiting list.
 */
export async function updateClass(
  deps: BookingDeps,
  { by, input }: UpdateClassCommand,
): Promise<UpdateClassOutcome> {
  const { db } = deps;
  const nowMs = deps.now();
  const { classId } = input;
  const context = await classContext(deps, classId);
  const { cls } = context;
  if (cls.status === 'cancelled') throw new DomainError('failed-precondition', 'classCancelled');
  if (nowMs >= cls.startsAt) throw new DomainError('failed-precondition', 'classStarted');

  const patch = changesOf(cls, input);
  const changed = Object.keys(patch);
  if (changed.length === 0) return { changed, promoted: [] };

  if (patch.coach !== undefined) await mustExist(db, paths.coach(patch.coach), 'coachNotFound');
  if (patch.exercise !== undefined)
    await mustExist(db, paths.exercise(patch.exercise), 'exerciseNotFound');
  if (patch.hour !== undefined) {
    const settings = await readSettings(db);
    patch.startsAt = toEpoch(cls.date, patch.hour, settings.timeZone);
    if (patch.startsAt <= nowMs)
      throw new DomainError('invalid-argument', 'invalidInput', {
        issues: 'hour: that time has already passed',
      });
  }
  if (patch.capacity !== undefined) await checkCapacity(db, context, patch.capacity);

  const roster = await readRoster(context);
  // Members, not roster keys: guest seats are on their members' entries and notifications
  // (docs/architecture/booking.md#guest-seats).
  const bookings = Object.values(roster.bookings);
  const booked = [...new Set(bookings.map(({ uid }) => uid))];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const updates: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    before[field] = cls[field as keyof Patch] ?? null;
    after[field] = value;
    updates[`${paths.class(classId)}/${field}`] = value;
  }
  const title =
    patch.name !== undefined || patch.exercise !== undefined
      ? await classTitle(db, { ...cls, ...patch })
      : undefined;
  // A booking still being paid for has no view yet (docs/architecture/booking.md#views): patching
  // one would leave a partial entry; its view is written whole once paid.
  const shown = [
    ...new Set(bookings.filter((booking) => booking.pending !== true).map(({ uid }) => uid)),
  ];
  Object.assign(updates, viewPatches(patch, classId, shown, Object.keys(roster.waitlist), title));
  // Members' credit records stay in the default instance. Cancelled bookings' records move too:
  // they are kept, and pruned, by the class's start as well.
  const records =
    patch.startsAt === undefined
      ? {}
      : await recordStarts(db, [...bookings, ...Object.values(roster.ended)], patch.startsAt);
  const auditId = newId(db);
  const entry: AuditEntry = {
    at: nowMs,
    by,
    action: 'updateClass',
    target: paths.class(classId),
    details: { before, after },
  };
  if (patch.capacity !== undefined) await setRosterCapacity(context, patch.capacity);
  if (context.db === db) {
    await db.ref().update({ ...updates, ...records, [paths.auditEntry(auditId)]: entry });
  } else {
    // A branch instance: the audit entry (and the records) first, so no change is ever left
    // unaudited; the records' start is set again by a retry.
    await db.ref().update({ ...records, [paths.auditEntry(auditId)]: entry });
    await context.db.ref().update(updates);
  }

  if (patch.startsAt !== undefined) {
    const params = {
      className: await classTitle(db, { ...cls, ...patch }),
      date: cls.date,
      hour: patch.hour ?? cls.hour,
    };
    await Promise.all(
      booked.map((uid) =>
        notify(context.db, uid, `class-changed-${classId}-${auditId}`, {
          type: 'class-changed',
          messageKey: 'notifClassChanged',
          params,
          classId,
          at: nowMs,
        }),
      ),
    );
  }
  if (patch.startsAt !== undefined || patch.coach !== undefined) {
    // A push to each booked member's devices, once per edit (the audit entry names it).
    const coach =
      patch.coach === undefined
        ? undefined
        : ((await db.ref(paths.coach(patch.coach)).child('name').get()).val() as unknown);
    const pushTitle = (await classTitle(db, { ...cls, ...patch })).slice(0, 100);
    const startsAt = patch.startsAt ?? cls.startsAt;
    const changes = {
      ...(patch.startsAt === undefined ? {} : { startsAt }),
      ...(typeof coach === 'string' && coach.trim() !== ''
        ? { coach: coach.trim().slice(0, 100) }
        : {}),
    };
    if (Object.keys(changes).length > 0)
      await Promise.all(
        booked.map((uid) =>
          enqueuePush(
            db,
            {
              event: pushEventIds.classChanged(classId, auditId, uid),
              uid,
              message: {
                kind: 'class-changed',
                class: { classId, title: pushTitle, startsAt },
                changes,
              },
            },
            nowMs,
          ),
        ),
      );
  }
  const grew = patch.capacity !== undefined && patch.capacity > cls.capacity;
  const promoted =
    grew && Object.keys(roster.waitlist).length > 0
      ? (await promoteWaitlist(deps, { ...context, cls: { ...cls, ...patch } })).promoted
      : [];
  return { changed, auditId, promoted };
}
