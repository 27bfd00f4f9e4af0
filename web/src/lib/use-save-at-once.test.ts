import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSaveAtOnce } from './use-save-at-once';

describe('useSaveAtOnce', () => {
  it('says a change was not saved, logs why, and clears it when the next one is', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useSaveAtOnce());
    const refused = new Error('Permission denied');
    await act(async () => {
      result.current.save(Promise.reject(refused), 'push choice not saved', 'class-reminder');
      await Promise.resolve();
    });
    expect(result.current.failed).toBe(true);
    expect(logged).toHaveBeenCalledWith('push choice not saved', 'class-reminder', refused);
    await act(async () => {
      result.current.save(Promise.resolve(), 'push choice not saved', 'class-reminder');
      await Promise.resolve();
    });
    expect(result.current.failed).toBe(false);
    logged.mockRestore();
  });
});
