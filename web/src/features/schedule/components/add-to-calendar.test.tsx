import ICAL from 'ical.js';
import type { StudioClass, UserClass } from '@studio/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLangStore } from '../../../lib/i18n';
import type { Catalog } from '../api/schedule-api';
import { AddToCalendar } from './add-to-calendar';

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const STARTS = Date.parse('2025-06-11T13:00:00.000Z');

const entry: UserClass = {
  classId: 'spin',
  bookingId: 'b42',
  date: '2025-06-11',
  hour: '07:00',
  startsAt: STARTS,
  title: 'Spin 45',
  spot: 's3',
  spotLabel: '3',
  creditKind: 'regular',
  status: 'booked',
  bookedAt: NOW - 1000,
  rosterVersion: 1,
};

const cls = {
  name: 'Spin 45',
  branch: 'centro',
  date: '2025-06-11',
  hour: '07:00',
  startsAt: STARTS,
  duration: 45,
  exercise: 'spin',
  coach: 'carlos',
  capacity: 10,
  creditKind: 'regular',
  status: 'scheduled',
  bookedCount: 1,
  waitlistCount: 0,
} as StudioClass;

const catalog = {
  branches: { centro: { name: 'Centro', address: 'Av. Juárez 10', active: true } },
  coaches: { carlos: { name: 'Carlos', active: true } },
  exercises: {},
  settings: {},
} as unknown as Catalog;

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  useLangStore.setState({ lang: 'en' });
});

describe('Add to calendar', () => {
  it('hands over a valid .ics of the booking, with the UID the booking mail and the feed use', async () => {
    useLangStore.setState({ lang: 'es' });
    const saved: [string, string][] = [];
    render(
      <AddToCalendar
        api={{ getClass: () => Promise.resolve(cls), loadCatalog: () => Promise.resolve(catalog) }}
        entry={entry}
        now={() => NOW}
        host="studio.example"
        save={(name, text) => saved.push([name, text])}
      />,
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Agregar al calendario: Spin 45 del mié 11 jun 07:00' }),
    );
    await settle();
    expect(saved.map(([name]) => name)).toEqual(['class-2025-06-11.ics']);
    const calendar = new ICAL.Component(ICAL.parse(saved[0]![1]) as unknown[]);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('booking-b42@studio.example');
    expect(event.summary).toBe('Spin 45');
    expect(event.location).toBe('Centro, Av. Juárez 10');
    expect(event.description).toBe('Lugar 3\nCoach: Carlos');
    expect(event.startDate.toJSDate().getTime()).toBe(STARTS);
    expect(event.endDate.toJSDate().getTime()).toBe(STARTS + 45 * 60_000);
  });

  it('says so when the class cannot be read', async () => {
    const saved: string[] = [];
    render(
      <AddToCalendar
        api={{ getClass: () => Promise.resolve(null), loadCatalog: () => Promise.resolve(catalog) }}
        entry={entry}
        now={() => NOW}
        host="studio.example"
        save={(name) => saved.push(name)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Add to calendar: Spin 45/ }));
    await settle();
    expect(screen.getByRole('alert').textContent?.trim()).toBe(
      'The calendar file could not be made. Try again.',
    );
    expect(saved).toEqual([]);
  });

  it('has an accessible name that contains its visible text, in both languages', () => {
    for (const lang of ['en', 'es'] as const) {
      useLangStore.setState({ lang });
      const { unmount } = render(
        <AddToCalendar
          api={{
            getClass: () => Promise.resolve(cls),
            loadCatalog: () => Promise.resolve(catalog),
          }}
          entry={entry}
          now={() => NOW}
          host="studio.example"
        />,
      );
      const button = screen.getByRole('button');
      const visible = button.textContent ?? '';
      expect(visible).not.toBe('');
      expect(button.getAttribute('aria-label')?.includes(visible)).toBe(true);
      unmount();
    }
  });
});
