import { describe, expect, it } from 'vitest';
import { compareDatabaseKeys } from './keys';

describe('compareDatabaseKeys', () => {
  it('orders keys as the database does: 32-bit integers by value first, then strings', () => {
    const keys = ['b', '10', 'A', '-3', '9', '007', '7', '2147483648', 'a-1', '0', '-'];
    expect([...keys].sort(compareDatabaseKeys)).toEqual([
      '-3',
      '0',
      '7',
      '007',
      '9',
      '10',
      '-',
      '2147483648',
      'A',
      'a-1',
      'b',
    ]);
  });

  it('is a total order: antisymmetric, and 0 only for the same key', () => {
    const keys = ['1', '01', 'x', '%2E', '-0', '0'];
    for (const a of keys)
      for (const b of keys) {
        expect(Math.sign(compareDatabaseKeys(a, b)) + Math.sign(compareDatabaseKeys(b, a))).toBe(0);
        expect(compareDatabaseKeys(a, b) === 0).toBe(a === b);
      }
  });
});
