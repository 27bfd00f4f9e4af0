import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { PlanAdminApi } from '../api/plan-admin-api';
import { CancelPlan } from './cancel-plan';

const PERIOD_END = Date.UTC(2026, 11, 24, 18);

/** Opens the dialog from its button and waits for it (the kit's dialog loads on first open). */
async function renderCancel(cancel: PlanAdminApi['cancelMemberSubscription']) {
  const cancelMemberSubscription = vi.fn(cancel);
  render(<CancelPlan api={{ cancelMemberSubscription }} uid="u1" name="Ana" />);
  const opener = screen.getByRole('button', { name: 'Cancel plan of Ana' });
  opener.focus();
  fireEvent.click(opener);
  await screen.findByRole('dialog', { name: 'Cancel the plan of Ana' });
  return cancelMemberSubscription;
}

describe('CancelPlan', () => {
  it('cancels at the period’s end with the reason and says when the plan stops', async () => {
    const cancel = await renderCancel(() =>
      Promise.resolve({ subscriptionId: 'sub_1', cancelAt: PERIOD_END }),
    );
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Moved away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    // The day in words, the year only when it is not this one.
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^The plan stops on Thu 24 Dec( 2026)?\.$/,
    );
    expect(cancel).toHaveBeenCalledWith({ uid: 'u1', when: 'period-end', reason: 'Moved away' });
  });

  it('opens a dialog focused on the reason, and gives focus back to its button when kept', async () => {
    const cancel = await renderCancel(() =>
      Promise.resolve({ subscriptionId: 'sub_1', cancelAt: null }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel the plan of Ana' });
    expect(document.activeElement).toBe(screen.getByLabelText(/^Reason/));
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Keep the plan' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Cancel plan of Ana' }),
      ),
    );
    expect(cancel).not.toHaveBeenCalled();
  });

  it('names its button with the visible text first (label in name)', () => {
    render(
      <CancelPlan
        api={{ cancelMemberSubscription: () => Promise.reject(new Error('unused')) }}
        uid="u1"
        name="Ana"
      />,
    );
    const button = screen.getByRole('button', { name: 'Cancel plan of Ana' });
    expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '-')).toBe(true);
  });

  it('cancels now when chosen', async () => {
    const cancel = await renderCancel(() =>
      Promise.resolve({ subscriptionId: 'sub_1', cancelAt: null }),
    );
    fireEvent.click(screen.getByLabelText('Now'));
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Fraud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('The plan was cancelled.');
    // The button is gone with the plan: focus lands on what happened, not on the page's top.
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(cancel).toHaveBeenCalledWith({ uid: 'u1', when: 'now', reason: 'Fraud' });
  });

  it('asks for a reason before calling', async () => {
    const cancel = await renderCancel(() =>
      Promise.resolve({ subscriptionId: 'sub_1', cancelAt: null }),
    );
    fireEvent.submit(screen.getByRole('form', { name: 'Cancel the plan of Ana' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Reason/);
    expect(cancel).not.toHaveBeenCalled();
  });

  it('shows the function’s refusal', async () => {
    await renderCancel(() =>
      Promise.reject(new CallableRefusal('failed-precondition', 'noSubscription')),
    );
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no subscription to manage on this account.',
    );
  });
});
