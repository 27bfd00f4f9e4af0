import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceWorkerGate } from './service-worker-gate';

const registrar = <p>registering</p>;

describe('service worker registration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // happy-dom has no service worker container; browsers that can register one do.
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('starts 30 000 ms after the app starts in a production build', async () => {
    render(
      <ServiceWorkerGate enabled startedAt={Date.now()}>
        {registrar}
      </ServiceWorkerGate>,
    );
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(screen.queryByText('registering')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('registering')).toBeTruthy();
  });

  it('counts the 30 000 ms from the start, not from its own later mount', async () => {
    const startedAt = Date.now();
    // The session layer, which mounts the gate, came 2 s and a frame after the start.
    await vi.advanceTimersByTimeAsync(2017);
    render(
      <ServiceWorkerGate enabled startedAt={startedAt}>
        {registrar}
      </ServiceWorkerGate>,
    );
    await act(() => vi.advanceTimersByTimeAsync(30_000 - 2017 - 1));
    expect(screen.queryByText('registering')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('registering')).toBeTruthy();
  });

  it('never starts outside production builds', async () => {
    render(<ServiceWorkerGate enabled={false}>{registrar}</ServiceWorkerGate>);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByText('registering')).toBeNull();
  });

  it('never starts in a browser without service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    render(<ServiceWorkerGate enabled>{registrar}</ServiceWorkerGate>);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByText('registering')).toBeNull();
  });
});
