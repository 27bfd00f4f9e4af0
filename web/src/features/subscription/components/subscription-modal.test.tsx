import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { loadDialogRadix } from '../../../components/ui/dialog-loader';
import { useToastStore } from '../../../components/ui/toast';
import type { SubscriptionApi, SubscriptionOffer } from '../api/subscription-api';
import type { SubscriptionModalProps } from './subscription-modal';
import { SubscriptionModal } from './subscription-modal';

// 10:00 in Monterrey on 2025-06-10.
const START = new Date('2025-06-10T16:00:00.000Z');
const TODAY = '2025-06-10';

function fakeSubscriptionApi(offer: SubscriptionOffer | null = { discounted: 39, regular: 59 }) {
  const reads: number[] = [];
  const api: SubscriptionApi = {
    getSuscriptionPrices: () => {
      reads.push(Date.now());
      return Promise.resolve(offer);
    },
  };
  return { api, reads };
}

function renderModal(props: Partial<SubscriptionModalProps> = {}) {
  const location = memoryLocation({ path: '/tabs/inicio', record: true });
  const { api, reads } = fakeSubscriptionApi();
  const all: SubscriptionModalProps = {
    api,
    activeSubscription: false,
    siteHost: 'studio.example.com',
    branch: 'centro',
    now: () => Date.now(),
    // The app started as the modal mounted, unless a test says otherwise.
    startedAt: Date.now(),
    ...props,
  };
  const view = render(
    <Router hook={location.hook}>
      <SubscriptionModal {...all} />
    </Router>,
  );
  const rerender = (next: Partial<SubscriptionModalProps>) =>
    view.rerender(
      <Router hook={location.hook}>
        <SubscriptionModal {...all} {...next} />
      </Router>,
    );
  return { location, reads, rerender };
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const dialog = () => screen.queryByRole('dialog', { name: 'BEST CHOICE' });

describe('subscription modal', () => {
  // The kit's dialog chunk is loaded, as its idle preload has usually done in the app by the time
  // the modal opens (5 s after start); with fake timers a dialog still loading would not appear.
  beforeAll(() => loadDialogRadix());

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });

  it('opens 5 s after start when it was never shown, and records the date', async () => {
    renderModal();
    await advance(4999);
    expect(dialog()).toBeNull();
    expect(localStorage.getItem('weekly_modal_date')).toBeNull();
    await advance(1);
    expect(dialog()).not.toBeNull();
    expect(localStorage.getItem('weekly_modal_date')).toBe(TODAY);
  });

  // The date is recorded the moment the modal opens (its dialog may draw a moment later).
  it('opens 5 s after the app started, not after its own later mount, and never before', async () => {
    const startedAt = Date.now();
    // The session layer, which mounts the modal, came 2 s and a frame after the start.
    await vi.advanceTimersByTimeAsync(2017);
    renderModal({ startedAt });
    await advance(5000 - 2017 - 1);
    expect(localStorage.getItem('weekly_modal_date')).toBeNull();
    await advance(1);
    expect(localStorage.getItem('weekly_modal_date')).toBe(TODAY);
  });

  it('opens at once when mounted after the 5 s have passed', async () => {
    const startedAt = Date.now();
    await vi.advanceTimersByTimeAsync(6000);
    renderModal({ startedAt });
    expect(localStorage.getItem('weekly_modal_date')).toBeNull();
    await advance(0);
    expect(localStorage.getItem('weekly_modal_date')).toBe(TODAY);
  });

  it('stays closed when it was shown less than 7 days ago', async () => {
    localStorage.setItem('weekly_modal_date', '2025-06-04');
    renderModal();
    await advance(10_000);
    expect(dialog()).toBeNull();
    expect(localStorage.getItem('weekly_modal_date')).toBe('2025-06-04');
  });

  it('opens again 7 days after it was last shown', async () => {
    localStorage.setItem('weekly_modal_date', '2025-06-03');
    renderModal();
    await advance(5000);
    expect(dialog()).not.toBeNull();
    expect(localStorage.getItem('weekly_modal_date')).toBe(TODAY);
  });

  it('reads the prices once, 1 s after start', async () => {
    const { reads } = renderModal();
    await advance(999);
    expect(reads).toEqual([]);
    await advance(1);
    expect(reads).toEqual([START.getTime() + 1000]);
    await advance(10_000);
    expect(reads).toHaveLength(1);
  });

  it('reads the prices at its mount when that is more than 1 s after the start', async () => {
    const startedAt = Date.now();
    await vi.advanceTimersByTimeAsync(2017);
    const { reads } = renderModal({ startedAt });
    await advance(0);
    expect(reads).toEqual([START.getTime() + 2017]);
    await advance(10_000);
    expect(reads).toHaveLength(1);
  });

  it('shows the offer: 30 credits, struck-out regular price, offer price and summer tag', async () => {
    renderModal();
    await advance(5000);
    const modal = dialog();
    expect(modal?.textContent).toContain('Summer special');
    expect(modal?.textContent).toContain('30');
    expect(
      screen.getByText('Subscribe now and receive 30 credits monthly automatically.'),
    ).toBeTruthy();
    expect(modal?.querySelector('s')?.textContent).toBe('Regular price: $59 USD');
    expect(modal?.querySelector('strong')?.textContent).toBe('Offer price: $39 USD');
    expect(screen.getByRole('button', { name: 'SUSCRIBE 39 USD x month' })).toBeTruthy();
  });

  it('stores the regular price, goes to the Stripe buy-credits route with 30 credits, and closes', async () => {
    const { location } = renderModal();
    await advance(5000);
    fireEvent.click(screen.getByRole('button', { name: 'SUSCRIBE 39 USD x month' }));
    expect(localStorage.getItem('PreciocreditsCache')).toBe('59');
    expect(location.history.at(-1)).toBe('/tabs/buy-credits/stripe/studio.example.com/centro/30');
    expect(dialog()).toBeNull();
  });

  it("tells a subscribed member 'You already have suscription' for 2 s instead", async () => {
    renderModal({ activeSubscription: true });
    await advance(5000);
    expect(dialog()).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([
      { id: 1, message: 'You already have suscription', durationMs: 2000 },
    ]);
    expect(localStorage.getItem('weekly_modal_date')).toBe(TODAY);
  });

  it('closes with the toast when the subscription becomes known after opening', async () => {
    const { rerender } = renderModal();
    await advance(5000);
    expect(dialog()).not.toBeNull();
    rerender({ activeSubscription: true });
    expect(dialog()).toBeNull();
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'You already have suscription',
    ]);
  });

  it('waits while another dialog is held open, then shows', async () => {
    const { rerender } = renderModal({ held: true });
    await advance(5000);
    expect(dialog()).toBeNull();
    rerender({ held: false });
    expect(dialog()).not.toBeNull();
  });

  it('closes with its close button', async () => {
    renderModal();
    await advance(5000);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
  });

  it('closes with Escape', async () => {
    renderModal();
    await advance(5000);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(dialog()).toBeNull();
  });

  it('does not offer the button until the prices are known', async () => {
    const { api } = fakeSubscriptionApi(null);
    renderModal({ api });
    await advance(5000);
    const button = screen.getByRole('button', { name: /SUSCRIBE/ });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});
