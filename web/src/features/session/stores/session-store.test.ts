import { describe, expect, it, vi } from 'vitest';

// The store reads `UID` when it is created, at the app's start: each test loads a fresh copy.
async function storeAtStart(uid: string | null) {
  if (uid !== null) localStorage.setItem('UID', uid);
  vi.resetModules();
  return import('./session-store');
}

describe('the member a page shows before auth answers', () => {
  it('is the account this device last signed in with', async () => {
    const { selectMemberUid, useSessionStore } = await storeAtStart('member-1');
    expect(useSessionStore.getState().status).toBe('unknown');
    expect(useSessionStore.getState().uid).toBeNull();
    expect(selectMemberUid(useSessionStore.getState())).toBe('member-1');
  });

  it.each([
    ['a guest (UID is the text null)', 'null'],
    ['a device that never opened the app', null],
  ])('is nobody on %s', async (_case, stored) => {
    const { selectMemberUid, useSessionStore } = await storeAtStart(stored);
    expect(selectMemberUid(useSessionStore.getState())).toBeNull();
  });

  it('stays the same when auth confirms that account', async () => {
    const { selectMemberUid, useSessionStore } = await storeAtStart('member-1');
    useSessionStore.getState().signedIn('member-1', null);
    expect(selectMemberUid(useSessionStore.getState())).toBe('member-1');
  });

  it('becomes the account auth answers with, or nobody for a guest', async () => {
    const { selectMemberUid, useSessionStore } = await storeAtStart('member-1');
    useSessionStore.getState().signedIn('member-2', null);
    expect(selectMemberUid(useSessionStore.getState())).toBe('member-2');
    useSessionStore.getState().becameGuest('guest-key');
    expect(selectMemberUid(useSessionStore.getState())).toBeNull();
  });

  it('is never the stored account once auth has said guest', async () => {
    const { selectMemberUid, useSessionStore } = await storeAtStart('member-1');
    useSessionStore.getState().becameGuest('guest-key');
    expect(selectMemberUid(useSessionStore.getState())).toBeNull();
  });
});
