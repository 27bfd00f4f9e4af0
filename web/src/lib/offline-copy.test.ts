import { describe, expect, it } from 'vitest';
import { clearOfflineCopies, isOwnAccount, withOfflineCopy } from './offline-copy';
import { memoryOfflineStore } from '../../test/fakes/memory-offline-store';

/** A live subscription the test drives by hand, like the database SDK without a network. */
function liveSource() {
  let push: ((value: unknown) => void) | undefined;
  let stopped = false;
  return {
    subscribe: (onChange: (value: unknown) => void) => {
      push = onChange;
      return () => {
        stopped = true;
      };
    },
    push: (value: unknown) => push?.(value),
    stopped: () => stopped,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('offline copy of a live read', () => {
  it('shows the saved value when the database does not answer (offline start)', async () => {
    const { store } = memoryOfflineStore({ 'UserClasses/u1': { c1: { spot: 'A1' } } });
    const source = liveSource();
    const seen: unknown[] = [];
    withOfflineCopy(store, 'UserClasses/u1', source.subscribe, (value) => seen.push(value));
    await flush();
    expect(seen).toEqual([{ c1: { spot: 'A1' } }]);
  });

  it('saves every live value and never shows an older saved one after it', async () => {
    const { store, data } = memoryOfflineStore({ 'UserClasses/u1': { old: { spot: 'A1' } } });
    const source = liveSource();
    const seen: unknown[] = [];
    withOfflineCopy(store, 'UserClasses/u1', source.subscribe, (value) => seen.push(value));
    source.push({ fresh: { spot: 'B2' } });
    await flush();
    expect(seen).toEqual([{ fresh: { spot: 'B2' } }]);
    expect(data.get('UserClasses/u1')).toEqual({ fresh: { spot: 'B2' } });
  });

  it('stops the live read and reports nothing after unsubscribing', async () => {
    const { store } = memoryOfflineStore({ k: 'saved' });
    const source = liveSource();
    const seen: unknown[] = [];
    const stop = withOfflineCopy(store, 'k', source.subscribe, (value) => seen.push(value));
    stop();
    await flush();
    expect(source.stopped()).toBe(true);
    expect(seen).toEqual([]);
  });

  it('passes live values straight through where the browser has no IndexedDB', () => {
    const source = liveSource();
    const seen: unknown[] = [];
    withOfflineCopy(null, 'k', source.subscribe, (value) => seen.push(value));
    source.push(1);
    expect(seen).toEqual([1]);
  });

  it('forgets every saved copy at logout', async () => {
    const { store, data } = memoryOfflineStore({ a: 1, b: 2 });
    await clearOfflineCopies(store);
    expect(data.size).toBe(0);
  });
});

describe('isOwnAccount', () => {
  it('keeps only the nodes of the account signed in on this device', () => {
    localStorage.setItem('UID', 'member-1');
    expect(isOwnAccount('member-1')).toBe(true);
    expect(isOwnAccount('member-2')).toBe(false);
  });

  it('keeps nothing for a guest', () => {
    localStorage.setItem('UID', 'null');
    expect(isOwnAccount('member-1')).toBe(false);
  });
});
