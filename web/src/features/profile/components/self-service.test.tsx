import type { LedgerEntry, UserClass } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLangStore } from '../../../lib/i18n';
import { CreditsExplained } from './credits-explained';
import { PromotionCutoff } from './promotion-cutoff';

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('credits explained', () => {
  it('names each credit’s source, expiry and the class it paid for', () => {
    const ledger: Record<string, LedgerEntry> = {
      buy: {
        type: 'grant',
        kind: 'regular',
        delta: 2,
        creditIds: ['p1', 'p2'],
        reason: 'x',
        reasonKey: 'ledgerGrantPurchase',
        at: NOW - 5 * DAY,
        by: 'system',
      },
      use: {
        type: 'use',
        kind: 'regular',
        delta: -1,
        creditId: 'p1',
        classId: 'spin',
        reason: 'x',
        at: NOW - DAY,
        by: 'm',
      },
    };
    const spin: UserClass = {
      classId: 'spin',
      bookingId: 'b1',
      date: '2025-06-11',
      hour: '07:00',
      startsAt: NOW + DAY,
      title: 'Spin 45',
      spot: '3',
      creditKind: 'regular',
      status: 'booked',
      bookedAt: NOW - DAY,
      rosterVersion: 1,
    };
    render(
      <CreditsExplained
        ledger={ledger}
        user={{
          'credits-list': {
            p2: {
              kind: 'regular',
              source: 'purchase',
              grantedAt: NOW - 5 * DAY,
              expiresAt: Date.parse('2025-07-01T12:00:00Z'),
            },
          },
        }}
        classes={{ spin }}
        now={() => NOW}
      />,
    );
    const region = screen.getByRole('region', { name: 'Where my credits come from and go' });
    // One card for the package, not one per credit.
    const [grant, ...rest] = within(region).getAllByRole('listitem');
    expect(rest.map((li) => li.textContent)).toEqual(['Used for Spin 45, Tomorrow 07:00']);
    expect(within(grant!).getByText('Package')).toBeTruthy();
    expect(grant!.querySelector('.credit-grant-meta')?.textContent).toBe(
      'received Thu 5 Jun · expires Tue 1 Jul',
    );
    expect(within(grant!).getByText('2 credits')).toBeTruthy();
    expect(within(grant!).getByText('1 used · 1 left')).toBeTruthy();
    // The detail names the class the used one paid for.
    expect(within(grant!).getByText('Where they went').closest('details')).toBeTruthy();
  });

  it('counts alike fates once in the detail and says in Spanish how many went where', () => {
    const ids = ['p1', 'p2', 'p3'];
    const ledger: Record<string, LedgerEntry> = {
      buy: {
        type: 'grant',
        kind: 'regular',
        delta: 3,
        creditIds: ids,
        reason: 'x',
        reasonKey: 'ledgerGrantSubscription',
        at: NOW - 40 * DAY,
        by: 'system',
      },
      gone: {
        type: 'expire',
        kind: 'regular',
        delta: -2,
        creditIds: ['p1', 'p2'],
        reason: 'x',
        at: NOW - 5 * DAY,
        by: 'system',
      },
      used: {
        type: 'use',
        kind: 'regular',
        delta: -1,
        creditId: 'p3',
        reason: 'x',
        at: NOW - 20 * DAY,
        by: 'm',
      },
    };
    useLangStore.setState({ lang: 'es' });
    try {
      render(<CreditsExplained ledger={ledger} user={null} classes={{}} now={() => NOW} />);
      const region = screen.getByRole('region', {
        name: 'De dónde vienen y a dónde van mis créditos',
      });
      expect(within(region).getByText('Periodo de suscripción')).toBeTruthy();
      expect(within(region).getByText('1 usado · 2 vencidos · 0 disponibles')).toBeTruthy();
      expect(
        within(region)
          .getAllByRole('listitem')
          .slice(1)
          .map((li) => li.textContent),
      ).toEqual(['2 × Venció sin usarse', 'Usado en una clase']);
    } finally {
      useLangStore.setState({ lang: 'en' });
    }
  });
});

describe('my cut-off', () => {
  function api() {
    const saved: (number | null)[] = [];
    return {
      saved,
      api: {
        loadStudioCutoffMinutes: () => Promise.resolve(60),
        savePromotionCutoff: (_uid: string, hours: number | null) => {
          saved.push(hours);
          return Promise.resolve();
        },
      },
    };
  }

  it('offers the studio’s cut-off by default and saves the hours the member picks', async () => {
    const fake = api();
    render(<PromotionCutoff api={fake.api} uid="m" hours={undefined} />);
    await settle();
    const select = screen.getByRole('combobox', { name: 'Do not promote me later than' });
    expect((select as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: '60 min before class (the studio’s)' })).toBeTruthy();

    fireEvent.change(select, { target: { value: '6' } });
    await settle();

    expect(fake.saved).toEqual([6]);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('goes back to the studio’s cut-off by saving none', async () => {
    const fake = api();
    render(<PromotionCutoff api={fake.api} uid="m" hours={4} />);
    const select = screen.getByRole('combobox', { name: 'Do not promote me later than' });
    expect((select as HTMLSelectElement).value).toBe('4');
    fireEvent.change(select, { target: { value: '' } });
    await settle();
    expect(fake.saved).toEqual([null]);
  });

  it('says so when the save is refused', async () => {
    render(
      <PromotionCutoff
        api={{
          loadStudioCutoffMinutes: () => Promise.resolve(60),
          savePromotionCutoff: () => Promise.reject(new Error('permission_denied')),
        }}
        uid="m"
        hours={undefined}
      />,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '2' } });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
  });
});
