import type { Database } from 'firebase-admin/database';
import {
  branchSchema,
  coachSchema,
  isDomainError,
  paths,
  seatLayoutSchema,
  teachingCoachId,
} from '@studio/core';
import type { StudioClass, UserClass } from '@studio/core';
import { classTitle, readClass, spotLabel } from '../../engine';

/**
 * What a member is told about a class they booked, as it is now: the title, the time, the room,
 * the branch and its address, the coach and the spot's label. The calendar feed and the class
 * reminder read the same facts, so an event and its mail never disagree.
 */
export interface BookedClassFacts {
  bookingId: string;
  classId: string;
  title: string;
  startsAt: number;
  durationMinutes: number;
  room?: string;
  branchName?: string;
  address?: string;
  coachName?: string;
  spotLabel?: string;
}

/** Names read once per run: many bookings share a branch, a coach and a room. */
export type NameCache = Map<string, Promise<unknown>>;

export function newNameCache(): NameCache {
  return new Map();
}

function cached<T>(cache: NameCache, path: string, read: () => Promise<T>): Promise<T> {
  let hit = cache.get(path) as Promise<T> | undefined;
  if (!hit) {
    hit = read();
    cache.set(path, hit);
  }
  return hit;
}

/** A catalogue entry's fields, or nothing when it is gone or malformed (never holds a mail up). */
async function readEntry<T>(
  db: Database,
  cache: NameCache,
  path: string,
  parse: (stored: unknown) => T | undefined,
): Promise<T | undefined> {
  return cached(cache, path, async () => parse((await db.ref(path).get()).val()));
}

/**
 * The facts of `view`'s class (read from `where`, the instance holding it), or `null` when the class is gone or cancelled by the studio (a
 * cancelled class is in no calendar and gets no reminder).
 */
export async function bookedClassFacts(
  db: Database,
  view: Pick<UserClass, 'classId' | 'bookingId' | 'spot'>,
  cache: NameCache,
  where: Database = db,
): Promise<BookedClassFacts | null> {
  let cls: StudioClass;
  try {
    cls = await readClass(where, view.classId);
  } catch (error) {
    // Only a class that is gone leaves the calendar; a failed read fails the feed's answer, so
    // subscribed calendars keep what they have instead of deleting the event.
    if (isDomainError(error) && error.messageKey === 'classNotFound') return null;
    throw error;
  }
  if (cls.status === 'cancelled') return null;
  const [title, label, branch, coach, room] = await Promise.all([
    classTitle(db, cls),
    spotLabel(db, cls, view.spot),
    readEntry(db, cache, paths.branch(cls.branch), (stored) => {
      const parsed = branchSchema.safeParse(stored);
      return parsed.success ? parsed.data : undefined;
    }),
    readEntry(db, cache, paths.coach(teachingCoachId(cls)), (stored) => {
      const parsed = coachSchema.safeParse(stored);
      return parsed.success ? parsed.data.name : undefined;
    }),
    cls.layout === undefined
      ? undefined
      : readEntry(db, cache, paths.seatLayout(cls.layout), (stored) => {
          const parsed = seatLayoutSchema.safeParse(stored);
          return parsed.success ? parsed.data.name : undefined;
        }),
  ]);
  return {
    bookingId: view.bookingId,
    classId: view.classId,
    title,
    startsAt: cls.startsAt,
    durationMinutes: cls.duration,
    ...(room ? { room } : {}),
    ...(branch ? { branchName: branch.name } : {}),
    ...(branch?.address ? { address: branch.address } : {}),
    ...(coach ? { coachName: coach } : {}),
    ...(label ? { spotLabel: label } : {}),
  };
}
