/**
 * "Tell me when a spot opens" (docs/architecture/push.md#watching-a-full-class). A member watches
 * a full class (`watchClass`): no credit is held and nothing is booked for them. When a seat frees
 * that the waiting list does not take (`offerFreeSeats`, after a promotion pass), watchers hear at
 * once by an in-app notice and a push, in the order they started watching, in waves (core's
 * `nextWave`); whoever books first through the normal booking gets the seat. Later waves go from
 * the push sweep (`continueWatches`), which also ends watching at the class's start.
 */
import {
  DomainError,
  MAX_WATCHERS,
  addWatcher,
  capacityLeft,
  classParams,
  classWatchSchema,
  nextWave,
  paths,
  promotionAllowed,
  pushEventIds,
  removeWatcher,
  waitlistQueue,
  type CallableResult,
  type ClassWatch,
  type UserWatch,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import {
  changeOutboxEntry,
  NO_RATE_LIMITS,
  notify,
  readClassCall,
  readRoster,
  readSettings,
  type BookingDeps,
  type ClassContext,
} from '../../engine';
import { enqueuePush } from '../../push';
import { watchNotEnded } from './logs';

function parseWatch(value: unknown, startsAt: number): ClassWatch {
  const parsed = classWatchSchema.safeParse(value ?? { startsAt });
  if (!parsed.success) throw new Error('ClassWatch does not parse');
  return parsed.data;
}

/**
 * Runs `step` on `ClassWatch/{classId}` until the server commits (the outbox machinery's
 * transaction: decided on the parsed value the server confirms); the committed run's result.
 */
function changeWatch<R>(
  db: Database,
  classId: string,
  startsAt: number,
  step: (watch: ClassWatch) => { next: ClassWatch | null; result: R },
): Promise<R> {
  return changeOutboxEntry<ClassWatch | null, R>(
    db,
    paths.classWatch(classId),
    (value) => parseWatch(value, startsAt),
    (watch) => step(watch ?? parseWatch(null, startsAt)),
  );
}

export async function watchClass(
  deps: BookingDeps,
  { uid, classId }: { uid: string; classId: string },
): Promise<CallableResult<'watchClass'>> {
  const nowMs = deps.now();
  const { context, cls, roster } = await readClassCall(deps, classId);
  if (cls.status === 'cancelled') throw new DomainError('failed-precondition', 'classCancelled');
  if (cls.startsAt <= nowMs) throw new DomainError('failed-precondition', 'classStarted');
  if (roster.bookings[uid]) throw new DomainError('already-exists', 'alreadyBooked');
  if (roster.waitlist[uid]) throw new DomainError('failed-precondition', 'watchOnWaitlist');
  if (capacityLeft(cls, roster) > 0 && waitlistQueue(roster).length === 0)
    throw new DomainError('failed-precondition', 'watchHasSpots');
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'watch');
  const ahead = await changeWatch(deps.db, classId, cls.startsAt, (watch) => {
    if (!watch.watchers[uid] && Object.keys(watch.watchers).length >= MAX_WATCHERS)
      throw new DomainError('resource-exhausted', 'watchListFull');
    const next = addWatcher({ ...watch, startsAt: cls.startsAt }, uid, nowMs);
    const mine = next.watchers[uid]?.seq ?? 0;
    return {
      next,
      result: Object.values(next.watchers).filter((watcher) => watcher.seq < mine).length,
    };
  });
  const view: UserWatch = { since: nowMs, title: context.title, startsAt: cls.startsAt };
  await deps.db.ref(paths.userWatch(uid, classId)).set(view);
  return { ahead };
}

export async function unwatchClass(
  deps: BookingDeps,
  { uid, classId }: { uid: string; classId: string },
): Promise<CallableResult<'unwatchClass'>> {
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'watch');
  await endWatch(deps.db, uid, classId);
  return {};
}

