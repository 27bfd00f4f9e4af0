import type {
  Attendance,
  Coach,
  DateString,
  Exercise,
  Roster,
  SeatLayout,
  StudioClass,
} from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

/** What the coach and admin class screens read and the one thing they do (`checkIn`). */
export interface ClassListsApi {
  /** `Classes` between two dates, inclusive, live. */
  watchClasses: (
    from: DateString,
    to: DateString,
    onChange: (classes: Record<string, StudioClass>) => void,
  ) => Unsubscribe;
  /** One class, live; null when it does not exist. */
  watchClass: (classId: string, onChange: (cls: StudioClass | null) => void) => Unsubscribe;
  watchCoaches: (onChange: (coaches: Record<string, Coach>) => void) => Unsubscribe;
  watchExercises: (onChange: (exercises: Record<string, Exercise>) => void) => Unsubscribe;
  /**
   * `ClassRoster/{classId}`, live (coaches and admins may read it). Its bookings and waiting
   * entries carry the member's name, written by the booking functions: the lists read no
   * profile (coaches may not; docs/architecture/roles-and-rules.md#roles).
   */
  watchRoster: (classId: string, onChange: (roster: Roster) => void) => Unsubscribe;
  getLayout: (layoutId: string) => Promise<SeatLayout | null>;
  /**
   * Which of `uids` have not signed the studio's current written waiver (`UserDirectory`'s
   * `waiverVersion`, which the front desk and admins read); none while there is no written one.
   */
  readUnsigned: (uids: readonly string[]) => Promise<ReadonlySet<string>>;
  /**
   * The `checkIn` callable (with `guestBookingId`, the guest seat that member booked); rejects
   * with the HttpsError the function sent.
   */
  checkIn: (
    classId: string,
    uid: string,
    status: Attendance,
    guestBookingId?: string,
  ) => Promise<void>;
}
