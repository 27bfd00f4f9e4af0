import { describe, expect, it } from 'vitest';
import { isDomainError } from './errors';
import { t } from './messages';
import { RATE_LIMITS, decideRateLimit, rateLimitedError } from './rate-limits';

const limit = { max: 3, windowMs: 60_000 };

describe('decideRateLimit', () => {
  it('opens a window on the first attempt', () => {
    expect(decideRateLimit(null, limit, 1_000)).toEqual({
      allowed: true,
      next: { start: 1_000, count: 1 },
    });
  });

  it('allows up to max attempts in the window and refuses the next, until the window ends', () => {
    let stored: unknown = null;
    for (let i = 0; i < 3; i += 1) {
      const decision = decideRateLimit(stored, limit, 1_000 + i);
      expect(decision.allowed).toBe(true);
      if (decision.allowed) stored = decision.next;
    }
    expect(decideRateLimit(stored, limit, 2_000)).toEqual({ allowed: false, retryAt: 61_000 });
    expect(decideRateLimit(stored, limit, 60_999).allowed).toBe(false);
    expect(decideRateLimit(stored, limit, 61_000)).toEqual({
      allowed: true,
      next: { start: 61_000, count: 1 },
    });
  });

  it('charges the cost, and refuses an attempt that would go over', () => {
    const decision = decideRateLimit({ start: 0, count: 1 }, limit, 10, 3);
    expect(decision).toEqual({ allowed: false, retryAt: 60_000 });
  });

  it('records a forced cost over the limit (a cost learnt after the work)', () => {
    expect(decideRateLimit({ start: 0, count: 2 }, limit, 10, 2, true)).toEqual({
      allowed: true,
      next: { start: 0, count: 4 },
    });
  });

  it('treats a stored value of another shape, or from the future, as no window', () => {
    for (const stored of ['x', { start: -1, count: 1 }, { start: 5_000, count: 99 }]) {
      expect(decideRateLimit(stored, limit, 1_000)).toEqual({
        allowed: true,
        next: { start: 1_000, count: 1 },
      });
    }
  });

  it('lets a member book a week of classes in one minute', () => {
    let stored: unknown = null;
    for (let i = 0; i < 7; i += 1) {
      const decision = decideRateLimit(stored, RATE_LIMITS.book, i * 5_000);
      expect(decision.allowed).toBe(true);
      if (decision.allowed) stored = decision.next;
    }
  });
});

describe('rateLimitedError', () => {
  it('is resource-exhausted and says when to retry, in both languages', () => {
    const error = rateLimitedError(61_000, 1_500);
    expect(isDomainError(error)).toBe(true);
    expect(error.code).toBe('resource-exhausted');
    expect(error.messageKey).toBe('tooManyAttempts');
    expect(error.params).toEqual({ seconds: 60 });
    expect(t('tooManyAttempts', 'en', error.params)).toContain('60 seconds');
    expect(t('tooManyAttempts', 'es', error.params)).toContain('60 segundos');
  });

  it('never says zero seconds', () => {
    expect(rateLimitedError(1_000, 1_000).params).toEqual({ seconds: 1 });
  });
});
