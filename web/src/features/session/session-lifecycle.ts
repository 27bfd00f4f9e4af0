/**
 * The session rules of the product (docs/product-contract.md), as plain functions over the API,
 * local storage and the store.
 * `hooks/use-session-bootstrap.ts` decides when they run; tests drive them with fake timers.
 */
import type { AdminFlag, Role, User } from '@studio/core';
import { formatDateTime, roleFromAdminFlag, sameMinute, TIMINGS } from '@studio/core';
import { showToast } from '../../components/ui/toast';
import { isLang, translate, useLangStore } from '../../lib/i18n';
import { clearOfflineCopies } from '../../lib/offline-copy';
import type { StorageKey } from '../../lib/storage';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import type { SessionApi } from './api/session-api';
import { sessionMessages } from './session-messages';
import type { Profile } from './stores/session-store';
import { useSessionStore } from './stores/session-store';

/** What UID holds when nobody is signed in: the text null. */
export const GUEST_UID = 'null';

/** Profile caches written when the details load and dropped on logout. */
const PROFILE_CACHE_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.name,
  STORAGE_KEYS.admin,
  STORAGE_KEYS.email,
  STORAGE_KEYS.img,
];

export function createGuestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a phone opening the dev server by LAN address has none.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The role cached in `Admin` as text, so the menu is right before the details load. */
export function roleFromCachedAdmin(cached: string | null): Role | null {
  if (cached === 'true') return 'admin';
  if (cached === 'Staff') return 'staff';
  if (cached === 'Coach' || cached === 'fs') return 'coach';
  if (cached === 'false') return 'member';
  return null;
}

/** A guest gets a `KeyTemporal` once (kept across visits) and UID is the text null. */
export function enterGuest(): void {
  // A session that ended without Logout (expired, revoked, disabled) leaves no member data here.
  const previous = readStorage(STORAGE_KEYS.uid);
  if (previous && previous !== GUEST_UID) dropOfflineCopies();
  let guestKey = readStorage(STORAGE_KEYS.guestKey);
  if (!guestKey) {
    guestKey = createGuestKey();
    writeStorage(STORAGE_KEYS.guestKey, guestKey);
  }
  writeStorage(STORAGE_KEYS.uid, GUEST_UID);
  useSessionStore.getState().becameGuest(guestKey);
}

function dropOfflineCopies(): void {
  clearOfflineCopies().catch((error: unknown) =>
    console.error('offline copies could not be cleared', error),
  );
}

export function enterSignedIn(uid: string): void {
  writeStorage(STORAGE_KEYS.uid, uid);
  const lastAccount = readStorage(STORAGE_KEYS.loginCacheUid);
  const sameAccount = lastAccount === uid;
  // Another account on this device: the previous member's kept copies go.
  if (lastAccount && !sameAccount) dropOfflineCopies();
  const cachedRole = sameAccount ? roleFromCachedAdmin(readStorage(STORAGE_KEYS.admin)) : null;
  writeStorage(STORAGE_KEYS.loginCacheUid, uid);
  useSessionStore.getState().signedIn(uid, cachedRole);
}

/**
 * Stamp `DateService/{uid}` on the server, read `Ts` back and log whether the local
 * clock agrees to the minute. Resolves to the server clock's lead over the local one (0 when
 * unknown), used to write `LastSeen` in server time.
 */
export async function checkServerTime(
  api: SessionApi,
  uid: string,
  now: () => number,
): Promise<number> {
  try {
    const stamp = await api.stampServerTime(uid);
    if (!stamp) return 0;
    const local = now();
    console.log(sessionMessages.en[sameMinute(stamp.Ts, local) ? 'timeNormal' : 'timeProblem']);
    writeStorage(STORAGE_KEYS.timestamp, String(stamp.Ts));
    if (stamp.IP) writeStorage(STORAGE_KEYS.ip, stamp.IP);
    return stamp.Ts - local;
  } catch (error) {
    console.error('server time check failed', error);
    return 0;
  }
}

export function toProfile(user: User | null): Profile {
  return {
    name: user?.Name ?? null,
    email: user?.Email ?? user?.Phone ?? null,
    img: user?.Img ?? null,
    adminFlag: user?.Admin ?? null,
    conditions: user?.Conditions === true,
    activeSubscription: user?.activeSuscription === true,
    credits: user?.Credits ?? 0,
    ...(user?.['branch-scope'] === undefined ? {} : { branchScope: user['branch-scope'] }),
  };
}

function cache(key: StorageKey, value: string | null): void {
  if (value === null) removeStorage(key);
  else writeStorage(key, value);
}

function cacheProfile(profile: Profile, adminFlag: AdminFlag | null): void {
  cache(STORAGE_KEYS.name, profile.name);
  cache(STORAGE_KEYS.admin, String(adminFlag ?? false));
  cache(STORAGE_KEYS.email, profile.email);
  cache(STORAGE_KEYS.img, profile.img);
}

/**
 * The user details (3 s after sign-in): cache NameUser/Admin/Email/Img, derive the role
 * (a coach is welcomed), report a missing Name, and update LastSeen.
 */
export async function loadUserDetails(
  api: SessionApi,
  uid: string,
  serverNow: () => number,
): Promise<void> {
  const user = await api.getUser(uid);
  // The member may have signed out (or switched account) while the read was in flight.
  if (useSessionStore.getState().uid !== uid) return;
  const profile = toProfile(user);
  const role = roleFromAdminFlag(user?.Admin);
  cacheProfile(profile, profile.adminFlag);
  useSessionStore.getState().profileLoaded(profile, role);
  if (isLang(user?.Lang)) useLangStore.getState().setLang(user.Lang);
  if (role === 'coach') {
    showToast(
      translate('welcomeCoach', useLangStore.getState().lang, undefined, sessionMessages),
      TIMINGS.shellToastMs,
    );
  }
  const writes = [api.updateLastSeen(uid, formatDateTime(serverNow()))];
  if (!profile.name) writes.push(api.reportMissingName(uid));
  await Promise.all(writes);
}

/** Logout signs out, stores the text null as UID and reloads the page. */
export async function logout(api: SessionApi, reload: () => void): Promise<void> {
  await api.signOut();
  writeStorage(STORAGE_KEYS.uid, GUEST_UID);
  for (const key of PROFILE_CACHE_KEYS) removeStorage(key);
  reload();
}
