/**
 * Who is using the app. State and setters only: the effects that fill it (auth
 * listener, server-time check, user details) live in `hooks/`, per the zustand slices pattern.
 */
import type { AdminFlag, Role } from '@studio/core';
import type { StateCreator } from 'zustand';
import { create } from 'zustand';
import { readStorage } from '../../../lib/storage';

export type SessionStatus = 'unknown' | 'guest' | 'signed-in';

/** `Users/{uid}` as the shell uses it. */
export interface Profile {
  name: string | null;
  /** Email, or Phone for accounts made with a phone number (both read). */
  email: string | null;
  img: string | null;
  adminFlag: AdminFlag | null;
  /** Waiver accepted. */
  conditions: boolean;
  activeSubscription: boolean;
  credits: number;
  /** The branch an admin or front-desk account manages (`branch-scope`); absent: the chain. */
  branchScope?: string;
}

interface AuthSlice {
  status: SessionStatus;
  /** The signed-in uid; null for guests and before auth answers. */
  uid: string | null;
  /**
   * Until auth answers, the account this device was last signed in with (`UID` in local
   * storage), so a member's page starts its reads without waiting for the session layer
   * and the Auth SDK (docs/architecture/performance.md#the-load-chain-of-a-data-page). Only a
   * guess: `selectMemberUid` gives it to pages while the status is unknown, never after.
   */
  expectedUid: string | null;
  /** A guest's `KeyTemporal`. */
  guestKey: string | null;
  signedIn: (uid: string, cachedRole: Role | null) => void;
  becameGuest: (guestKey: string) => void;
}

interface ProfileSlice {
  /** Null until `Users/{uid}` has loaded (3 s after sign-in). */
  profile: Profile | null;
  /** From the loaded profile, or the cached `Admin` flag of the same account until then. */
  role: Role | null;
  profileLoaded: (profile: Profile, role: Role) => void;
  waiverAccepted: () => void;
}

export type SessionState = AuthSlice & ProfileSlice;

/**
 * `UID` as the session last wrote it: a uid, or the text null for a guest. Named as
 * text: `STORAGE_KEYS` would bring core's settings module, and zod with it, into the first route.
 */
function storedUid(): string | null {
  const stored = readStorage('UID');
  return stored && stored !== 'null' ? stored : null;
}

const createAuthSlice: StateCreator<SessionState, [], [], AuthSlice> = (set) => ({
  status: 'unknown',
  uid: null,
  expectedUid: storedUid(),
  guestKey: null,
  signedIn: (uid, cachedRole) =>
    set((state) =>
      state.uid === uid
        ? { status: 'signed-in' }
        : { status: 'signed-in', uid, guestKey: null, profile: null, role: cachedRole },
    ),
  becameGuest: (guestKey) =>
    set({ status: 'guest', uid: null, guestKey, profile: null, role: null }),
});

const createProfileSlice: StateCreator<SessionState, [], [], ProfileSlice> = (set) => ({
  profile: null,
  role: null,
  profileLoaded: (profile, role) => set({ profile, role }),
  waiverAccepted: () =>
    set((state) => (state.profile ? { profile: { ...state.profile, conditions: true } } : {})),
});

export const useSessionStore = create<SessionState>()((...args) => ({
  ...createAuthSlice(...args),
  ...createProfileSlice(...args),
}));

/**
 * The member whose data a page shows: the signed-in uid, or while sign-in is still being checked
 * the expected one; null for a guest, or when nothing is known yet. When auth confirms the same
 * account the value does not change, so nothing reads twice.
 */
export function selectMemberUid(state: SessionState): string | null {
  if (state.status === 'signed-in') return state.uid;
  return state.status === 'unknown' ? state.expectedUid : null;
}

export const initialSessionState: Pick<
  SessionState,
  'status' | 'uid' | 'expectedUid' | 'guestKey' | 'profile' | 'role'
> = { status: 'unknown', uid: null, expectedUid: null, guestKey: null, profile: null, role: null };

/**
 * The branch a signed-in admin or front desk manages (a branch manager), or null: the whole chain,
 * or any other role. The rules hold them to it; screens use it to read what they may.
 */
export function selectBranchScope(state: SessionState): string | null {
  return state.role === 'admin' || state.role === 'staff'
    ? (state.profile?.branchScope ?? null)
    : null;
}
