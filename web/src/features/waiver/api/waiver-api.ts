import type { CallableResult, SignWaiverInput, WaiverText, WaiverVersion } from '@studio/core';

export interface WaiverApi {
  /** The spec's ACCEPT: `Conditions` true, while the studio has no written waiver. */
  acceptWaiver: (uid: string) => Promise<void>;
  /** `Waivers/current` and its version; null when the studio has not written one. */
  currentWaiver: () => Promise<WaiverVersion | null>;
  /** `signWaiver`: rejects with the HttpsError the function sent. */
  signWaiver: (input: SignWaiverInput) => Promise<CallableResult<'signWaiver'>>;
}

/** What admin-studio's waiver editor reads and calls. */
export interface WaiverAdminApi extends Pick<WaiverApi, 'currentWaiver'> {
  /** `saveWaiver` (admins): publishes the next version; rejects with the function's HttpsError. */
  saveWaiver: (text: WaiverText) => Promise<CallableResult<'saveWaiver'>>;
}
