import { describe, expect, it } from 'vitest';
import { money, perUnit } from './money';

describe('money', () => {
  it.each([
    [6500, 'USD', 'en', '$65'],
    [6500, 'USD', 'es', '$65'],
    [5850, 'USD', 'en', '$58.50'],
    [125000, 'USD', 'en', '$1,250'],
    [125050, 'USD', 'es', '$1,250.50'],
    [0, 'USD', 'en', '$0'],
    [6500, 'usd', 'en', '$65'],
    [6500, 'not money', 'en', '$65'],
  ] as const)('%i %s in %s → %s', (cents, currency, lang, expected) => {
    expect(money(cents, currency, lang)).toBe(expected);
  });
});

describe('perUnit', () => {
  it.each([
    [12000, 10, 1200],
    [6500, 3, 2167],
    [6500, 0, 6500],
  ])('%i over %i → %i', (cents, units, expected) => {
    expect(perUnit(cents, units)).toBe(expected);
  });
});
