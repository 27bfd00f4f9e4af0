import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage, removeStorage, writeStorage } from './storage';

describe('storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps values under the spec key names', () => {
    writeStorage('UID', 'u1');
    expect(localStorage.getItem('UID')).toBe('u1');
    expect(readStorage('UID')).toBe('u1');
    removeStorage('UID');
    expect(readStorage('UID')).toBeNull();
  });

  it('never throws when storage refuses to work', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    vi.stubGlobal('localStorage', refusing);
    expect(() => writeStorage('UID', 'u1')).not.toThrow();
    expect(readStorage('UID')).toBeNull();
    expect(() => removeStorage('UID')).not.toThrow();
  });
});
