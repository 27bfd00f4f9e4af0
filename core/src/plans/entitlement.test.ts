import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { Membership, PlanTerms } from '../schemas/plans';
import type { BookingCredit } from '../schemas/user';
import { toEpoch } from '../time';
import { decidePayment, planEntitlement } from './entitlement';
import type { PlanRequest } from './entitlement';

// The demo studio's zone: UTC−6 all year, so a studio day runs 06:00 UTC to 06:00 UTC, and the
// studio's Sunday evening is already Monday in UTC. 2026-11-30 is a Monday.
const TZ = 'America/Monterrey';
const at = (date: string, hour: string) => toEpoch(date, hour, TZ);
const NOW = at('2026-11-30', '06:00');

const unlimitedDaily: PlanTerms = {
  kind: 'unlimited',
  name: 'Unlimited, one class a day',
  interval: 'month',
  dailyCap: 1,
};
const twoAWeek: PlanTerms = {
  kind: 'limited',
  name: 'Two a week',
  interval: 'month',
  limit: { count: 2, per: 'week' },
};
const eightAMonth: PlanTerms = {
  kind: 'limited',
  name: 'Eight a month',
  interval: 'month',
  limit: { count: 8, per: 'month' },
};

const membership = (terms: PlanTerms, extra: Partial<Membership> = {}): Membership => ({
  id: 'sub_1',
  uid: 'ana',
  planId: 'plan-1',
  terms,
  source: 'stripe',
  status: 'active',
  startedAt: at('2026-11-01', '00:00'),
  periodStart: at('2026-11-01', '00:00'),
  periodEnd: at('2026-12-01', '00:00'),
  updatedAt: 1,
  ...extra,
});

/** Plan bookings already made, by studio date and hour. */
const uses = (
  ...slots: [string, string, BookingCredit['state']?][]
): Record<string, BookingCredit> =>
  Object.fromEntries(
    slots.map(([date, hour, state = 'used'], i) => [
      `b${i}`,
      {
        classId: `k${i}`,
        state,
        startsAt: at(date, hour),
        at: 1,
        plan: { membershipId: 'sub_1', planId: 'plan-1' },
      },
    ]),
  );

const cls = (date: string, hour: string, extra: { exercise?: string; branch?: string } = {}) => ({
  startsAt: at(date, hour),
  exercise: extra.exercise ?? 'spin',
  branch: extra.branch ?? 'centro',
});

const request = (
  terms: PlanTerms,
  booked: Record<string, BookingCredit>,
  date: string,
  hour: string,
  extra: Partial<PlanRequest> = {},
): PlanRequest => ({
  membership: membership(terms),
  bookingCredits: booked,
  cls: cls(date, hour),
  timeZone: TZ,
  nowMs: NOW,
  ...extra,
});

const answer = (result: { membership: Membership } | DomainError) =>
  result instanceof DomainError
    ? `${result.messageKey} ${JSON.stringify(result.params ?? {})}`
    : 'plan';

