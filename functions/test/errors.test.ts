import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, ERROR_CODES, InvalidKeyError, paths, t } from '@studio/core';
import { toHttpsError } from '../src/errors';

describe('toHttpsError', () => {
  it.each(ERROR_CODES.filter((code) => code !== 'internal'))(
    'maps a DomainError %s to the same HttpsError code with the English text and the key',
    (code) => {
      const error = toHttpsError(new DomainError(code, 'bookingNotOpen', { days: 7 }));

      expect(error).toBeInstanceOf(HttpsError);
      expect(error.code).toBe(code);
      expect(error.message).toBe(t('bookingNotOpen', 'en', { days: 7 }));
      expect(error.details).toEqual({ messageKey: 'bookingNotOpen', params: { days: 7 } });
    },
  );

  it('hides the cause of an internal DomainError from the caller', () => {
    const error = toHttpsError(
      new DomainError('internal', 'internalError', { path: 'Users/x', issues: 'Credits: NaN' }),
    );

    expect(error.code).toBe('internal');
    expect(error.details).toEqual({ messageKey: 'internalError', params: {} });
    expect(error.message).not.toContain('Users/x');
  });

  it('maps a zod error to invalid-argument with its issues', () => {
    const parsed = z.strictObject({ uid: z.string() }).safeParse({ uid: 1 });
    if (parsed.success) throw new Error('expected the parse to fail');

    const error = toHttpsError(parsed.error);

    expect(error.code).toBe('invalid-argument');
    expect(error.details).toMatchObject({ messageKey: 'invalidInput' });
    expect(error.message).toContain('uid');
  });

  it('maps an invalid database key to invalid-argument', () => {
    let thrown: unknown;
    try {
      paths.user('../Settings');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidKeyError);

    expect(toHttpsError(thrown).code).toBe('invalid-argument');
  });

  it('turns anything else into internal without its message', () => {
    const error = toHttpsError(new Error('ECONNRESET while writing Users/abc'));

    expect(error.code).toBe('internal');
    expect(error.message).toBe(t('internalError', 'en'));
    expect(error.details).toEqual({ messageKey: 'internalError', params: {} });
  });

  it('passes an HttpsError through unchanged', () => {
    const original = new HttpsError('unavailable', 'Down');

    expect(toHttpsError(original)).toBe(original);
  });
});
