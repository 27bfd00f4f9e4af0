import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOptimisticBooking } from './use-optimistic-booking';
import { deferred } from '../../../../test/deferred';

describe('optimistic booking', () => {
  it('holds the spot at once and confirms the spot the server gave', async () => {
    const { result } = renderHook(() => useOptimisticBooking('ride'));
    const answer = deferred<{ spot: string }>();
    act(() => result.current.book(() => answer.promise, 'a3'));
    expect(result.current.state).toEqual({ phase: 'held', spot: 'a3' });
    await act(() => {
      answer.resolve({ spot: 'a4' });
      return answer.promise;
    });
    expect(result.current.state).toEqual({ phase: 'confirmed', spot: 'a4' });
  });

  it('rolls the hold back with the server’s error', async () => {
    const { result } = renderHook(() => useOptimisticBooking('ride'));
    const answer = deferred<{ spot: string }>();
    const refusal = new Error('spot taken');
    act(() => result.current.book(() => answer.promise, undefined));
    expect(result.current.state).toEqual({ phase: 'held', spot: undefined });
    await act(() => {
      answer.reject(refusal);
      return answer.promise.catch(() => undefined);
    });
    expect(result.current.state).toEqual({ phase: 'rolled-back', spot: undefined, error: refusal });
  });

  it('ignores the answer of an attempt the member has moved on from', async () => {
    const { result } = renderHook(() => useOptimisticBooking('ride'));
    const first = deferred<{ spot: string }>();
    act(() => result.current.book(() => first.promise, 'a1'));
    act(() => result.current.reset());
    await act(() => {
      first.resolve({ spot: 'a1' });
      return first.promise;
    });
    expect(result.current.state).toEqual({ phase: 'idle' });
  });

  it('keeps a held seat when the sheet closes, and settles it while closed', async () => {
    const first = renderHook(() => useOptimisticBooking('ride'));
    const answer = deferred<{ spot: string }>();
    act(() => first.result.current.book(() => answer.promise, 'a2'));
    first.unmount();
    const reopened = renderHook(() => useOptimisticBooking('ride'));
    expect(reopened.result.current.state).toEqual({ phase: 'held', spot: 'a2' });
    reopened.unmount();
    await act(() => {
      answer.resolve({ spot: 'a2' });
      return answer.promise;
    });
    const again = renderHook(() => useOptimisticBooking('ride'));
    expect(again.result.current.state).toEqual({ phase: 'confirmed', spot: 'a2' });
    // Shown once: closing the sheet forgets the settled outcome.
    again.unmount();
    expect(renderHook(() => useOptimisticBooking('ride')).result.current.state).toEqual({
      phase: 'idle',
    });
  });

  it('keeps each class’s booking apart', () => {
    const ride = renderHook(() => useOptimisticBooking('ride'));
    act(() => ride.result.current.book(() => new Promise(() => undefined), 'a1'));
    expect(renderHook(() => useOptimisticBooking('yoga')).result.current.state).toEqual({
      phase: 'idle',
    });
  });
});
