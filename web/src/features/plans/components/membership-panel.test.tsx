import type { Membership } from '@studio/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { PlansApi } from '../api/plans-api';
import { PLANS, plansApi } from '../plans.fixture';
import { MembershipPanel } from './membership-panel';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 1, 18);

const IMPORTED: Membership = {
  id: 'import-cc-1',
  uid: 'u1',
  planId: 'daily',
  terms: { kind: 'unlimited', name: PLANS['daily']!.name, interval: 'month', dailyCap: 1 },
  source: 'import',
  status: 'active',
  startedAt: NOW - 20 * DAY,
  periodStart: NOW - 20 * DAY,
  // The next billing day, midnight in Mexico City: paid through the day before.
  periodEnd: Date.UTC(2026, 11, 15, 6),
  updatedAt: NOW - DAY,
};

function renderPanel(membership: Membership, startCheckout: PlansApi['startCheckout']) {
  const api = {
    ...plansApi(),
    watchMembership: (
      _uid: string,
      onChange: (value: { membership: Membership | null; fees: Record<string, never> }) => void,
    ) => {
      onChange({ membership, fees: {} });
      return () => undefined;
    },
    watchSettings: () => () => undefined,
    startCheckout,
  } as unknown as PlansApi;
  render(<MembershipPanel api={api} uid="u1" canManage now={() => NOW} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an imported plan without a card', () => {
  it('asks for a card before its paid period ends and opens the plan’s checkout', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      href: 'http://localhost/profile-user',
      assign,
    });
    const startCheckout = vi.fn<PlansApi['startCheckout']>(() =>
      Promise.resolve({ sessionId: 'cs_1', url: 'https://checkout.example/cs_1' }),
    );
    renderPanel(IMPORTED, startCheckout);
    expect(screen.getByText(/Paid through Mon 14 Dec at your previous studio/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(startCheckout).toHaveBeenCalledWith('daily', {
      successUrl: 'http://localhost/profile-user',
      cancelUrl: 'http://localhost/profile-user',
    });
  });

  it('says why when the checkout is refused, and asks nothing of a plan billed by card', async () => {
    const startCheckout = vi.fn<PlansApi['startCheckout']>(() =>
      Promise.reject(new CallableRefusal('failed-precondition', 'alreadySubscribed')),
    );
    renderPanel(IMPORTED, startCheckout);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('shows no prompt for a Stripe plan', () => {
    renderPanel({ ...IMPORTED, id: 'sub_1', source: 'stripe' }, vi.fn());
    expect(screen.queryByRole('button', { name: 'Add a card' })).toBeNull();
  });
});
