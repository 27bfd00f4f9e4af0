import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanState, User } from '@studio/core';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import type { PlanApi } from '../api/plan-api';
import { PlanPanel } from './plan-panel';

const PERIOD_END = Date.UTC(2026, 11, 24, 18);

function member(plan?: Omit<PlanState, 'subscriptionId' | 'updatedAt'>, active = true): User {
  return {
    Name: 'Ana',
    activeSuscription: active,
    ...(plan ? { 'plan-state': { subscriptionId: 'sub_1', updatedAt: 1, ...plan } } : {}),
  };
}

function renderPanel(user: User | null, api?: Partial<PlanApi>, canManage = true) {
  const assign = vi.fn<(url: string) => void>();
  const createPortalSession = vi.fn<PlanApi['createPortalSession']>(
    api?.createPortalSession ?? (() => Promise.resolve({ url: 'http://stripe.test/portal/bps_1' })),
  );
  render(
    <PlanPanel
      api={{ createPortalSession }}
      user={user}
      canManage={canManage}
      returnUrl="http://127.0.0.1:5000/profile-user/u1"
      assign={assign}
    />,
  );
  return { assign, createPortalSession };
}

/** A `pageshow` as the browser sends it (happy-dom's PageTransitionEvent drops `persisted`). */
function pageShow(persisted: boolean): Event {
  return Object.defineProperty(new Event('pageshow'), 'persisted', { value: persisted });
}

afterEach(() => {
  useLangStore.setState({ lang: 'en' });
});

describe('PlanPanel', () => {
  it('speaks Spanish: the date a cancelling plan stops, and Fix payment', () => {
    useLangStore.setState({ lang: 'es' });
    renderPanel(member({ status: 'cancelling', periodEnd: PERIOD_END }));
    expect(screen.getByRole('status').textContent).toMatch(/^Se cancela el jue 24 dic( 2026)?$/);
    expect(screen.getByRole('button', { name: 'Administrar suscripción' })).toBeTruthy();
  });

  it('shows an active plan with its renewal date, and opens the portal on Manage subscription', async () => {
    const { assign, createPortalSession } = renderPanel(
      member({ status: 'active', periodEnd: PERIOD_END }),
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /^Active · Renews on Thu 24 Dec( 2026)?$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/portal/bps_1'));
    expect(createPortalSession).toHaveBeenCalledWith('http://127.0.0.1:5000/profile-user/u1');
  });

  it('shows the date a cancelling plan stops', () => {
    renderPanel(member({ status: 'cancelling', periodEnd: PERIOD_END }));
    expect(screen.getByRole('status').textContent).toMatch(/^Cancels on Thu 24 Dec( 2026)?$/);
  });

  it('offers Fix payment on a past-due plan', () => {
    renderPanel(member({ status: 'past-due' }));
    expect(screen.getByRole('status').textContent).toMatch(/^Past due/);
    expect(screen.getByRole('button', { name: 'Fix payment' })).toBeTruthy();
  });

  it('shows an ended plan, still with the portal for its invoices', () => {
    renderPanel(member({ status: 'ended' }, false));
    expect(screen.getByRole('status').textContent).toBe('Ended');
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
  });

  it('has nothing to manage without a plan, or on someone else’s profile', () => {
    renderPanel({ Name: 'Ana' });
    expect(screen.getByRole('status').textContent).toBe('No subscription');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the monthly plan to a member without one, never on someone else’s profile', () => {
    const { hook } = memoryLocation({ path: '/' });
    render(
      <Router hook={hook}>
        <PlanPanel
          api={{ createPortalSession: vi.fn() }}
          user={{ Name: 'Ana' }}
          canManage
          returnUrl="http://127.0.0.1:5000/profile-user/u1"
          assign={vi.fn()}
          planHref="/tabs/paquetes/0"
        />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'See the monthly plan' }).getAttribute('href')).toBe(
      '/tabs/paquetes/0',
    );
    cleanup();
    render(
      <PlanPanel
        api={{ createPortalSession: vi.fn() }}
        user={member({ status: 'active' })}
        canManage
        returnUrl="http://127.0.0.1:5000/profile-user/u1"
        assign={vi.fn()}
        planHref="/tabs/paquetes/0"
      />,
    );
    expect(screen.queryByRole('link', { name: 'See the monthly plan' })).toBeNull();
  });

  it('hides the portal on another member’s profile', () => {
    renderPanel(member({ status: 'active' }), undefined, false);
    expect(screen.getByRole('status').textContent).toBe('Active');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why the portal could not open and stays on the page', async () => {
    const { assign } = renderPanel(member({ status: 'active' }), {
      createPortalSession: () =>
        Promise.reject(new CallableRefusal('failed-precondition', 'noSubscription')),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no subscription to manage on this account.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Manage subscription' }).disabled,
    ).toBe(false);
  });

  it('is usable again when the page comes back from the back-forward cache', async () => {
    const { assign } = renderPanel(member({ status: 'active', periodEnd: PERIOD_END }));
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Opening…' }).disabled).toBe(true);
    // A page shown afresh (not from the cache) changes nothing.
    window.dispatchEvent(pageShow(false));
    expect(screen.getByRole<HTMLButtonElement>('button').disabled).toBe(true);
    act(() => {
      window.dispatchEvent(pageShow(true));
    });
    const manage = screen.getByRole<HTMLButtonElement>('button', { name: 'Manage subscription' });
    expect(manage.disabled).toBe(false);
  });
});
