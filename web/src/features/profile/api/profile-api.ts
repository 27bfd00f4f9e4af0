import type { LedgerEntry, User } from '@studio/core';
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
}
