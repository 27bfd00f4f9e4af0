import type { Coach, StudioClass } from '@studio/core';
import { act, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { CoachesApi } from '../api/coaches-api';
import { CoachPage } from './coach-page';
import { studioPictureUrl } from '../../../../test/support/studio-pictures';

const HEADSHOT = studioPictureUrl('studio/coaches/abcdef/512.webp');

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const HOUR = 60 * 60 * 1000;

const cls = (coach: string, startsAt: number, extra: Partial<StudioClass> = {}): StudioClass => ({
  branch: 'centro',
  date: new Date(startsAt).toISOString().slice(0, 10),
  hour: new Date(startsAt).toISOString().slice(11, 16),
  startsAt,
  duration: 45,
  exercise: 'cycling',
  coach,
  capacity: 10,
  creditKind: 'regular',
  status: 'scheduled',
  bookedCount: 0,
  waitlistCount: 0,
  ...extra,
});

function fakeApi(coach: Coach | null, classes: Record<string, StudioClass>): CoachesApi {
  return {
    watchCoach: (_id, onChange) => {
      onChange(coach);
      return () => undefined;
    },
    watchClasses: (_from, _to, onChange) => {
      onChange(classes);
      return () => undefined;
    },
    loadExercises: () =>
      Promise.resolve({ cycling: { name: 'Cycling', creditKind: 'regular', active: true } }),
  };
}

async function show(api: CoachesApi) {
  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <CoachPage api={api} coachId="lucia" now={() => NOW} days={7} scheduleHref="/cal" />
    </Router>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('coach page', () => {
  it('shows the photo, bio, specialities and only this coach’s classes still to come', async () => {
    await show(
      fakeApi(
        {
          name: 'Lucía',
          bio: 'Rides since 2010.',
          img: HEADSHOT,
          specialities: ['Spinning', 'HIIT'],
          active: true,
        },
        {
          later: cls('lucia', NOW + 26 * HOUR, { name: 'Power hour' }),
          soon: cls('lucia', NOW + 2 * HOUR),
          past: cls('lucia', NOW - HOUR),
          cancelled: cls('lucia', NOW + 3 * HOUR, { status: 'cancelled' }),
          someoneElse: cls('carlos', NOW + HOUR),
        },
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Lucía' })).toBeTruthy();
    expect(screen.getByText('Rides since 2010.')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe(HEADSHOT);
    const specialities = screen.getByRole('region', { name: 'Specialities' });
    expect(
      within(specialities)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Spinning', 'HIIT']);
    const upcoming = screen.getByRole('region', { name: 'Upcoming classes' });
    // The weekday beside the spec's date and hour (read out in full, shown short).
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.coach-class-text')?.textContent),
    ).toEqual(['Tuesday 2025-06-10 18:00 · Cycling', 'Wednesday 2025-06-11 18:00 · Power hour']);
    expect(within(upcoming).getByText('2025-06-10 18:00 · Cycling')).toBeTruthy();
    expect(
      within(upcoming).getByRole('link', { name: 'Book in the schedule' }).getAttribute('href'),
    ).toBe('/cal');
  });

  it('waits for the classes before saying there are none or showing the link below them', async () => {
    let answer: (classes: Record<string, StudioClass>) => void = () => undefined;
    await show({
      ...fakeApi({ name: 'Lucía', active: true }, {}),
      watchClasses: (_from, _to, onChange) => {
        answer = onChange;
        return () => undefined;
      },
    });
    const upcoming = screen.getByRole('region', { name: 'Upcoming classes' });
    expect(within(upcoming).queryByText(/No classes/)).toBeNull();
    expect(within(upcoming).queryByRole('link')).toBeNull();
    act(() => answer({}));
    expect(within(upcoming).getByText(/No classes/)).toBeTruthy();
    expect(within(upcoming).getByRole('link', { name: 'Book in the schedule' })).toBeTruthy();
  });

  it('says so for a coach that does not exist', async () => {
    await show(fakeApi(null, {}));
    expect(screen.getByRole('alert').textContent).toBe('This coach does not exist.');
  });
});
