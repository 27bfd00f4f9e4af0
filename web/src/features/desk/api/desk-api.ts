import type { DeskCheckIn, MemberPass } from '@studio/core';
import type { Unsubscribe } from '../../../lib/unsubscribe';

/** What the member pass and the door's scanner read and call (core/src/desk; functions/src/handlers/desk). */
export interface DeskApi {
  /** `Users/{uid}/pass`, live, with the copy kept on the device shown first (offline too). */
  watchPass: (uid: string, onChange: (pass: MemberPass | null) => void) => Unsubscribe;
  /** `memberPass`: the signed-in member's pass, issued on first call; `renew` voids the old. */
  memberPass: (renew: boolean) => Promise<string>;
  /** `checkInByPass`: rejects with the HttpsError the function sent. */
  checkInByPass: (pass: string, classId?: string) => Promise<DeskCheckIn>;
}
