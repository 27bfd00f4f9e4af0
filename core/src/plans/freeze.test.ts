import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { Membership } from '../schemas/plans';
import { toEpoch } from '../time';
import { freezeAt } from './entitlement';
import { planFreeze, withFreeze, withFreezeEnded } from './freeze';
import type { FreezeRequest } from './freeze';
import { cancellationTerms, personEmail, planChangeTiming } from './changes';

const TZ = 'America/Monterrey';
const at = (date: string, hour = '00:00') => toEpoch(date, hour, TZ);
const NOW = at('2026-11-30', '10:00');
const DAY = 24 * 3_600_000;
const settings = { freezeMinDays: 7, freezeMaxDays: 90, freezesPerYear: 2, timeZone: TZ };

const membership: Membership = {
  id: 'sub_1',
  uid: 'ana',
  planId: 'daily',
  terms: { kind: 'unlimited', name: 'Unlimited', interval: 'month', dailyCap: 1 },
  source: 'stripe',
  status: 'active',
  startedAt: at('2026-01-01'),
  periodStart: at('2026-11-15'),
  periodEnd: at('2026-12-15'),
  commitmentEndsAt: at('2027-01-01'),
  updatedAt: 1,
};

const request = (extra: Partial<FreezeRequest>): FreezeRequest => ({
  membership,
  by: 'member',
  settings,
  nowMs: NOW,
  ...extra,
});

const outcome = (value: ReturnType<typeof planFreeze>) =>
  value instanceof DomainError ? `${value.messageKey} ${JSON.stringify(value.params ?? {})}` : 'ok';

describe('planFreeze', () => {
  it.each([
    ['14 days from now', { days: 14 }, 'ok'],
    ['until a date', { until: '2026-12-14' }, 'ok'],
    ['shorter than the studio allows', { days: 3 }, 'freezeTooShort {"days":7}'],
    ['longer than the studio allows', { days: 120 }, 'freezeTooLong {"days":90}'],
    ['ending today', { until: '2026-11-30' }, 'freezeInPast {}'],
    [
      'starting yesterday (admin)',
      { by: 'admin' as const, from: '2026-11-29', days: 7 },
      'freezeInPast {}',
    ],
    ['an admin may go beyond the member limits', { by: 'admin' as const, days: 120 }, 'ok'],
    ['no plan', { membership: undefined, days: 14 }, 'noMembership {}'],
    ['freezes off', { settings: { ...settings, freezesPerYear: 0 }, days: 14 }, 'freezesOff {}'],
  ])('%s → %s', (_, extra, expected) => {
    expect(outcome(planFreeze(request(extra)))).toBe(expected);
  });

  it('starts now and ends at the studio midnight of the last day', () => {
    const freeze = planFreeze(request({ days: 14 })) as Exclude<
      ReturnType<typeof planFreeze>,
      DomainError
    >;
    expect(freeze.from).toBe(NOW);
    expect(freeze.until).toBe(at('2026-12-14'));
  });

  it('counts a member’s freezes over the last year', () => {
    const used = withFreeze(
      withFreeze(
        membership,
        'f1',
        {
          from: NOW - 200 * DAY,
          until: NOW - 190 * DAY,
          by: 'member',
          requestedAt: NOW - 200 * DAY,
        },
        NOW,
      ),
      'f2',
      { from: NOW - 100 * DAY, until: NOW - 90 * DAY, by: 'member', requestedAt: NOW - 100 * DAY },
      NOW,
    );
    expect(outcome(planFreeze(request({ membership: used, days: 14 })))).toBe(
      'freezesUsedUp {"count":2,"date":"2027-05-14"}',
    );
    // An admin's freeze is not the member's to count.
    expect(outcome(planFreeze(request({ membership: used, by: 'admin', days: 14 })))).toBe('ok');
  });

  it('refuses a second freeze while one runs, naming its end', () => {
    const frozen = withFreeze(
      membership,
      'f1',
      { from: NOW, until: at('2026-12-14'), by: 'member', requestedAt: NOW },
      NOW,
    );
    expect(outcome(planFreeze(request({ membership: frozen, days: 14 })))).toBe(
      'alreadyFrozen {"until":"2026-12-14"}',
    );
  });

  it('moves the commitment by the days frozen, and back by those not taken when ended early', () => {
    const freeze = { from: NOW, until: NOW + 14 * DAY, by: 'member' as const, requestedAt: NOW };
    const frozen = withFreeze(membership, 'f1', freeze, NOW);
    expect(frozen.commitmentEndsAt).toBe(at('2027-01-01') + 14 * DAY);
    expect(freezeAt(frozen, NOW + 3 * DAY)).toBeDefined();
    const ended = withFreezeEnded(frozen, NOW + 4 * DAY);
    if (ended instanceof DomainError) throw ended;
    expect(ended.membership.commitmentEndsAt).toBe(at('2027-01-01') + 4 * DAY);
    expect(ended.membership.frozenUntil).toBeUndefined();
    expect(freezeAt(ended.membership, NOW + 5 * DAY)).toBeUndefined();
    expect(withFreezeEnded(ended.membership, NOW + 5 * DAY)).toBeInstanceOf(DomainError);
  });

  it('extends a gift plan’s end by the frozen days', () => {
    const gift = { ...membership, source: 'comp' as const, periodEnd: at('2027-02-01') };
    const frozen = withFreeze(
      gift,
      'f1',
      { from: NOW, until: NOW + 10 * DAY, by: 'admin', requestedAt: NOW },
      NOW,
    );
    expect(frozen.periodEnd).toBe(at('2027-02-01') + 10 * DAY);
  });
});

