import type { BookingCredit, Membership, PlanTerms } from '@studio/core';
import { toEpoch } from '@studio/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLangStore } from '../../../lib/i18n';
import type { PaymentFacts } from '../api/schedule-api';
import { PaymentLine, paidByPlan } from './payment-line';

// The studio's zone: a studio day runs 06:00 to 06:00 UTC. 2026-11-30 is a Monday.
const TZ = 'America/Monterrey';
const at = (date: string, hour: string) => toEpoch(date, hour, TZ);
const NOW = at('2026-11-30', '06:00');
const daily: PlanTerms = {
  kind: 'unlimited',
  name: 'Unlimited, one class a day',
  interval: 'month',
  dailyCap: 1,
};

const membership = (extra: Partial<Membership> = {}): Membership => ({
  id: 'sub_1',
  uid: 'ana',
  planId: 'unlimited-daily',
  terms: daily,
  source: 'stripe',
  status: 'active',
  startedAt: at('2026-11-01', '00:00'),
  periodStart: at('2026-11-01', '00:00'),
  periodEnd: at('2026-12-01', '00:00'),
  updatedAt: 1,
  ...extra,
});

const credit: NonNullable<PaymentFacts['credits-list']> = {
  c1: {
    kind: 'regular',
    source: 'purchase',
    grantedAt: 1,
    expiresAt: at('2026-12-30', '00:00'),
  },
};

const usedToday: Record<string, BookingCredit> = {
  b1: {
    classId: 'k0',
    state: 'used',
    startsAt: at('2026-11-30', '07:00'),
    at: 1,
    plan: { membershipId: 'sub_1', planId: 'unlimited-daily' },
  },
};

const cls = {
  startsAt: at('2026-11-30', '18:00'),
  creditKind: 'regular' as const,
  exercise: 'spin',
  branch: 'centro',
};

function show(facts: PaymentFacts, endFreeze?: () => Promise<unknown>) {
  const onPayWith = vi.fn();
  const view = render(
    <PaymentLine
      facts={{ Conditions: true, ...facts }}
      cls={cls}
      timeZone={TZ}
      now={NOW}
      currency="MXN"
      payWith={undefined}
      onPayWith={onPayWith}
      endFreeze={endFreeze}
    />,
  );
  return { onPayWith, view };
}

describe('how a booking would be paid', () => {
  afterEach(() => useLangStore.setState({ lang: 'en' }));

  it('says the plan pays, and offers a credit instead when the member has one', () => {
    const { onPayWith } = show({ membership: membership(), 'credits-list': credit });
    expect(screen.getByText('Paid by your plan: Unlimited, one class a day')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a credit instead' }));
    expect(onPayWith).toHaveBeenCalledWith('credits');
  });

  it('states the late-cancel fee or block of the plan, in English and Spanish', () => {
    useLangStore.setState({ lang: 'en' });
    const fee = membership({ terms: { ...daily, lateCancel: { kind: 'fee', amount: 1500 } } });
    const withFee = show({ membership: fee });
    const policy = () => document.querySelector('.payment-line-policy')?.textContent ?? '';
    expect(policy()).toMatch(/^Late-cancel policy: a .*15.* fee, charged to your saved card\.$/);
    expect(policy()).toContain('$');
    withFee.view.unmount();

    const block = membership({ terms: { ...daily, lateCancel: { kind: 'block', days: 3 } } });
    const withBlock = show({ membership: block });
    expect(policy()).toBe('Late-cancel policy: your plan books no classes for 3 days.');
    withBlock.view.unmount();

    const oneDay = membership({ terms: { ...daily, lateCancel: { kind: 'block', days: 1 } } });
    act(() => useLangStore.setState({ lang: 'es' }));
    const spanish = show({ membership: oneDay });
    expect(policy()).toBe(
      'Política de cancelación tardía: tu plan no reserva clases durante 1 día.',
    );
    spanish.view.unmount();
    const spanishFee = show({ membership: fee });
    expect(policy()).toMatch(/^Política de cancelación tardía: un cargo de .*15.* a tu tarjeta/);
    spanishFee.view.unmount();
    act(() => useLangStore.setState({ lang: 'en' }));

    show({ membership: membership() });
    expect(policy()).toBe('Late-cancel policy: no fee; the class still counts on your plan.');
  });

  it('states no late-cancel policy when a credit pays', () => {
    const fee = membership({ terms: { ...daily, lateCancel: { kind: 'fee', amount: 1500 } } });
    show({ membership: fee, 'credits-list': credit, 'booking-credits': usedToday });
    expect(document.querySelector('.payment-line-policy')).toBeNull();
  });

  it('gives the cap of the day as the reason a credit pays', () => {
    show({ membership: membership(), 'credits-list': credit, 'booking-credits': usedToday });
    const text = document.querySelector('.payment-line p')?.textContent ?? '';
    expect(text).toContain('today; next from tomorrow');
    expect(text).toContain('This booking uses 1 credit.');
    expect(screen.queryByRole('button', { name: 'Use a credit instead' })).toBeNull();
  });

  it('offers to end a freeze that covers the class', async () => {
    const endFreeze = vi.fn(() => Promise.resolve({}));
    show(
      {
        membership: membership({
          freezeId: 'f1',
          frozenUntil: at('2026-12-14', '00:00'),
          freezes: {
            f1: {
              from: at('2026-11-29', '00:00'),
              until: at('2026-12-14', '00:00'),
              by: 'member',
              requestedAt: 1,
            },
          },
        }),
      },
      endFreeze,
    );
    expect(document.querySelector('.payment-line p')?.textContent).toMatch(/frozen until/);
    fireEvent.click(screen.getByRole('button', { name: 'End freeze now' }));
    await act(() => Promise.resolve());
    expect(endFreeze).toHaveBeenCalledTimes(1);
  });

  it('says nothing without a plan, or with a plan of credits', () => {
    const { view } = show({ 'credits-list': credit });
    expect(view.container.textContent).toBe('');
    view.unmount();
    const credits = show({ membership: membership({ terms: { ...daily, kind: 'credits' } }) });
    expect(credits.view.container.textContent).toBe('');
  });
});

describe('whether the plan pays (the class sheet words its cancel line by it)', () => {
  const ask = (facts: PaymentFacts, payWith?: 'credits') =>
    paidByPlan({ facts: { Conditions: true, ...facts }, cls, timeZone: TZ, now: NOW, payWith });

  it('is the plan while it pays, and not once the member picks a credit', () => {
    expect(ask({ membership: membership(), 'credits-list': credit })).toBe(true);
    expect(ask({ membership: membership(), 'credits-list': credit }, 'credits')).toBe(false);
  });

  it('is not the plan past its daily cap, nor without a running plan', () => {
    expect(
      ask({ membership: membership(), 'booking-credits': usedToday, 'credits-list': credit }),
    ).toBe(false);
    expect(ask({ membership: membership({ status: 'ended' }), 'credits-list': credit })).toBe(
      false,
    );
    expect(ask({ 'credits-list': credit })).toBe(false);
  });
});
