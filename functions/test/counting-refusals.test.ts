// `countingRefusals`: a member's refused call counts once toward its action, a call that counted
// itself (a `take` before its first write, a coupon guess) is not counted again, and the limit's
// own refusal is passed on as it is.
import { describe, expect, it } from 'vitest';
import { DomainError } from '@studio/core';
import type { RateLimitAction } from '@studio/core';
import { countingRefusals } from '../src/engine/rate-limiter';
import type { RateLimiter } from '../src/engine/rate-limiter';

/** A limiter that records what it is asked, and refuses `take` when told to. */
function recording(refuseTake = false) {
  const calls: string[] = [];
  const limiter: RateLimiter = {
    take: (_uid, action: RateLimitAction) => {
      calls.push(`take ${action}`);
      return refuseTake
        ? Promise.reject(new DomainError('resource-exhausted', 'tooManyAttempts', { seconds: 9 }))
        : Promise.resolve();
    },
    charge: (_uid, action: RateLimitAction) => {
      calls.push(`charge ${action}`);
      return Promise.resolve();
    },
    watch: () => () => undefined,
    refuseSpent: () => undefined,
    countRefusal: (_uid, action: RateLimitAction, error) => {
      calls.push(`refusal ${action}`);
      return Promise.resolve(error);
    },
  };
  return { calls, limiter };
}

const notFound = new DomainError('not-found', 'classNotFound');

describe('countingRefusals', () => {
  it('counts a refusal that came before any attempt was counted', async () => {
    const { calls, limiter } = recording();
    await expect(
      countingRefusals(limiter, 'u1', 'cancel', () => Promise.reject(notFound)),
    ).rejects.toBe(notFound);
    expect(calls).toEqual(['refusal cancel']);
  });

  it('does not count twice a call that counted its attempt before being refused', async () => {
    const { calls, limiter } = recording();
    await expect(
      countingRefusals(limiter, 'u1', 'book', async (limits) => {
        await limits.take('u1', 'book');
        throw notFound;
      }),
    ).rejects.toBe(notFound);
    expect(calls).toEqual(['take book']);
  });

  it("passes the limit's own refusal on, uncounted", async () => {
    const { calls, limiter } = recording(true);
    await expect(
      countingRefusals(limiter, 'u1', 'feed', (limits) => limits.take('u1', 'feed')),
    ).rejects.toMatchObject({ messageKey: 'tooManyAttempts' });
    expect(calls).toEqual(['take feed']);
  });

  it('adds nothing to an accepted call', async () => {
    const { calls, limiter } = recording();
    await expect(
      countingRefusals(limiter, 'u1', 'watch', async (limits) => {
        await limits.take('u1', 'watch');
        return 'ok';
      }),
    ).resolves.toBe('ok');
    expect(calls).toEqual(['take watch']);
  });
});
