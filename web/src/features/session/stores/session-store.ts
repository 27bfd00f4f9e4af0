/**
 * Who is using the app (spec §4). State and setters only: the effects that fill it (auth
 * listener, server-time check, user details) live in `hooks/`, per the zustand slices pattern.
 */
import type { AdminFlag, Role } from '@studio/core';
import type { StateCreator } from 'zustand';
import { create } from 'zustand';

export type SessionStatus = 'unknown' | 'guest' | 'signed-in';

/** `Users/{uid}` as the shell uses it. */
export interface Profile {
  name: string | null;
  /** Email, or Phone for accounts made with a phone number (spec §3: both read). */
  email: string | null;
  img: string | null;
  adminFlag: AdminFlag | null;
  /** Waiver accepted (spec §4). */
  conditions: boolean;
  activeSubscription: boolean;
  credits: number;
}

interface AuthSlice {
  status: SessionStatus;
  /** The signed-in uid; null for guests and before auth answers. */
  uid: string | null;
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

const createAuthSlice: StateCreator<SessionState, [], [], AuthSlice> = (set) => ({
  status: 'unknown',
  uid: null,
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

export const initialSessionState: Pick<
  SessionState,
  'status' | 'uid' | 'guestKey' | 'profile' | 'role'
> = { status: 'unknown', uid: null, guestKey: null, profile: null, role: null };
