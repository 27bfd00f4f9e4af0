import type { LedgerEntry, UserClass } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Package · Class credits · received 2025-06-05 · expires 2025-07-01Available',
      'Package · Class credits · received 2025-06-05Used for Spin 45 on 2025-06-11 at 07:00',
    ]);
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
    expect(
      screen.getByRole('option', { name: 'The studio’s cut-off (60 min before class)' }),
    ).toBeTruthy();

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
