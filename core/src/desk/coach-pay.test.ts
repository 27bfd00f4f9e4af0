import { describe, expect, it } from 'vitest';
import { classPay, payReport, rateFor, type CoachPayRate, type PaidClass } from './coach-pay';
import type { PayRule } from './inputs';

const rule = (change: Partial<PayRule> = {}): PayRule => ({
  perClass: 0,
  perHead: [],
  minimum: 0,
  ...change,
});

describe('what one class pays', () => {
  it.each([
    ['a flat fee', rule({ perClass: 2500 }), 7, 2500],
    ['per head', rule({ perHead: [{ from: 1, amount: 300 }] }), 7, 2100],
    [
      'tiers: 200 for heads 1–5, 300 from the 6th, 500 from the 11th',
      rule({
        perHead: [
          { from: 6, amount: 300 },
          { from: 1, amount: 200 },
          { from: 11, amount: 500 },
        ],
      }),
      12,
      5 * 200 + 5 * 300 + 2 * 500,
    ],
    [
      'tiers that start at the 3rd head pay nothing for the first two',
      rule({ perHead: [{ from: 3, amount: 100 }] }),
      4,
      200,
    ],
    [
      'a bonus over 10, with 11',
      rule({ perClass: 1000, bonus: { over: 10, amount: 1500 } }),
      11,
      2500,
    ],
    [
      'no bonus at exactly 10',
      rule({ perClass: 1000, bonus: { over: 10, amount: 1500 } }),
      10,
      1000,
    ],
    [
      'the minimum for an empty class',
      rule({ perHead: [{ from: 1, amount: 300 }], minimum: 1200 }),
      0,
      1200,
    ],
    ['above the minimum', rule({ perHead: [{ from: 1, amount: 300 }], minimum: 1200 }), 5, 1500],
  ])('%s', (_label, payRule, attendees, cents) => {
    expect(classPay(payRule, attendees)).toBe(cents);
  });
});

describe('which rate applies', () => {
  const rate = (exercise: string, effectiveFrom: string, savedAt = 1): CoachPayRate => ({
    exercise,
    effectiveFrom,
    rule: rule(),
    currency: 'USD',
    savedAt,
    savedBy: 'admin',
  });
  const rates = {
    anyOld: rate('*', '2026-01-01'),
    anyNew: rate('*', '2026-11-15'),
    yoga: rate('yoga', '2026-06-01'),
    yogaLater: rate('yoga', '2026-12-01'),
  };

  it.each([
    ['the type’s own rate before every type’s', 'yoga', '2026-11-20', 'yoga'],
    ['a change from its effective date on', 'cycling', '2026-11-15', 'anyNew'],
    ['the rate before the change, the day before', 'cycling', '2026-11-14', 'anyOld'],
    ['every type’s rate before the type’s own starts', 'yoga', '2026-05-31', 'anyOld'],
    ['the later of two rates of the type', 'yoga', '2026-12-02', 'yogaLater'],
  ])('takes %s', (_label, exercise, date, rateId) => {
    expect(rateFor(rates, exercise, date)?.rateId).toBe(rateId);
  });

  it('has none before the first rate', () => {
    expect(rateFor(rates, 'cycling', '2025-12-31')).toBeNull();
  });

  it('takes the one saved last of two on the same date', () => {
    expect(
      rateFor({ a: rate('*', '2026-11-01', 5), b: rate('*', '2026-11-01', 9) }, 'x', '2026-11-02')
        ?.rateId,
    ).toBe('b');
  });
});

describe('the pay-period report', () => {
  const NOW = Date.parse('2026-03-10T12:00:00Z');
  const cls = (change: Partial<PaidClass>): PaidClass => ({
    date: '2026-03-02',
    hour: '07:00',
    startsAt: Date.parse('2026-03-02T13:00:00Z'),
    duration: 45,
    exercise: 'cycling',
    coach: 'ana',
    cancelled: false,
    attendees: 4,
    title: 'Cycling',
    ...change,
  });
  const payRate = (pay: PayRule): CoachPayRate => ({
    exercise: '*',
    effectiveFrom: '2026-01-01',
    rule: pay,
    currency: 'USD',
    savedAt: 1,
    savedBy: 'admin',
  });
  const rates = {
    ana: { r1: payRate(rule({ perClass: 1000 })) },
    bo: { r2: payRate(rule({ perHead: [{ from: 1, amount: 100 }] })) },
  };
  const report = (classes: Record<string, PaidClass>, coachId?: string) =>
    payReport({
      classes,
      rates,
      names: { ana: 'Ana', bo: 'Bo' },
      from: '2026-03-01',
      to: '2026-03-31',
      coachId,
      currency: 'USD',
      nowMs: NOW,
    });

  it('pays whoever taught, counts the substitution for them and the cover for the coach', () => {
    const coaches = report({ a: cls({}), b: cls({ substitute: 'bo', date: '2026-03-03' }) });
    expect(
      coaches.map((pay) => [
        pay.name,
        pay.classes,
        pay.substitutions,
        pay.coveredByOthers,
        pay.amount,
      ]),
    ).toEqual([
      ['Ana', 1, 0, 1, 1000],
      ['Bo', 1, 1, 0, 400],
    ]);
  });

  it('leaves out cancelled classes, classes not over yet, and days outside the period', () => {
    const coaches = report({
      cancelled: cls({ cancelled: true }),
      future: cls({ startsAt: NOW - 10 * 60_000 }),
      before: cls({ date: '2026-02-28' }),
    });
    expect(coaches).toEqual([]);
  });

  it('for one coach: their classes, and the covers of theirs', () => {
    const coaches = report({ a: cls({}), b: cls({ substitute: 'bo' }) }, 'ana');
    expect(coaches).toEqual([
      expect.objectContaining({ coachId: 'ana', classes: 1, coveredByOthers: 1 }),
    ]);
  });

  it('pays nothing without a rate, and says so by leaving the rate out', () => {
    const [pay] = report({ a: cls({ coach: 'cy' }) });
    expect(pay?.lines).toEqual([expect.objectContaining({ amount: 0 })]);
    expect(pay?.lines[0]?.rateId).toBeUndefined();
  });
});