/** Takes `uid` off the class's watchers and the member's own list. */
async function endWatch(db: Database, uid: string, classId: string): Promise<void> {
  const stored = (await db.ref(paths.classWatch(classId)).get()).val() as unknown;
  if (stored !== null) {
    await changeWatch(db, classId, 0, (watch) => ({
      next: removeWatcher(watch, uid),
      result: null,
    }));
  }
  await db.ref(paths.userWatch(uid, classId)).remove();
}

/**
 * A watcher who books the class stops watching: the booking's last step (finishBooking) calls
 * this; it never throws (the booking stands). One read when the member does not watch it; the next opening drops a watcher who booked
 * should this step not run.
 */
export async function stopWatchingBooked(
  deps: BookingDeps,
  { uid, classId }: { uid: string; classId: string },
): Promise<boolean> {
  try {
    if (!(await deps.db.ref(paths.userWatch(uid, classId)).get()).exists()) return false;
    await endWatch(deps.db, uid, classId);
    return true;
  } catch (error) {
    watchNotEnded({ classId, reason: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** Tells one watcher: the in-app notice and the push, each once per opening. */
async function tellWatcher(
  deps: BookingDeps,
  context: ClassContext,
  opening: string,
  uid: string,
): Promise<void> {
  const nowMs = deps.now();
  await Promise.all([
    notify(context.db, uid, `spot-opened-${context.classId}-${opening}`, {
      type: 'spot-opened',
      messageKey: 'notifSpotOpened',
      params: classParams(context),
      classId: context.classId,
      at: nowMs,
    }),
    enqueuePush(
      deps.db,
      {
        event: pushEventIds.spotOpened(context.classId, opening, uid),
        uid,
        message: {
          kind: 'spot-opened',
          class: {
            classId: context.classId,
            title: context.title.slice(0, 100),
            startsAt: context.cls.startsAt,
          },
        },
      },
      nowMs,
    ),
  ]);
}

/**
 * After the waiting list had its turn: if seats are still free and the queue cannot take them,
 * the next wave of watchers is told. `immediate` (a seat has just freed) does not wait for the
 * gap between waves. Returns who was told.
 */
export async function offerFreeSeats(
  deps: BookingDeps,
  context: ClassContext,
  { immediate }: { immediate: boolean },
): Promise<string[]> {
  const { db } = deps;
  const { classId, cls } = context;
  const [roster, settings] = await Promise.all([readRoster(context), readSettings(db)]);
  const nowMs = deps.now();
  const free = capacityLeft(cls, roster);
  if (cls.status === 'cancelled' || cls.startsAt <= nowMs) return [];
  if (waitlistQueue(roster).length > 0 && promotionAllowed(cls, nowMs, settings)) return [];
  const stored = (await db.ref(paths.classWatch(classId)).get()).val() as unknown;
  if (stored === null) return [];
  const booked = new Set(Object.values(roster.bookings).map((booking) => booking.uid));
  const { told, opening, stopped } = await changeWatch(db, classId, cls.startsAt, (current) => {
    // Watchers who booked meanwhile stop watching.
    let watch = current;
    const gone = Object.keys(watch.watchers).filter((uid) => booked.has(uid));
    for (const uid of gone) watch = removeWatcher(watch, uid);
    const opening = watch.wave?.opening ?? `v${roster.version}`;
    if (free === 0) {
      // Full again: the opening is over; the next free seat starts a new one.
      const { wave: _over, ...rest } = watch;
      return { next: rest, result: { told: [] as string[], opening, stopped: gone } };
    }
    const decision = nextWave(watch, opening, free, nowMs, { immediate });
    return { next: decision.watch, result: { told: decision.told, opening, stopped: gone } };
  });
  await Promise.all([
    ...told.map((uid) => tellWatcher(deps, context, opening, uid)),
    ...stopped.map((uid) => db.ref(paths.userWatch(uid, classId)).remove()),
  ]);
  return told;
}
