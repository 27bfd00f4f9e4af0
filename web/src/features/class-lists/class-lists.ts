/**
 * What the coach screens show, computed from what they read: whose classes these are, in which
 * order, and the roster as rows (spot, name, attendance) and the waiting list in FIFO order.
 */
import type { Attendance, Coach, Role, Roster, SeatLayout, StudioClass } from '@studio/core';
import { coachesClass, takesAttendance, usableSpots, worksTheDesk } from '@studio/core';

export interface Viewer {
  uid: string;
  role: Role;
  /** The branch an admin or the front desk manages (a branch manager): its classes only. */
  branchScope?: string | null;
}

/** Who opens the class lists: admins, the front desk and coaches. */
export function isStaffViewer(viewer: Viewer | null): viewer is Viewer {
  return viewer !== null && takesAttendance(viewer.role);
}

/** The front desk and admins read the member directory (who has signed the waiver); coaches not. */
export function readsDirectory(viewer: Viewer | null): boolean {
  return viewer?.role === 'admin' || viewer?.role === 'staff';
}

/** The `Coaches` entries linked to the viewer's login (a coach's `uid`). */
export function ownCoachIds(coaches: Record<string, Coach>, uid: string): ReadonlySet<string> {
  return new Set(
    Object.entries(coaches)
      .filter(([, coach]) => coach.uid === uid)
      .map(([id]) => id),
  );
}

/**
 * Mirrors `checkIn`'s rule and the roster's read rule: admins and the front desk for every class,
 * a coach for the classes they teach or substitute.
 */
export function mayTakeAttendance(
  viewer: Viewer,
  cls: Pick<StudioClass, 'coach' | 'substitute'>,
  own: ReadonlySet<string>,
): boolean {
  return worksTheDesk(viewer.role) || (viewer.role === 'coach' && coachesClass(cls, own));
}

export interface ListedClass {
  id: string;
  cls: StudioClass;
  /** The viewer's own class (a coach's), listed first. */
  own: boolean;
}

/** A coach's own classes first, then the rest; each group by start time. */
/** A day's classes as `viewer` lists them: a branch manager's branch only, a coach's own first. */
export function classesForViewer(
  classes: Record<string, StudioClass>,
  viewer: Viewer,
  own: ReadonlySet<string>,
): ListedClass[] {
  const scope = viewer.branchScope ?? null;
  return Object.entries(classes)
    .filter(([, cls]) => scope === null || cls.branch === scope)
    .map(([id, cls]) => ({ id, cls, own: viewer.role === 'coach' && coachesClass(cls, own) }))
    .sort(
      (a, b) =>
        Number(b.own) - Number(a.own) ||
        a.cls.startsAt - b.cls.startsAt ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

export interface RosterRow {
  /** The booking's roster key: the member's uid, or a guest seat's key. */
  key: string;
  /** The member who booked (and pays for) the seat. */
  uid: string;
  /** A guest seat ("bring a friend"): its booking id, for `checkIn`. */
  guestBookingId?: string;
  /** A guest seat: the name of the member who brings the guest (`name` is the guest's). */
  guestOf?: string;
  spot: string;
  spotLabel: string;
  name: string;
  pending: boolean;
  attendance?: Attendance;
}

export interface WaitingRow {
  uid: string;
  name: string;
  joinedAt: number;
  position: number;
}

/**
 * The name the booking functions copied from the member's profile into the roster; the uid for a
 * member who has none (such a member is in `Reports`). Never the profile: a coach may not read it.
 */
function nameOf(uid: string, stored: string | undefined): string {
  return stored?.trim() || uid;
}

/** Bookings in the room's reading order (the layout's), spots unknown to it last. */
export function rosterRows(roster: Roster, layout: SeatLayout | null): RosterRow[] {
  const order = new Map<string, number>();
  const labels = new Map<string, string>();
  if (layout) {
    usableSpots(layout).forEach((spot, index) => order.set(spot.id, index));
    for (const spot of Object.values(layout.spots)) labels.set(spot.id, spot.label);
  }
  const rank = (spot: string) => order.get(spot) ?? Number.MAX_SAFE_INTEGER;
  return Object.entries(roster.bookings)
    .map(([key, booking]) => {
      const member = nameOf(booking.uid, booking.name);
      const row: RosterRow = {
        key,
        uid: booking.uid,
        spot: booking.spot,
        spotLabel: labels.get(booking.spot) ?? booking.spot,
        name: booking.guestName ?? member,
        pending: booking.pending === true,
      };
      if (booking.guestName !== undefined) {
        row.guestBookingId = booking.bookingId;
        row.guestOf = member;
      }
      if (booking.attendance) row.attendance = booking.attendance;
      return row;
    })
    .sort(
      (a, b) =>
        rank(a.spot) - rank(b.spot) ||
        a.spotLabel.localeCompare(b.spotLabel, undefined, { numeric: true }),
    );
}

export function waitingRows(roster: Roster): WaitingRow[] {
  return Object.values(roster.waitlist)
    .sort((a, b) => a.seq - b.seq)
    .map((entry, index) => ({
      uid: entry.uid,
      name: nameOf(entry.uid, entry.name),
      joinedAt: entry.joinedAt,
      position: index + 1,
    }));
}

export interface AttendanceCounts {
  booked: number;
  attended: number;
  noShow: number;
  unmarked: number;
}

export function attendanceCounts(rows: readonly RosterRow[]): AttendanceCounts {
  const confirmed = rows.filter((row) => !row.pending);
  const attended = confirmed.filter((row) => row.attendance === 'attended').length;
  const noShow = confirmed.filter((row) => row.attendance === 'no-show').length;
  return {
    booked: confirmed.length,
    attended,
    noShow,
    unmarked: confirmed.length - attended - noShow,
  };
}
