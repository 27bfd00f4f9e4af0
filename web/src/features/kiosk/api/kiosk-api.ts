import type { Coach, DateString, DeskCheckIn, Exercise, StudioClass } from '@studio/core';
import type { Unsubscribe } from '../../../lib/unsubscribe';

/** What the kiosk reads and calls (docs/architecture/front-desk.md#check-in-and-the-kiosk). */
export interface KioskApi {
  watchClasses: (
    from: DateString,
    to: DateString,
    onChange: (classes: Record<string, StudioClass>) => void,
  ) => Unsubscribe;
  watchCoaches: (onChange: (coaches: Record<string, Coach>) => void) => Unsubscribe;
  watchExercises: (onChange: (exercises: Record<string, Exercise>) => void) => Unsubscribe;
  /** `checkInByPass`; rejects with the HttpsError the function sent. */
  checkInByPass: (pass: string) => Promise<DeskCheckIn>;
  /** `checkInByName`; rejects with the HttpsError the function sent. */
  checkInByName: (name: string, phoneLast4: string) => Promise<DeskCheckIn>;
  /** The signed-in staff account's password, checked again with Firebase Auth to leave. */
  confirmStaff: (password: string) => Promise<void>;
}
