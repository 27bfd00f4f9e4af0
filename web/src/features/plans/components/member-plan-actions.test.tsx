import type { Membership } from '@studio/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { PlansAdminApi } from '../api/plans-api';
import { PLANS, plansApi } from '../plans.fixture';
import { MemberPlanActions, memberPlanActions } from './member-plan-actions';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 1, 18);

const RUNNING: Membership = {
  id: 'sub_1',
  uid: 'u1',
  planId: 'daily',
  terms: { kind: 'unlimited', name: PLANS['daily']!.name, interval: 'month', dailyCap: 1 },
  source: 'stripe',
  status: 'active',
  startedAt: NOW - 20 * DAY,
  updatedAt: NOW - DAY,
};

const FROZEN: Membership = {
  ...RUNNING,
  freezeId: 'f1',
  frozenUntil: NOW + 10 * DAY,
  freezes: {
    f1: { from: NOW - DAY, until: NOW + 10 * DAY, by: 'member', requestedAt: NOW - DAY },
  },
};

function renderActions(membership: Membership | null) {
  const admin = {
    freezeMember: vi.fn<PlansAdminApi['freezeMember']>(() =>
      Promise.resolve({ membershipId: 'sub_1', freezeId: 'f2', from: NOW, until: NOW + 14 * DAY }),
    ),
    endMemberFreeze: vi.fn<PlansAdminApi['endMemberFreeze']>(() =>
      Promise.resolve({ membershipId: 'sub_1', endedAt: NOW }),
    ),
    changeMemberPlan: vi.fn<PlansAdminApi['changeMemberPlan']>(() =>
      Promise.resolve({ planId: 'two', timing: 'now' as const, at: NOW }),
    ),
    compMembership: vi.fn<PlansAdminApi['compMembership']>(() =>
      Promise.resolve({ membershipId: 'comp-1' }),
    ),
    endMembership: vi.fn<PlansAdminApi['endMembership']>(() =>
      Promise.resolve({ subscriptionId: 'comp-1', cancelAt: null }),
    ),
  };
  const api = {
    watchMembership: (
      _uid: string,
      onChange: (value: { membership: Membership | null; fees: Record<string, never> }) => void,
    ) => {
      onChange({ membership, fees: {} });
      return () => undefined;
    },
    ...plansApi(),
  };
  render(
    <MemberPlanActions
      api={api}
      admin={admin as unknown as PlansAdminApi}
      uid="u1"
      name="Ana"
      now={() => NOW}
    />,
  );
  return admin;
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Manage membership of Ana' }));
  return screen.findByRole('dialog', { name: 'Membership of Ana' });
}

async function apply(dialog: HTMLElement, reason: string) {
  fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await Promise.resolve();
}

describe('a member’s membership on Admin Users', () => {
  it.each([
    ['no membership', null, ['comp']],
    ['an ended one', { ...RUNNING, status: 'ended' as const }, ['comp']],
    ['a running plan', RUNNING, ['freeze', 'change']],
    ['a frozen plan', FROZEN, ['end-freeze', 'change']],
    ['a gift plan', { ...RUNNING, source: 'comp' as const }, ['freeze', 'change', 'end']],
    ['a frozen cash plan', { ...FROZEN, source: 'cash' as const }, ['end-freeze', 'change', 'end']],
    [
      'a freeze booked for later (not frozen yet, nothing to end until then)',
      {
        ...RUNNING,
        freezes: {
          f1: { from: NOW + 5 * DAY, until: NOW + 9 * DAY, by: 'member' as const, requestedAt: 0 },
        },
      },
      ['end-freeze', 'change'],
    ],
  ])('offers what fits %s', (_, membership, expected) => {
    expect(memberPlanActions(membership, NOW)).toEqual(expected);
  });

  it('gives a member without a plan one free until a date, with the audit reason', async () => {
    const admin = renderActions(null);
    expect(screen.getByText('No membership.')).toBeTruthy();
    const dialog = await openDialog();
    // Only plans on sale are offered.
    const options = within(within(dialog).getByLabelText(/^Plan/)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Unlimited, one class a day',
      'Two classes a week',
    ]);
    fireEvent.change(within(dialog).getByLabelText(/^Plan/), { target: { value: 'two' } });
    fireEvent.change(within(dialog).getByLabelText(/^Free until/), {
      target: { value: '2027-01-01' },
    });
    await apply(dialog, 'Staff member');
    expect(admin.compMembership).toHaveBeenCalledWith({
      uid: 'u1',
      planId: 'two',
      until: '2027-01-01',
      reason: 'Staff member',
    });
    expect((await screen.findByRole('status')).textContent).toBe('Done.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('freezes a running plan for the days given; a refusal is said and the dialog stays', async () => {
    const admin = renderActions(RUNNING);
    admin.freezeMember.mockRejectedValueOnce(
      new CallableRefusal('failed-precondition', 'alreadyFrozen', { until: '2026-12-20' }),
    );
    expect(screen.getByText(PLANS['daily']!.name)).toBeTruthy();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Days/), { target: { value: '21' } });
    await apply(dialog, 'Injury');
    expect(admin.freezeMember).toHaveBeenCalledWith({ uid: 'u1', days: 21, reason: 'Injury' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your plan is already frozen until 2026-12-20.',
    );
    expect(screen.getByRole('dialog', { name: 'Membership of Ana' })).toBeTruthy();
  });

  it('changes a plan now or at the period’s end, never to the plan held', async () => {
    const admin = renderActions(RUNNING);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Change plan' }));
    const options = within(within(dialog).getByLabelText(/^Plan/)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Two classes a week']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Now (prorated)' }));
    await apply(dialog, 'Asked at the desk');
    expect(admin.changeMemberPlan).toHaveBeenCalledWith({
      uid: 'u1',
      planId: 'two',
      when: 'now',
      reason: 'Asked at the desk',
    });
  });

  it('ends a frozen plan’s freeze', async () => {
    const admin = renderActions(FROZEN);
    expect(screen.getByText(/Frozen until/)).toBeTruthy();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('radio', { name: 'End freeze' })).toBeTruthy();
    await apply(dialog, 'Back early');
    expect(admin.endMemberFreeze).toHaveBeenCalledWith('u1', 'Back early');
    expect(admin.freezeMember).not.toHaveBeenCalled();
  });

  it('ends a gift plan now, with the audit reason; a refusal is said and the dialog stays', async () => {
    const admin = renderActions({ ...RUNNING, id: 'comp-1', source: 'comp' });
    admin.endMembership.mockRejectedValueOnce(
      new CallableRefusal('failed-precondition', 'noSubscription'),
    );
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'End plan now' }));
    expect(within(dialog).getByText(/The plan ends today/)).toBeTruthy();
    await apply(dialog, 'Moved away');
    expect(admin.endMembership).toHaveBeenCalledWith('u1', 'Moved away');
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('status')).textContent).toBe('Done.');
    expect(admin.endMembership).toHaveBeenCalledTimes(2);
    expect(admin.freezeMember).not.toHaveBeenCalled();
  });

  it('does not offer to end a Stripe plan here', async () => {
    renderActions(RUNNING);
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('radio', { name: 'End plan now' })).toBeNull();
  });
});
