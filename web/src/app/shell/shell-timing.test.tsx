import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createFakeSessionApi } from '../../../test/fakes/fake-session-api';
import type { ShellApis } from './shell-apis';
import { TIMERS_AND_FRAMES } from '../../../test/fake-frames';

// 10:00 in Monterrey on 2025-06-10.
const START = new Date('2025-06-10T16:00:00.000Z');
const TODAY = '2025-06-10';
/** The session layer waits at most this long for the page's first reads (shell.tsx). */
const LAYER_LIMIT_MS = 2000;

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * The shell around a page whose first read never answers, so its session layer mounts only
 * after the 2 s limit and a frame: late, as on a slow network. Fresh modules each time: the
 * shell loads its layer once per app, and the first reads are counted once per app.
 */
async function renderLateShell() {
  vi.resetModules();
  const { Shell } = await import('./shell');
  const { holdFirstRead } = await import('../../lib/first-reads');
  function PageWaitingForItsData() {
    useEffect(() => {
      holdFirstRead();
    }, []);
    return <p>page</p>;
  }
  const session = createFakeSessionApi({ u1: { Name: 'Ana', Conditions: true } });
  const priceReads: number[] = [];
  const apis: ShellApis = {
    session: session.api,
    waiver: {
      acceptWaiver: () => Promise.resolve(),
      currentWaiver: () => Promise.resolve(null),
      signWaiver: () => Promise.reject(new Error('no written waiver here')),
    },
    subscription: {
      getSuscriptionPrices: () => {
        priceReads.push(Date.now() - START.getTime());
        return Promise.resolve({ discounted: 39, regular: 59 });
      },
    },
    notifications: { watchNotifications: () => () => undefined, markRead: () => Promise.resolve() },
    studio: { watchStudio: () => () => undefined },
  };
  const location = memoryLocation({ path: '/tabs/inicio' });
  render(
    <Router hook={location.hook}>
      <Shell apis={apis} startedAt={START.getTime()}>
        <PageWaitingForItsData />
      </Shell>
    </Router>,
  );
  // The limit, the next frame, then the layer's chunk.
  await advance(LAYER_LIMIT_MS + 17);
  await act(async () => {
    await import('./shell-deferred');
  });
  await advance(0);
  const mountedAt = Date.now() - START.getTime();
  return { session, priceReads, mountedAt };
}

describe('the spec timings, with the session layer mounted late', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      now: START,
      toFake: [...TIMERS_AND_FRAMES],
    });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.resetModules();
  });

  it('opens the subscription offer 5 s after the app started, never before', async () => {
    const { session, mountedAt } = await renderLateShell();
    expect(mountedAt).toBeGreaterThanOrEqual(LAYER_LIMIT_MS);
    act(() => session.emit(null));
    // Counted from its mount it would open at mountedAt + 5 s.
    await advance(5000 - mountedAt - 1);
    expect(localStorage.getItem('weekly_modal_date')).toBeNull();
    await advance(1);
    expect(localStorage.getItem('weekly_modal_date')).toBe(TODAY);
  });

  it('reads the prices as the layer mounts: their 1 s after the start has passed', async () => {
    const { priceReads, mountedAt } = await renderLateShell();
    await advance(0);
    expect(priceReads).toEqual([mountedAt]);
    await advance(10_000);
    expect(priceReads).toHaveLength(1);
  });

  it('loads the user details 3 s after the sign-in, as auth reports it', async () => {
    const { session } = await renderLateShell();
    await advance(700);
    act(() => session.emit({ uid: 'u1', email: null }));
    await advance(2999);
    expect(session.state.userReads).toEqual([]);
    await advance(1);
    expect(session.state.userReads).toEqual(['u1']);
  });
});
