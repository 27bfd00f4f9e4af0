import type { SeatLayout, StudioClass, UserClass, UserWaitlistEntry } from '@studio/core';
import { DEFAULT_SETTINGS } from '@studio/core';
import type { Catalog, ScheduleApi } from '../../src/features/schedule';

type Listener<T> = (value: T) => void;

/** A live value the test can change: every subscriber hears the new value at once. */
class LiveNode<T> {
  private listeners = new Set<Listener<T>>();
  constructor(public value: T) {}
  subscribe(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    listener(this.value);
    return () => this.listeners.delete(listener);
  }
  set(value: T) {
    this.value = value;
    for (const listener of this.listeners) listener(value);
  }
}

export interface FakeScheduleOptions {
  classes?: Record<string, StudioClass>;
  layouts?: Record<string, SeatLayout>;
  catalog?: Partial<Catalog>;
}

/** In-memory schedule: classes, rosters and the member's lists, with every call recorded. */
export function createFakeScheduleApi(options: FakeScheduleOptions = {}) {
  const classes = options.classes ?? {};
  const rosters = new Map<string, LiveNode<ReadonlySet<string>>>();
  const myClasses = new LiveNode<Record<string, UserClass>>({});
  const myWaitlist = new LiveNode<Record<string, UserWaitlistEntry>>({});
  const calls = {
    weeks: [] as Array<{ from: string; to: string }>,
    book: [] as Array<{ classId: string; spot?: string }>,
    cancel: [] as string[],
    changeSpot: [] as Array<{ classId: string; spot: string }>,
    bookGuest: [] as Array<{
      classId: string;
      guestName: string;
      requestId: string;
      spot?: string;
    }>,
    cancelGuest: [] as Array<{ classId: string; guestBookingId: string }>,
    join: [] as string[],
    leave: [] as string[],
  };
  const refusals: {
    book?: Error;
    cancel?: Error;
    join?: Error;
    changeSpot?: Error;
    bookGuest?: Error;
  } = {};
  let refunded = true;
  let position = 1;
  const roster = (classId: string) => {
    let node = rosters.get(classId);
    if (!node) {
      node = new LiveNode<ReadonlySet<string>>(new Set());
      rosters.set(classId, node);
    }
    return node;
  };

  const api: ScheduleApi = {
    watchClasses: (from, to, onChange) => {
      calls.weeks.push({ from, to });
      onChange(
        Object.fromEntries(
          Object.entries(classes).filter(([, cls]) => cls.date >= from && cls.date <= to),
        ),
      );
      return () => undefined;
    },
    loadCatalog: () =>
      Promise.resolve({
        branches: {},
        exercises: {},
        coaches: {},
        settings: DEFAULT_SETTINGS,
        ...options.catalog,
      }),
    getLayout: (layoutId) => Promise.resolve(options.layouts?.[layoutId] ?? null),
    watchTakenSpots: (classId, onChange) => roster(classId).subscribe(onChange),
    watchMyClasses: (_uid, onChange) => myClasses.subscribe(onChange),
    watchMyWaitlist: (_uid, onChange) => myWaitlist.subscribe(onChange),
    bookClass: (classId, spot) => {
      calls.book.push(spot === undefined ? { classId } : { classId, spot });
      if (refusals.book) return Promise.reject(refusals.book);
      return Promise.resolve({ spot: spot ?? '1' });
    },
    cancelBooking: (classId, guestBookingId) => {
      if (guestBookingId === undefined) calls.cancel.push(classId);
      else calls.cancelGuest.push({ classId, guestBookingId });
      if (refusals.cancel) return Promise.reject(refusals.cancel);
      return Promise.resolve({ refunded });
    },
    changeSpot: (classId, spot) => {
      calls.changeSpot.push({ classId, spot });
      if (refusals.changeSpot) return Promise.reject(refusals.changeSpot);
      return Promise.resolve({ spot });
    },
    bookGuest: (input) => {
      calls.bookGuest.push(input);
      if (refusals.bookGuest) return Promise.reject(refusals.bookGuest);
      return Promise.resolve({
        spot: input.spot ?? '2',
        bookingId: `guest-booking-${calls.bookGuest.length}`,
      });
    },
    joinWaitlist: (classId) => {
      calls.join.push(classId);
      if (refusals.join) return Promise.reject(refusals.join);
      return Promise.resolve({ position });
    },
    leaveWaitlist: (classId) => {
      calls.leave.push(classId);
      return Promise.resolve();
    },
  };
  return {
    api,
    calls,
    refusals,
    /** What the database would push: the spots taken in a class right now. */
    setTaken: (classId: string, spots: string[]) => roster(classId).set(new Set(spots)),
    setMyClasses: (value: Record<string, UserClass>) => myClasses.set(value),
    setMyWaitlist: (value: Record<string, UserWaitlistEntry>) => myWaitlist.set(value),
    willRefund: (value: boolean) => {
      refunded = value;
    },
    willJoinAt: (value: number) => {
      position = value;
    },
  };
}
