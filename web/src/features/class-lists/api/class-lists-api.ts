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
  /** `ClassRoster/{classId}`, live (coaches and admins may read it). */
  watchRoster: (classId: string, onChange: (roster: Roster) => void) => Unsubscribe;
  getLayout: (layoutId: string) => Promise<SeatLayout | null>;
  /** `Users/{uid}/Name` (or the e-mail) of members whose booking carries no name. */
  readNames: (uids: readonly string[]) => Promise<Record<string, string>>;
  /** The `checkIn` callable; rejects with the HttpsError the function sent. */
  checkIn: (classId: string, uid: string, status: Attendance) => Promise<void>;
}
