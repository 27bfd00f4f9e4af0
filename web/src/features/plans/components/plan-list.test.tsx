import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CallableRefusal } from '../../../lib/callable-errors';
import { PLANS } from '../plans.fixture';
import { PlanList } from './plan-list';

describe('PlanList', () => {
  it('offers the plans on sale and opens the chosen one', () => {
    const onChoose = vi.fn();
    render(<PlanList plans={PLANS} onChoose={onChoose} />);
    expect(screen.queryByText('Retired plan')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Unlimited, one class a day' }));
    expect(onChoose).toHaveBeenCalledWith('daily');
  });

  it('waits while the session is restored: no plan can be chosen yet', () => {
    const onChoose = vi.fn();
    render(<PlanList plans={PLANS} onChoose={onChoose} disabled />);
    const choose = screen.getByRole('button', { name: 'Choose Unlimited, one class a day' });
    expect((choose as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(choose);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("marks the member's own plan, with the way to manage it instead of a button", () => {
    const { hook } = memoryLocation({ path: '/' });
    render(
      <Router hook={hook}>
        <PlanList
          plans={PLANS}
          currentPlanId="two"
          manageHref="/tabs/profile-user/m1"
          onChoose={() => undefined}
        />
      </Router>,
    );
    const mine = screen.getByRole('heading', { name: 'Two classes a week' }).closest('li');
    expect(mine?.className).toContain('is-current');
    const card = within(mine as HTMLElement);
    expect(card.getByText('Your plan')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
    expect(card.getByRole('link', { name: 'Manage it on your profile' }).getAttribute('href')).toBe(
      '/tabs/profile-user/m1',
    );
    // The other plan is still on offer.
    expect(screen.getByRole('button', { name: 'Choose Unlimited, one class a day' })).toBeTruthy();
    expect(screen.getAllByText('Your plan')).toHaveLength(1);
  });

  it('offers a member with a plan a switch to another one, not a new checkout', () => {
    const { hook } = memoryLocation({ path: '/' });
    const onChoose = vi.fn();
    const onSwitch = vi.fn();
    const intro: Record<string, (typeof PLANS)[string]> = {
      ...PLANS,
      first: { ...PLANS['daily']!, name: 'First month', introOffer: true },
    };
    render(
      <Router hook={hook}>
        <PlanList
          plans={intro}
          currentPlanId="two"
          manageHref="/tabs/profile-user/m1"
          onChoose={onChoose}
          onSwitch={onSwitch}
          notice="Your plan is now Two classes a week."
        />
      </Router>,
    );
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
    const other = screen.getByRole('heading', { name: 'Unlimited, one class a day' }).closest('li');
    const button = within(other as HTMLElement).getByRole('button', {
      name: 'Switch to this plan: Unlimited, one class a day',
    });
    expect(button.textContent).toBe('Switch to this plan');
    fireEvent.click(button);
    expect(onSwitch).toHaveBeenCalledWith('daily');
    expect(onChoose).not.toHaveBeenCalled();
    // A first-timer's offer is not a plan to switch to.
    const first = screen.getByRole('heading', { name: 'First month' }).closest('li');
    expect(within(first as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Your plan is now Two classes a week.');
  });

  it('says why a checkout did not open', () => {
    render(
      <PlanList
        plans={PLANS}
        onChoose={() => undefined}
        error={new CallableRefusal('failed-precondition', 'introAlreadyUsed')}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/intro/i);
  });

  it('shows nothing when no plan is on sale', () => {
    const { container } = render(<PlanList plans={{ old: PLANS['old']! }} />);
    expect(container.innerHTML).toBe('');
  });
});
