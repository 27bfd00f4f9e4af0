import { describe, expect, it } from 'vitest';
import { createPushIdGenerator } from '../../src/server/push-id';

const ALPHABET = /^[-0-9A-Z_a-z]{20}$/;

describe('push ids', () => {
  it('are 20 characters of the push alphabet', () => {
    expect(createPushIdGenerator()(Date.now())).toMatch(ALPHABET);
  });

  it('sort in creation order within one millisecond and across milliseconds', () => {
    const next = createPushIdGenerator();
    const ids = [next(1000), next(1000), next(1000), next(1001), next(5_000_000_000_000)];
    // Push ids compare in plain ASCII order, as the alphabet is ASCII-ordered.
    expect([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('encode the timestamp in the first 8 characters', () => {
    const next = createPushIdGenerator();
    expect(next(0).slice(0, 8)).toBe('--------');
    expect(next(64).slice(0, 8)).toBe('------0-');
  });
});
