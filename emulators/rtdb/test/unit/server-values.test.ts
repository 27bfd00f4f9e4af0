import { describe, expect, it } from 'vitest';
import { resolveServerValues } from '../../src/tree/server-values';
import { InvalidDataError, fromJSON, getPath } from '../../src/tree/node';
import type { MaybeNode } from '../../src/tree/node';

const NOW = 1_700_000_000_000;

function resolveAgainst(existing: unknown, json: unknown): unknown {
  const stored = fromJSON(existing);
  return resolveServerValues(json, NOW, (rel: string[]): MaybeNode => getPath(stored, rel));
}

describe('resolveServerValues', () => {
  it('replaces every timestamp with the same instant', () => {
    expect(
      resolveAgainst(null, { a: { '.sv': 'timestamp' }, b: { c: { '.sv': 'timestamp' } } }),
    ).toEqual({
      a: NOW,
      b: { c: NOW },
    });
  });

  it('resolves a placeholder at the written location itself', () => {
    expect(resolveAgainst(null, { '.sv': 'timestamp' })).toBe(NOW);
  });

  it('increments the stored number at that exact location', () => {
    expect(
      resolveAgainst(
        { n: 5, m: { x: 1.5 } },
        { n: { '.sv': { increment: 2 } }, m: { x: { '.sv': { increment: -1 } } } },
      ),
    ).toEqual({
      n: 7,
      m: { x: 0.5 },
    });
  });

  it.each([
    ['absent', null],
    ['a string', 'five'],
    ['a boolean', true],
    ['an object', { a: 1 }],
  ])('uses the delta itself when the stored value is %s', (_name, existing) => {
    expect(resolveAgainst(existing, { '.sv': { increment: 3 } })).toBe(3);
  });

  it('resolves placeholders inside arrays', () => {
    expect(
      resolveAgainst({ 1: 10 }, [{ '.sv': 'timestamp' }, { '.sv': { increment: 1 } }]),
    ).toEqual([NOW, 11]);
  });

  it('resolves placeholders used as priorities, incrementing the current priority', () => {
    expect(
      resolveAgainst(
        { '.value': 1, '.priority': 4 },
        { '.value': 'x', '.priority': { '.sv': { increment: 1 } } },
      ),
    ).toEqual({
      '.value': 'x',
      '.priority': 5,
    });
    expect(resolveAgainst(null, { a: 1, '.priority': { '.sv': 'timestamp' } })).toEqual({
      a: 1,
      '.priority': NOW,
    });
  });

  it('resolves a placeholder inside a .value wrapper and next to a .priority', () => {
    expect(resolveAgainst(null, { '.value': { '.sv': 'timestamp' }, '.priority': 1 })).toEqual({
      '.value': NOW,
      '.priority': 1,
    });
    expect(resolveAgainst(null, { '.sv': 'timestamp', '.priority': 2 })).toEqual({
      '.value': NOW,
      '.priority': 2,
    });
  });

  it('returns the very same object when there is nothing to resolve', () => {
    const json = { a: { b: [1, 2] }, c: 'x' };
    expect(resolveAgainst(null, json)).toBe(json);
  });

  it('leaves the input untouched', () => {
    const json = { a: { '.sv': 'timestamp' } };
    resolveAgainst(null, json);
    expect(json).toEqual({ a: { '.sv': 'timestamp' } });
  });

  it.each([
    ['an unknown name', { '.sv': 'now' }],
    ['a non-number delta', { '.sv': { increment: '1' } }],
    ['an unknown operation', { '.sv': { decrement: 1 } }],
    ['extra keys', { '.sv': 'timestamp', x: 1 }],
    ['an infinite delta', { '.sv': { increment: Infinity } }],
  ])('rejects %s', (_name, json) => {
    expect(() => resolveAgainst(null, json)).toThrow(InvalidDataError);
  });
});
