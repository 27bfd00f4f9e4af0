import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, isDomainError, orThrow, parseInput, parseStored } from './errors';
import { bookClassInput } from './schemas/inputs';

describe('errors', () => {
  it('turns invalid callable input into invalid-argument with a short issue list', () => {
    let caught: unknown;
    try {
      parseInput(bookClassInput, { classId: '', extra: 1 });
    } catch (error) {
      caught = error;
    }
    expect(isDomainError(caught)).toBe(true);
    const error = caught as DomainError;
    expect(error.code).toBe('invalid-argument');
    expect(error.messageKey).toBe('invalidInput');
    expect(error.params?.issues).toMatch(/classId/);
    expect(error.params?.issues).toMatch(/extra/);
  });

  it('bounds the issue text', () => {
    const schema = z.strictObject({});
    const noise = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`key${i}`, i]));
    try {
      parseInput(schema, noise);
      expect.unreachable();
    } catch (error) {
      expect(String((error as DomainError).params?.issues).length).toBeLessThanOrEqual(300);
    }
  });

  it('returns parsed data on valid input', () => {
    expect(parseInput(bookClassInput, { classId: 'c1' })).toEqual({ classId: 'c1' });
  });

  it('treats a stored shape that does not parse as internal', () => {
    let caught: unknown;
    try {
      parseStored(z.object({ a: z.number() }), { a: 'x' }, 'Classes/c1');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('internal');
    expect((caught as DomainError).params?.path).toBe('Classes/c1');
  });

  it('orThrow throws a DomainError and passes other values through', () => {
    expect(orThrow({ ok: 1 })).toEqual({ ok: 1 });
    expect(() => orThrow(new DomainError('not-found', 'classNotFound'))).toThrow(DomainError);
  });

  it('recognises a DomainError from another bundle copy by shape', () => {
    const foreign = Object.assign(new Error('x'), {
      name: 'DomainError',
      code: 'not-found',
      messageKey: 'notFound',
    });
    expect(isDomainError(foreign)).toBe(true);
    expect(isDomainError(new Error('x'))).toBe(false);
  });
});
