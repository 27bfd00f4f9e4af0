import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepOwnCopies, REST_HEAD_START_MS, restThenLive } from './realtime';
import { deferred } from '../../test/deferred';
import { memoryOfflineStore } from '../../test/fakes/memory-offline-store';

/** A live listener the test drives: `emit` reports a value, `stopped` says whether it ended. */
function fakeLive() {
  const state = { started: 0, stopped: false, emit: (_value: unknown) => {} };
  const subscribe = (next: (value: unknown) => void) => {
    state.started += 1;
    state.emit = next;
    return () => {
      state.stopped = true;
    };
  };
  return { state, subscribe };
}

describe('restThenLive: the first answer over REST, then the live listener', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'requestIdleCallback'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the REST answer, then starts the listener once it is shown, whose values follow', async () => {
    const rest = deferred<{ value: unknown } | null>();
    const shown = deferred<void>();
    const live = fakeLive();
    const seen: unknown[] = [];
    restThenLive(
      () => rest.promise,
      live.subscribe,
      (value) => seen.push(value),
      () => shown.promise,
    );
    expect(live.state.started).toBe(0);
    rest.resolve({ value: { e1: 'ride' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([{ e1: 'ride' }]);
    // The SDK waits until the page's first answers are on screen.
    await vi.advanceTimersByTimeAsync(500);
    expect(live.state.started).toBe(0);
    shown.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.state.started).toBe(1);
    live.state.emit({ e1: 'ride', e2: 'climb' });
    expect(seen).toEqual([{ e1: 'ride' }, { e1: 'ride', e2: 'climb' }]);
  });

  it('leaves a refused or failed read to the listener, showing nothing from it', async () => {
    // Made when read, so the rejection is never left without a handler.
    const outcomes = [() => Promise.resolve(null), () => Promise.reject(new Error('offline'))];
    for (const outcome of outcomes) {
      const live = fakeLive();
      const seen: unknown[] = [];
      restThenLive(outcome, live.subscribe, (value) => seen.push(value));
      await vi.advanceTimersByTimeAsync(0);
      expect(seen).toEqual([]);
      expect(live.state.started).toBe(1);
    }
  });

  it('starts the listener after the head start when REST hangs, and drops a late REST answer', async () => {
    const rest = deferred<{ value: unknown } | null>();
    const live = fakeLive();
    const seen: unknown[] = [];
    restThenLive(
      () => rest.promise,
      live.subscribe,
      (value) => seen.push(value),
    );
    await vi.advanceTimersByTimeAsync(REST_HEAD_START_MS - 1);
    expect(live.state.started).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.state.started).toBe(1);
    live.state.emit('new');
    rest.resolve({ value: 'old' });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['new']);
    expect(live.state.started).toBe(1);
  });

  it('stopping before REST answered aborts the read and never starts the listener', async () => {
    const rest = deferred<{ value: unknown } | null>();
    const live = fakeLive();
    const seen: unknown[] = [];
    let signal: AbortSignal | undefined;
    const stop = restThenLive(
      (given) => {
        signal = given;
        return rest.promise;
      },
      live.subscribe,
      (value) => seen.push(value),
    );
    stop();
    expect(signal?.aborted).toBe(true);
    rest.resolve({ value: 'late' });
    await vi.advanceTimersByTimeAsync(REST_HEAD_START_MS);
    expect(seen).toEqual([]);
    expect(live.state.started).toBe(0);
  });

  it('stopping after the listener started stops it', async () => {
    const live = fakeLive();
    const stop = restThenLive(
      () => Promise.resolve(null),
      live.subscribe,
      () => {},
    );
    await vi.advanceTimersByTimeAsync(0);
    stop();
    expect(live.state.stopped).toBe(true);
  });
});

describe('keepOwnCopies: the member’s own nodes kept without opening their pages', () => {
  beforeEach(() => {
    localStorage.setItem('UID', 'm1');
  });

  it('reads and saves each node not kept yet, under its path', async () => {
    const { store, data } = memoryOfflineStore();
    const answers: Record<string, { value: unknown } | null> = {
      'UserWaitlist/m1': { value: { c1: { date: '2026-11-26' } } },
      'UserClasses/m1': { value: null },
      'CreditLedger/m1': null,
    };
    await keepOwnCopies('m1', Object.keys(answers), store, (path) =>
      Promise.resolve(answers[path] ?? null),
    );
    expect(Object.fromEntries(data)).toEqual({
      'UserWaitlist/m1': { c1: { date: '2026-11-26' } },
      'UserClasses/m1': null,
    });
  });

  it('leaves a node already kept to its live listener, unread', async () => {
    const { store, data } = memoryOfflineStore({
      'UserClasses/m1': { c9: { date: '2026-12-01' } },
    });
    const reads: string[] = [];
    await keepOwnCopies('m1', ['UserClasses/m1', 'Users/m1'], store, (path) => {
      reads.push(path);
      return Promise.resolve({ value: 'read' });
    });
    expect(reads).toEqual(['Users/m1']);
    expect(data.get('UserClasses/m1')).toEqual({ c9: { date: '2026-12-01' } });
  });

  it('writes nothing once the account is no longer the one on this device', async () => {
    const { store, data } = memoryOfflineStore();
    const answer = deferred<{ value: unknown } | null>();
    const keeping = keepOwnCopies('m1', ['Users/m1'], store, () => answer.promise);
    // Logout (or another account) while the read is under way.
    localStorage.setItem('UID', 'null');
    answer.resolve({ value: { Name: 'Ana' } });
    await keeping;
    expect(data.size).toBe(0);
  });

  it('survives a read that fails', async () => {
    const { store, data } = memoryOfflineStore();
    await keepOwnCopies('m1', ['Users/m1', 'UserWaitlist/m1'], store, (path) =>
      path === 'Users/m1' ? Promise.reject(new Error('offline')) : Promise.resolve({ value: 1 }),
    );
    expect(Object.fromEntries(data)).toEqual({ 'UserWaitlist/m1': 1 });
  });
});
