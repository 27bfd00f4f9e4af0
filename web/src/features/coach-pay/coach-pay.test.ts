import { describe, expect, it } from 'vitest';
import type { CoachPay, CoachPayRate } from '@studio/core';
import {
  amountToCents,
  emptyDraft,
  payReportCsv,
  rateDraftInput,
  rateRows,
  reportTotals,
  ruleParts,
} from './coach-pay';

describe('amountToCents', () => {
  it.each([
    ['20', 2000],
    ['20.5', 2050],
    ['1.50', 150],
    ['1,50', 150],
    [' $1,250.00 ', 125000],
    ['0', 0],
  ])('reads %j as %d cents', (typed, cents) => {
    expect(amountToCents(typed)).toBe(cents);
  });

  it.each(['', '-5', '1.505', 'abc', '1e3', '12,3456', '=1+1'])('refuses %j', (typed) => {
    expect(amountToCents(typed)).toBeUndefined();
  });
});

describe('rateDraftInput', () => {
  const draft = { ...emptyDraft('2026-11-29'), coachId: 'carlos' };

  it('turns the form into saveCoachPayRate’s input, tiers in order, blanks as zero', () => {
    expect(
      rateDraftInput({
        ...draft,
        exercise: 'spin',
        perClass: '20',
        tiers: [
          { from: '10', amount: '3' },
          { from: '1', amount: '1.50' },
        ],
        bonusOver: '12',
        bonusAmount: '7',
      }),
    ).toEqual({
      ok: true,
      input: {
        coachId: 'carlos',
        exercise: 'spin',
        effectiveFrom: '2026-11-29',
        rule: {
          perClass: 2000,
          perHead: [
            { from: 1, amount: 150 },
            { from: 10, amount: 300 },
          ],
          bonus: { over: 12, amount: 700 },
          minimum: 0,
        },
      },
    });
  });

  it('says what is wrong with each field and sends nothing', () => {
    expect(
      rateDraftInput({
        ...draft,
        coachId: '',
        effectiveFrom: '29/11',
        perClass: 'twenty',
        tiers: [
          { from: '1', amount: '2' },
          { from: '1', amount: '' },
          { from: '0', amount: '1' },
        ],
        bonusOver: '10',
      }),
    ).toEqual({
      ok: false,
      errors: {
        coachId: 'required',
        effectiveFrom: 'badDate',
        perClass: 'badAmount',
        tierFrom1: 'tierTwice',
        tierAmount1: 'required',
        tierFrom2: 'badCount',
        bonusAmount: 'bonusBoth',
      },
    });
  });

  it('refuses amounts past the schema’s bounds', () => {
    const result = rateDraftInput({ ...draft, minimum: '9999999' });
    expect(result).toEqual({ ok: false, errors: { minimum: 'badAmount' } });
  });
});

const rate = (exercise: string, effectiveFrom: string, savedAt = 1): CoachPayRate => ({
  exercise,
  effectiveFrom,
  rule: { perClass: 1000, perHead: [], minimum: 0 },
  currency: 'MXN',
  savedAt,
  savedBy: 'demo-admin',
});

describe('rateRows', () => {
  it('orders by coach, type and date, and says which rate is paid today', () => {
    const rows = rateRows(
      {
        lucia: { l1: rate('*', '2026-12-01') },
        carlos: {
          c1: rate('*', '2026-10-01'),
          c2: rate('*', '2026-11-15'),
          c3: rate('spin', '2026-11-01'),
          c4: rate('spin', '2026-11-01', 2),
        },
      },
      { carlos: 'Carlos', lucia: 'Lucía' },
      '2026-11-29',
    );
    expect(rows.map((row) => [row.coachName, row.rateId, row.standing])).toEqual([
      ['Carlos', 'c2', 'in-effect'],
      ['Carlos', 'c1', 'replaced'],
      ['Carlos', 'c4', 'in-effect'],
      ['Carlos', 'c3', 'replaced'],
      ['Lucía', 'l1', 'scheduled'],
    ]);
  });
});

describe('ruleParts', () => {
  const words = {
    perClass: ({ amount }: { amount: string }) => `${amount} a class`,
    perHead: ({ amount }: { amount: string }) => `${amount} a head`,
    perHeadFrom: ({ amount, from }: { amount: string; from: number }) =>
      `${amount} a head from ${from}`,
    bonus: ({ amount, over }: { amount: string; over: number }) => `${amount} over ${over}`,
    minimum: ({ amount }: { amount: string }) => `at least ${amount}`,
    nothing: () => 'nothing',
  };
  const money = (cents: number) => `$${cents / 100}`;

  it('says each part of a rule, tiers by their first head', () => {
    expect(
      ruleParts(
        {
          perClass: 2000,
          perHead: [
            { from: 10, amount: 300 },
            { from: 1, amount: 150 },
          ],
          bonus: { over: 12, amount: 700 },
          minimum: 2500,
        },
        money,
        words,
      ),
    ).toEqual(['$20 a class', '$1.5 a head', '$3 a head from 10', '$7 over 12', 'at least $25']);
    expect(ruleParts({ perClass: 0, perHead: [], minimum: 0 }, money, words)).toEqual(['nothing']);
  });
});

describe('payReportCsv', () => {
  const coaches: CoachPay[] = [
    {
      coachId: 'carlos',
      name: '=HYPERLINK("http://evil")',
      lines: [
        {
          classId: 'k1',
          date: '2026-11-02',
          hour: '07:00',
          exercise: 'spin',
          title: 'Spin, "early"',
          attendees: 3,
          substitute: false,
          amount: 2550,
          rateId: 'r1',
        },
        {
          classId: 'k2',
          date: '2026-11-03',
          hour: '19:00',
          exercise: 'yoga',
          title: '@SUM(A1)',
          attendees: 0,
          substitute: true,
          amount: 0,
        },
      ],
      classes: 2,
      attendees: 3,
      substitutions: 1,
      coveredByOthers: 0,
      amount: 2550,
      currency: 'MXN',
    },
  ];

  it('writes one line per class, names made safe, money as plain decimals', () => {
    expect(payReportCsv(coaches).split('\r\n')).toEqual([
      'coach_id,coach,date,hour,class_id,class,class_type,attendees,substitute,amount,currency,rate_id',
      `carlos,"'=HYPERLINK(""http://evil"")",2026-11-02,07:00,k1,"Spin, ""early""",spin,3,no,25.50,MXN,r1`,
      `carlos,"'=HYPERLINK(""http://evil"")",2026-11-03,19:00,k2,'@SUM(A1),yoga,0,yes,0.00,MXN,`,
      '',
    ]);
    expect(reportTotals(coaches)).toEqual({
      classes: 2,
      attendees: 3,
      substitutions: 1,
      amount: 2550,
    });
  });
});
