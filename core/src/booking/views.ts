/**
 * What the member-facing nodes show, computed from a roster (the truth) at one version:
 * `UserClasses/{uid}/{classId}`, `UserWaitlist/{uid}/{classId}` and the counts on
 * `Classes/{classId}`. Writers store `rosterVersion` and never replace a newer view with an
 * older one (docs/architecture/booking.md#views).
 */
import { teachingCoachId } from '../desk/teaching';
import type {
  EndedBooking,
  Roster,
  StudioClass,
  UserClass,
  UserClassGuest,
  UserClassStatus,
  UserWaitlistEntry,
} from '../schemas/classes';
import { waitlistPosition } from './roster';

const ENDED_STATUS: Record<EndedBooking['outcome'], UserClassStatus> = {
  refund: 'cancelled',
  late: 'late-cancelled',
  'class-cancelled': 'class-cancelled',
};

type ClassView = Pick<
  StudioClass,
  'date' | 'hour' | 'startsAt' | 'name' | 'exercise' | 'coach' | 'branch' | 'creditKind'
>;

function latestEnded(roster: Roster, uid: string): EndedBooking | undefined {
  let latest: EndedBooking | undefined;
  for (const ended of Object.values(roster.ended)) {
    if (ended.uid !== uid || ended.guestName !== undefined) continue;
    if (!latest || ended.endedAt > latest.endedAt) latest = ended;
  }
  return latest;
}

/** Whether a "My Classes" entry shows a booking the member holds (not one that ended). */
export function showsBooking(view: Pick<UserClass, 'status'>): boolean {
  return view.status === 'booked' || view.status === 'attended' || view.status === 'no-show';
}

/**
 * The guest seats `uid` booked in this class, held and ended, by booking id. A pending one is
 * left out (its seat may still go back) unless it is `paidBookingId`, the one being paid for.
 */
function guestViews(
  roster: Roster,
  uid: string,
  paidBookingId: string | undefined,
): Record<string, UserClassGuest> {
  const guests: Record<string, UserClassGuest> = {};
  for (const ended of Object.values(roster.ended)) {
    if (ended.uid !== uid || ended.guestName === undefined) continue;
    guests[ended.bookingId] = {
      name: ended.guestName,
      spot: ended.spot,
      status: ENDED_STATUS[ended.outcome],
      bookedAt: ended.bookedAt,
    };
  }
  for (const booking of Object.values(roster.bookings)) {
    if (booking.uid !== uid || booking.guestName === undefined) continue;
    if (booking.pending === true && booking.bookingId !== paidBookingId) continue;
    guests[booking.bookingId] = {
      name: booking.guestName,
      spot: booking.spot,
      status: booking.attendance ?? 'booked',
      bookedAt: booking.bookedAt,
    };
  }
  return guests;
}

/**
 * The member's "My Classes" entry for this class: their current booking, else the latest one
 * that ended; null when they never had one. A pending booking shows as booked: writers show it
 * only once it is paid for (functions' `syncViews`). The guest seats they booked are listed
 * under `guests`; a pending one only as `paidBookingId`
 * (docs/architecture/booking.md#guest-seats).
 */
export function userClassView(
  classId: string,
  cls: ClassView,
  roster: Roster,
  uid: string,
  nowMs: number,
  paidBookingId?: string,
): UserClass | null {
  const booking = roster.bookings[uid];
  const ended = booking ? undefined : latestEnded(roster, uid);
  const source = booking ?? ended;
  if (!source) return null;
  const status: UserClassStatus = booking
    ? (booking.attendance ?? 'booked')
    : ENDED_STATUS[(ended as EndedBooking).outcome];
  const view: UserClass = {
    classId,
    bookingId: source.bookingId,
    date: cls.date,
    hour: cls.hour,
    startsAt: cls.startsAt,
    exercise: cls.exercise,
    coach: teachingCoachId(cls),
    branch: cls.branch,
    spot: source.spot,
    creditKind: cls.creditKind,
    status,
    bookedAt: source.bookedAt,
    updatedAt: nowMs,
    rosterVersion: roster.version,
  };
  if (cls.name !== undefined) view.name = cls.name;
  if (source.promotedAt !== undefined) view.promotedAt = source.promotedAt;
  const guests = guestViews(roster, uid, paidBookingId);
  if (Object.keys(guests).length > 0) view.guests = guests;
  return view;
}

/**
 * The member's "My Waiting List" entry: 'waiting' with their position while queued, otherwise
 * how their last stay ended; null when they never queued for this class.
 */
export function userWaitlistView(
  classId: string,
  cls: Pick<StudioClass, 'date' | 'hour' | 'startsAt' | 'name'>,
  roster: Roster,
  uid: string,
  nowMs: number,
): UserWaitlistEntry | null {
  const waiting = roster.waitlist[uid];
  const departed = waiting ? undefined : roster.departed[uid];
  const joinedAt = waiting?.joinedAt ?? departed?.joinedAt;
  if (joinedAt === undefined) return null;
  const view: UserWaitlistEntry = {
    classId,
    date: cls.date,
    hour: cls.hour,
    startsAt: cls.startsAt,
    joinedAt,
    status: departed?.status ?? 'waiting',
    updatedAt: nowMs,
    rosterVersion: roster.version,
  };
  const position = waitlistPosition(roster, uid);
  if (position !== undefined) view.position = position;
  if (cls.name !== undefined) view.name = cls.name;
  return view;
}

/** The counts the calendar shows for a class. */
export function rosterCounts(roster: Roster): { bookedCount: number; waitlistCount: number } {
  return {
    bookedCount: Object.keys(roster.bookings).length,
    waitlistCount: Object.keys(roster.waitlist).length,
  };
}
