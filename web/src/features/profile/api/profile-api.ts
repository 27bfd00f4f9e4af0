import type { LedgerEntry, User, UserClass } from '@studio/core';
import type { UploadPicture } from '../../../lib/pictures/upload';
import type { Unsubscribe } from '../../../lib/realtime';

export interface ProfileApi {
  /**
   * `Users/{uid}`, live: name, contact, credits-list, subscription. `onError` hears a refused
   * read (someone else's profile).
   */
  watchUser: (
    uid: string,
    onChange: (user: User | null) => void,
    onError?: (error: Error) => void,
  ) => Unsubscribe;
  /** `CreditLedger/{uid}`, live. */
  watchLedger: (
    uid: string,
    onChange: (entries: Record<string, LedgerEntry>) => void,
  ) => Unsubscribe;
  /** `UserClasses/{uid}`, live: names the classes credits paid for. */
  watchMyClasses: (
    uid: string,
    onChange: (classes: Record<string, UserClass>) => void,
  ) => Unsubscribe;
  /** The studio's waiting-list cut-off (`Settings.waitlistCutoffMinutes`). */
  loadStudioCutoffMinutes: () => Promise<number>;
  /** The member's own name and phone (`Users/{uid}` Name, Phone); a null phone removes it. */
  saveDetails: (uid: string, details: { Name: string; Phone: string | null }) => Promise<void>;
  /** "My cut-off": `Users/{uid}/PromotionCutoffHours`; null goes back to the studio's. */
  savePromotionCutoff: (uid: string, hours: number | null) => Promise<void>;
  /** Stores a picture's widths in Cloud Storage (the member's photo: `members/{uid}/avatar/…`). */
  uploadPicture: UploadPicture;
  /** The member's photo, `Users/{uid}/Img`: a download URL of their own upload; null removes it. */
  savePhoto: (uid: string, url: string | null) => Promise<void>;
}