describe('plan caps, counted on studio days, weeks from Monday and months', () => {
  it.each([
    // One class a day.
    ['a first class today', unlimitedDaily, uses(), '2026-11-30', '18:00', 'plan'],
    [
      'a second class the same studio day',
      unlimitedDaily,
      uses(['2026-11-30', '07:00']),
      '2026-11-30',
      '19:00',
      'planCapReached {"count":1,"period":"today","date":"2026-11-30"}',
    ],
    [
      'the same studio day across midnight UTC (17:30 and 19:00 local)',
      unlimitedDaily,
      uses(['2026-11-30', '17:30']),
      '2026-11-30',
      '19:00',
      'planCapReached {"count":1,"period":"today","date":"2026-11-30"}',
    ],
    [
      'the next studio day, the same UTC day (Sunday 23:30, Monday 00:30 local)',
      unlimitedDaily,
      uses(['2026-11-29', '23:30']),
      '2026-11-30',
      '00:30',
      'plan',
    ],
    [
      'another day later in the week',
      unlimitedDaily,
      uses(['2026-11-30', '07:00']),
      '2026-12-02',
      '07:00',
      'plan',
    ],
    [
      'a later day already used',
      unlimitedDaily,
      uses(['2026-12-02', '07:00']),
      '2026-12-02',
      '19:00',
      'planCapReached {"count":1,"period":"day","date":"2026-12-02"}',
    ],
    [
      'a class cancelled in time no longer counts',
      unlimitedDaily,
      uses(['2026-11-30', '07:00', 'refunded']),
      '2026-11-30',
      '19:00',
      'plan',
    ],
    [
      'a late cancel still counts',
      unlimitedDaily,
      uses(['2026-11-30', '07:00', 'forfeited']),
      '2026-11-30',
      '19:00',
      'planCapReached {"count":1,"period":"today","date":"2026-11-30"}',
    ],
    [
      'a booking that never became one does not count',
      unlimitedDaily,
      uses(['2026-11-30', '07:00', 'void']),
      '2026-11-30',
      '19:00',
      'plan',
    ],
    // Two a week, weeks from Monday in the studio's zone.
    [
      'a third class in the week',
      twoAWeek,
      uses(['2026-11-30', '07:00'], ['2026-12-02', '07:00']),
      '2026-12-06',
      '22:00',
      'planCapReached {"count":2,"period":"thisWeek","date":"2026-11-30"}',
    ],
    [
      'Sunday 23:30 local belongs to the week ending that Sunday',
      twoAWeek,
      uses(['2026-11-30', '07:00'], ['2026-12-02', '07:00']),
      '2026-12-06',
      '23:30',
      'planCapReached {"count":2,"period":"thisWeek","date":"2026-11-30"}',
    ],
    [
      'Monday 00:15 local starts a new week (still Monday morning UTC)',
      twoAWeek,
      uses(['2026-11-30', '07:00'], ['2026-12-02', '07:00']),
      '2026-12-07',
      '00:15',
      'plan',
    ],
    [
      'a full week ahead names that week',
      twoAWeek,
      uses(['2026-12-07', '07:00'], ['2026-12-08', '07:00']),
      '2026-12-09',
      '07:00',
      'planCapReached {"count":2,"period":"week","date":"2026-12-07"}',
    ],
    [
      'the Sunday before counts in the week before',
      twoAWeek,
      uses(['2026-11-29', '23:30'], ['2026-11-28', '07:00']),
      '2026-11-30',
      '07:00',
      'plan',
    ],
    // Eight a month, months in the studio's zone.
    [
      'the 30th of November at 23:00 local counts in November (already December in UTC)',
      eightAMonth,
      uses(
        ...Array.from({ length: 7 }, (_, i): [string, string] => [`2026-11-${10 + i}`, '07:00']),
      ),
      '2026-11-30',
      '23:00',
      'plan',
    ],
    [
      'a ninth class in November',
      eightAMonth,
      uses(
        ...Array.from({ length: 8 }, (_, i): [string, string] => [`2026-11-${10 + i}`, '07:00']),
      ),
      '2026-11-30',
      '23:00',
      'planCapReached {"count":8,"period":"thisMonth","date":"2026-11"}',
    ],
    [
      'the 1st of December at 00:30 local starts a new month',
      eightAMonth,
      uses(
        ...Array.from({ length: 8 }, (_, i): [string, string] => [`2026-11-${10 + i}`, '07:00']),
      ),
      '2026-12-01',
      '00:30',
      'plan',
    ],
  ])('%s', (_, terms, booked, date, hour, expected) => {
    expect(answer(planEntitlement(request(terms, booked, date, hour)))).toBe(expected);
  });

  it('does not count the booking being paid for', () => {
    const booked = uses(['2026-11-30', '07:00']);
    expect(
      answer(
        planEntitlement(
          request(unlimitedDaily, booked, '2026-11-30', '07:00', { bookingId: 'b0' }),
        ),
      ),
    ).toBe('plan');
  });
});

