import { beforeEach, describe, expect, it, vi } from 'vitest';

const cleared = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/offline-copy', () => ({
  clearOfflineCopies: () => {
    cleared.count += 1;
    return Promise.resolve();
  },
}));

// The web project shares modules between files (isolate: false): a file that ran before may
// have loaded the real lib/offline-copy already, so load this module anew, over the mock.
vi.resetModules();
const { enterGuest, enterSignedIn } = await import('./session-lifecycle');

// The member's own nodes are kept in IndexedDB (lib/offline-copy.ts); a session that ends
// without Logout, or another account on the same device, must not leave them behind.
describe('kept copies when the account changes', () => {
  beforeEach(() => {
    localStorage.clear();
    cleared.count = 0;
  });

  it('keeps them when the same member comes back', () => {
    enterSignedIn('u1');
    enterSignedIn('u1');
    expect(cleared.count).toBe(0);
  });

  it('drops them when another account signs in on this device', () => {
    enterSignedIn('u1');
    enterSignedIn('u2');
    expect(cleared.count).toBe(1);
  });

  it('drops them when a signed-in session ends as a guest without Logout', () => {
    enterSignedIn('u1');
    enterGuest();
    expect(cleared.count).toBe(1);
    // A guest visiting again has nothing to drop.
    enterGuest();
    expect(cleared.count).toBe(1);
  });
});
