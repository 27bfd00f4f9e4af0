import type { MailPreferenceKind, MailPreferences } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

/** The address studio mail goes to: the account's sign-in e-mail, once it is verified. */
export interface MailAddress {
  email: string;
  verified: boolean;
}

/** The member's own e-mail preferences and calendar feed. */
export interface MemberMailApi {
  /** The signed-in account's e-mail and whether it is verified (fresh from Auth), or null. */
  mailAddress: () => Promise<MailAddress | null>;
  /** Sends Firebase Auth's verification e-mail to the signed-in account again. */
  sendVerification: () => Promise<void>;
  /** `Users/{uid}/mail-preferences`, live: kind → false when turned off. */
  watchMailPreferences: (
    uid: string,
    onChange: (preferences: MailPreferences) => void,
  ) => Unsubscribe;
  /** Turns one kind on or off (the rules let a member write their own booleans). */
  setMailPreference: (uid: string, kind: MailPreferenceKind, on: boolean) => Promise<void>;
  /** `CalendarFeedTokens/{uid}`, live: the secret token of the member's feed, or null. */
  watchCalendarFeedToken: (uid: string, onChange: (token: string | null) => void) => Unsubscribe;
  /** `rotateCalendarFeed`: a new token (the old URL stops working), or none (`revoke`). */
  rotateCalendarFeed: (revoke: boolean) => Promise<string | null>;
}