describe('what a plan pays for', () => {
  const day = ['2026-12-02', '07:00'] as const;
  const refusal = (m: Membership, extra: Partial<PlanRequest> = {}) =>
    answer(planEntitlement({ ...request(unlimitedDaily, {}, ...day), membership: m, ...extra }));

  it.each([
    ['no plan', undefined, {}, 'noMembership {}'],
    [
      'a credits plan (its credits pay)',
      membership({ kind: 'credits', name: 'Eight credits', interval: 'month', credits: 8 }),
      {},
      'noMembership {}',
    ],
    ['an ended plan', membership(unlimitedDaily, { status: 'ended' }), {}, 'planNotRunning {}'],
    [
      'a cancelling plan after its last day',
      membership(unlimitedDaily, { status: 'cancelling', periodEnd: at('2026-12-01', '00:00') }),
      {},
      'planNotRunning {}',
    ],
    [
      'a cancelling plan before its last day',
      membership(unlimitedDaily, { status: 'cancelling', periodEnd: at('2026-12-03', '00:00') }),
      {},
      'plan',
    ],
    [
      'a renewing plan after the paid period',
      membership(unlimitedDaily, { periodEnd: at('2026-12-01', '00:00') }),
      {},
      'plan',
    ],
    [
      'a gift plan after its end',
      membership(unlimitedDaily, { source: 'comp', periodEnd: at('2026-12-01', '00:00') }),
      {},
      'planNotRunning {}',
    ],
    ['a past-due plan', membership(unlimitedDaily, { status: 'past-due' }), {}, 'planPastDue {}'],
    [
      'another class type',
      membership({ ...unlimitedDaily, covers: { exercises: ['yoga'] } }),
      {},
      'planNotCovered {"plan":"Unlimited, one class a day"}',
    ],
    [
      'another branch',
      membership({ ...unlimitedDaily, covers: { branches: ['norte'] } }),
      {},
      'planNotCovered {"plan":"Unlimited, one class a day"}',
    ],
    [
      'its class type and branch',
      membership({ ...unlimitedDaily, covers: { exercises: ['spin'], branches: ['centro'] } }),
      {},
      'plan',
    ],
    [
      'a guest seat on a plan without guests',
      membership(unlimitedDaily),
      { guest: true },
      'guestSeatsNotOnPlan {}',
    ],
    [
      'a guest seat on a plan with guests',
      membership({ ...unlimitedDaily, guestSeats: true }),
      { guest: true },
      'plan',
    ],
    [
      'a class inside a freeze',
      membership(unlimitedDaily, {
        freezes: {
          f1: {
            from: at('2026-11-30', '06:00'),
            until: at('2026-12-14', '00:00'),
            by: 'member',
            requestedAt: 1,
          },
        },
      }),
      {},
      'planFrozen {"until":"2026-12-14"}',
    ],
    [
      'a class after the freeze',
      membership(unlimitedDaily, {
        freezes: {
          f1: {
            from: at('2026-11-01', '06:00'),
            until: at('2026-12-02', '00:00'),
            by: 'member',
            requestedAt: 1,
          },
        },
      }),
      {},
      'plan',
    ],
    [
      'a class after a freeze ended early',
      membership(unlimitedDaily, {
        freezes: {
          f1: {
            from: at('2026-11-30', '06:00'),
            until: at('2026-12-14', '00:00'),
            endedAt: at('2026-12-01', '10:00'),
            by: 'member',
            requestedAt: 1,
          },
        },
      }),
      {},
      'plan',
    ],
    [
      'a plan blocked after a late cancel',
      membership(unlimitedDaily, { blockedUntil: at('2026-12-03', '06:00') }),
      {},
      'planBlocked {"until":"2026-12-03"}',
    ],
    [
      'a block that is over',
      membership(unlimitedDaily, { blockedUntil: at('2026-11-30', '05:00') }),
      {},
      'plan',
    ],
  ])('%s → %s', (_, m, extra, expected) => {
    expect(
      answer(
        planEntitlement({
          ...request(unlimitedDaily, {}, ...day),
          membership: m,
          ...extra,
        }),
      ),
    ).toBe(expected);
  });

  it('refuses a plan that does not run yet', () => {
    expect(refusal(membership(unlimitedDaily, { startedAt: at('2026-12-03', '00:00') }))).toBe(
      'planNotRunning {}',
    );
  });
});

describe('decidePayment: the plan when it can, else a credit, as the member chose', () => {
  const capped = request(unlimitedDaily, uses(['2026-11-30', '07:00']), '2026-11-30', '19:00');
  const frozen = request(unlimitedDaily, {}, '2026-12-02', '07:00', {
    membership: membership(unlimitedDaily, {
      freezes: {
        f1: { from: NOW, until: at('2026-12-14', '00:00'), by: 'member', requestedAt: NOW },
      },
    }),
  });
  const uncovered = request(unlimitedDaily, {}, '2026-12-02', '07:00', {
    membership: membership({ ...unlimitedDaily, covers: { exercises: ['yoga'] } }),
  });
  const open = request(unlimitedDaily, {}, '2026-12-02', '07:00');
  const summary = (decision: ReturnType<typeof decidePayment>) =>
    decision instanceof DomainError
      ? decision.messageKey
      : decision.payWith === 'plan'
        ? 'plan'
        : `credits${decision.planRefusal ? ` (${decision.planRefusal.messageKey})` : ''}`;

  it.each([
    ['a class the plan pays', open, undefined, 'plan'],
    ['the member chose credits', open, 'credits', 'credits'],
    [
      'cap reached: a credit pays, the cap said if none is left',
      capped,
      undefined,
      'credits (planCapReached)',
    ],
    ['cap reached, the member insisted on the plan', capped, 'plan', 'planCapReached'],
    ['frozen: refused, offering to end the freeze', frozen, undefined, 'planFrozen'],
    ['frozen, the member chose credits', frozen, 'credits', 'credits'],
    ['a class the plan does not cover: a credit', uncovered, undefined, 'credits'],
    ['a class the plan does not cover, plan asked', uncovered, 'plan', 'planNotCovered'],
  ] as const)('%s', (_, req, payWith, expected) => {
    expect(summary(decidePayment({ ...req, payWith }))).toBe(expected);
  });
});
