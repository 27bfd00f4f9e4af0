import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import { PLANS, plansApi } from '../plans.fixture';
import { PlanList } from './plan-list';

describe('PlanList', () => {
  it('offers the plans on sale and opens the chosen one', () => {
    const onChoose = vi.fn();
    render(<PlanList api={plansApi()} onChoose={onChoose} />);
    expect(screen.queryByText('Retired plan')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Unlimited, one class a day' }));
    expect(onChoose).toHaveBeenCalledWith('daily');
  });

  it('waits while the session is restored: no plan can be chosen yet', () => {
    const onChoose = vi.fn();
    render(<PlanList api={plansApi()} onChoose={onChoose} disabled />);
    const choose = screen.getByRole('button', { name: 'Choose Unlimited, one class a day' });
    expect((choose as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(choose);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('says why a checkout did not open', () => {
    render(
      <PlanList
        api={plansApi()}
        onChoose={() => undefined}
        error={new CallableRefusal('failed-precondition', 'introAlreadyUsed')}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/intro/i);
  });

  it('shows nothing when no plan is on sale', () => {
    const { container } = render(<PlanList api={plansApi({ old: PLANS['old']! })} />);
    expect(container.innerHTML).toBe('');
  });
});
