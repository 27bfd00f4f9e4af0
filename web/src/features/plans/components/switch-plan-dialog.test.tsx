import type { Membership } from '@studio/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { PlansApi } from '../api/plans-api';
import { PLANS } from '../plans.fixture';
import { SwitchPlanDialog } from './switch-plan-dialog';

const NOW = Date.UTC(2026, 11, 1, 18);

const ON_TWO: Membership = {
  id: 'sub_1',
  uid: 'u1',
  planId: 'two',
  terms: {
    kind: 'limited',
    name: PLANS['two']!.name,
    interval: 'month',
    limit: { count: 2, per: 'week' },
  },
  source: 'stripe',
  status: 'active',
  startedAt: NOW - 10 * 24 * 60 * 60 * 1000,
  updatedAt: NOW,
};

function renderSwitch(
  changePlan: PlansApi['changePlan'],
  to: 'daily' | 'two',
  membership: Membership = ON_TWO,
) {
  const onSwitched = vi.fn();
  const onClose = vi.fn();
  render(
    <SwitchPlanDialog
      api={{ changePlan }}
      membership={membership}
      currentPlan={PLANS[membership.planId]}
      planId={to}
      plan={PLANS[to]!}
      onClose={onClose}
      onSwitched={onSwitched}
    />,
  );
  return { onSwitched, onClose };
}

describe('SwitchPlanDialog', () => {
  it('says an upgrade applies now, switches through changePlan and reports it in words', async () => {
    const changePlan = vi.fn<PlansApi['changePlan']>(() =>
      Promise.resolve({ planId: 'daily', timing: 'now', at: NOW }),
    );
    const { onSwitched } = renderSwitch(changePlan, 'daily');
    const dialog = await screen.findByRole('dialog', {
      name: 'Switch to Unlimited, one class a day',
    });
    expect(dialog.textContent).toContain('From Two classes a week to Unlimited, one class a day');
    expect(dialog.textContent).toContain('Applies now');
    // The plan's name already says what it gives: not said twice.
    expect(within(dialog).queryByText('Unlimited, one class a day')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Unlimited, one class a day' }));
    await vi.waitFor(() =>
      expect(onSwitched).toHaveBeenCalledWith('Your plan is now Unlimited, one class a day.'),
    );
    expect(changePlan).toHaveBeenCalledWith('daily');
  });

  it('says a cheaper plan applies at the period end, with the day in words', async () => {
    const onDaily: Membership = {
      ...ON_TWO,
      planId: 'daily',
      terms: { kind: 'unlimited', name: PLANS['daily']!.name, interval: 'month', dailyCap: 1 },
    };
    const at = Date.UTC(2026, 11, 24, 18);
    const changePlan = vi.fn<PlansApi['changePlan']>(() =>
      Promise.resolve({ planId: 'daily', timing: 'period-end', at }),
    );
    const { onSwitched } = renderSwitch(changePlan, 'two', onDaily);
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Two classes a week' });
    expect(dialog.textContent).toContain('Applies when your period ends');
    expect(within(dialog).getByText('2 classes a week')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Two classes a week' }));
    await vi.waitFor(() => expect(onSwitched).toHaveBeenCalled());
    const notice = String(onSwitched.mock.calls[0]?.[0]);
    expect(notice).toMatch(/^Your plan changes to Two classes a week on Thu 24 Dec/);
    expect(notice).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('shows the refusal and stays open', async () => {
    const changePlan = vi.fn<PlansApi['changePlan']>(() =>
      Promise.reject(new CallableRefusal('failed-precondition', 'introAlreadyUsed')),
    );
    const { onSwitched, onClose } = renderSwitch(changePlan, 'daily');
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Unlimited, one class a day' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/intro/i);
    expect(onSwitched).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(onClose).toHaveBeenCalled();
  });
});
