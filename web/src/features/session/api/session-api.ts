import type { Lang, User } from '@studio/core';
import type { AuthUser } from './observe-auth';
import type { ServerStamp } from './stamp-server-time';

export type { AuthUser, ServerStamp };

/** Everything the session needs from Firebase; tests pass an in-memory implementation. */
export interface SessionApi {
  observeAuth: (listener: (user: AuthUser | null) => void) => () => void;
  stampServerTime: (uid: string) => Promise<ServerStamp | null>;
  getUser: (uid: string) => Promise<User | null>;
  updateLastSeen: (uid: string, lastSeen: string) => Promise<void>;
  reportMissingName: (uid: string) => Promise<void>;
  saveLang: (uid: string, lang: Lang) => Promise<void>;
  /** Keeps the member's own nodes on the device for instant and offline pages (lib/realtime). */
  keepOwnCopies: (uid: string) => Promise<void>;
  signOut: () => Promise<void>;
}