describe('plan changes and cancelling', () => {
  const monthly = { price: 9900, interval: 'month' as const, active: true };
  it.each([
    ['a dearer plan: now', { price: 12900, interval: 'month' as const, active: true }, 'now'],
    [
      'a cheaper plan: at the period end',
      { price: 6000, interval: 'month' as const, active: true },
      'period-end',
    ],
    [
      'a yearly plan (more a period, billed less often): now',
      { price: 99000, interval: 'year' as const, active: true },
      'now',
    ],
    [
      'a weekly plan (billed more often, whatever it costs a day): at the period end',
      { price: 2900, interval: 'week' as const, active: true },
      'period-end',
    ],
    [
      'a plan of the same price: now',
      { price: 9900, interval: 'month' as const, active: true },
      'now',
    ],
    [
      'a first-timer’s intro offer',
      { price: 12900, interval: 'month' as const, active: true, introOffer: true },
      'introAlreadyUsed',
    ],
    [
      'a plan off sale',
      { price: 12900, interval: 'month' as const, active: false },
      'planInactive',
    ],
  ])('%s', (_, next, expected) => {
    const timing = planChangeTiming(membership, monthly, 'other', next, TZ);
    expect(timing instanceof DomainError ? timing.messageKey : timing).toBe(expected);
  });

  it('refuses the same plan', () => {
    const timing = planChangeTiming(membership, monthly, 'daily', monthly, TZ);
    expect(timing instanceof DomainError && timing.messageKey).toBe('samePlan');
  });

  it('ends at the term’s end inside a commitment, with the early-end fee offered', () => {
    const committed = {
      ...membership,
      terms: { ...membership.terms, commitment: { periods: 12, earlyEndFee: 5000 } },
    };
    expect(cancellationTerms(committed, NOW)).toEqual({
      endsAt: at('2027-01-01'),
      commitmentEndsAt: at('2027-01-01'),
      earlyEndFee: 5000,
    });
    expect(cancellationTerms({ ...committed, commitmentEndsAt: at('2026-12-01') }, NOW)).toEqual({
      endsAt: at('2026-12-15'),
    });
  });

  it.each([
    ['Ana.Lopez+promo@GMAIL.com', 'analopez@gmail.com'],
    ['ana.lopez@googlemail.com', 'analopez@gmail.com'],
    ['Ana.Lopez+x@studio.mx', 'ana.lopez@studio.mx'],
  ])('treats %s as %s', (email, person) => {
    expect(personEmail(email)).toBe(person);
  });
});
