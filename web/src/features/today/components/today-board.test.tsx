import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { StudioClass } from '@studio/core';
import type { TodayApi } from '../api/today-api';
import { TodayBoard } from './today-board';

const NOW = Date.UTC(2026, 10, 25, 13, 10); // 07:10 in Monterrey

const cycling: StudioClass = {
  branch: 'centro',
  date: '2026-11-25',
  hour: '07:00',
  startsAt: Date.UTC(2026, 10, 25, 13, 0),
  duration: 45,
  exercise: 'cycling',
  coach: 'ana',
  capacity: 20,
  creditKind: 'regular',
  status: 'scheduled',
  bookedCount: 16,
  waitlistCount: 0,
};

function fakeApi(overrides: Partial<TodayApi> = {}): TodayApi {
  const stop = () => undefined;
  return {
    watchClasses: (_from, _to, onChange) => (onChange({ c1: cycling }), stop),
    watchRoster: (_id, onChange) => (
      onChange({
        bookings: {
          u1: {
            bookingId: 'b1',
            uid: 'u1',
            spot: '1',
            bookedAt: 0,
            via: 'member',
            attendance: 'attended',
          },
        },
      } as never),
      stop
    ),
    watchCoaches: (onChange) => (onChange({ ana: { name: 'Ana Garza' } as never }), stop),
    watchExercises: (onChange) => (onChange({ cycling: { name: 'Cycling' } as never }), stop),
    sumPayments: vi.fn(() =>
      Promise.resolve({
        totals: [{ currency: 'USD', count: 2, paid: 18500, refunded: 0, net: 18500 }],
      }),
    ),
    watchFailedMail: (_limit, onChange) => (onChange({ m1: {}, m2: {} }), stop),
    watchPastDuePlans: (_limit, onChange) => (onChange(null), stop),
    ...overrides,
  };
}

function renderBoard(api: TodayApi) {
  const location = memoryLocation({ path: '/admin-today' });
  render(
    <Router hook={location.hook}>
      <TodayBoard api={api} now={() => NOW} />
    </Router>,
  );
}

describe('TodayBoard', () => {
  it("shows today's classes with fill and check-ins, sales and alerts", async () => {
    const api = fakeApi();
    renderBoard(api);
    expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toBeTruthy();
    expect(screen.getByText('Wednesday 25 November')).toBeTruthy();
    const classes = within(screen.getByRole('region', { name: 'Classes today' }));
    expect(classes.getByText('Cycling')).toBeTruthy();
    expect(classes.getByText('In progress')).toBeTruthy();
    expect(classes.getByRole('img', { name: '16 of 20 spots booked' })).toBeTruthy();
    expect(
      classes
        .getByRole('link', { name: 'Class list 07:00 Cycling with Ana Garza' })
        .getAttribute('href'),
    ).toBe('/user-list-class/2026-11-25/07%3A00/c1/ana/cycling');
    expect(await screen.findAllByText('$185')).toHaveLength(2);
    expect(api.sumPayments).toHaveBeenCalledWith('2026-11-25', '2026-11-25');
    const alerts = within(screen.getByRole('region', { name: 'Needs attention' }));
    expect(alerts.getByText('2 e-mails could not be sent')).toBeTruthy();
    expect(alerts.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/admin-mail');
  });

  it('says when sales are not for this role and when nothing needs attention', async () => {
    renderBoard(
      fakeApi({
        sumPayments: () => Promise.reject(new Error('permission-denied')),
        watchFailedMail: (_limit, onChange) => (onChange(null), () => undefined),
      }),
    );
    expect(await screen.findByText('Sales are shown to admins.')).toBeTruthy();
    expect(screen.getByText('Nothing needs attention.')).toBeTruthy();
  });

  it('offers to add classes on a day without any', () => {
    renderBoard(fakeApi({ watchClasses: (_f, _t, onChange) => (onChange({}), () => undefined) }));
    expect(screen.getByText('No classes today.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add classes' }).getAttribute('href')).toBe(
      '/crear-clases',
    );
  });
});
