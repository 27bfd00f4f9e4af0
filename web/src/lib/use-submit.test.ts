import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../test/deferred';
import { CallableRefusal } from './callable-errors';
import { useSubmit } from './use-submit';

describe('useSubmit', () => {
  it('is busy while the call runs and keeps what it resolved to', async () => {
    const { result } = renderHook(() => useSubmit<number>());
    const call = deferred<number>();
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(() => call.promise);
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.done).toBeNull();
    await act(async () => {
      call.resolve(7);
      await running;
    });
    expect(result.current).toMatchObject({ busy: false, done: 7, failure: null });
  });

  it('turns a refusal into its words and clears the last success', async () => {
    const { result } = renderHook(() => useSubmit<number>());
    await act(() => result.current.run(() => Promise.resolve(1)));
    expect(result.current.done).toBe(1);
    await act(() =>
      result.current.run(() =>
        Promise.reject(new CallableRefusal('failed-precondition', 'noSubscription')),
      ),
    );
    expect(result.current).toMatchObject({
      busy: false,
      done: null,
      failure: { key: 'noSubscription' },
    });
    await act(() => result.current.run(() => Promise.reject(new Error('network'))));
    expect(result.current.failure).toEqual({ key: 'internalError' });
  });

  it('clears the last outcome without a call', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(() => result.current.run(() => Promise.reject(new Error('network'))));
    expect(result.current.failure).not.toBeNull();
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ busy: false, done: null, failure: null });
  });
});
