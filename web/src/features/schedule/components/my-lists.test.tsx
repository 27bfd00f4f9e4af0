import type { UserClass, UserWaitlistEntry } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createFakeScheduleApi } from '../../../../test/fakes/fake-schedule-api';
import type { ScheduleApi } from '../api/schedule-api';
import { MyClasses } from './my-classes';
import { MyWaitlist } from './my-waitlist';
import { NextClass } from './next-class';
import { studioPictureUrl } from '../../../../test/support/studio-pictures';

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function userClass(classId: string, startsAt: number, status: UserClass['status']): UserClass {
  return {
    classId,
    bookingId: `${classId}-b`,
    date: new Date(startsAt).toISOString().slice(0, 10),
    hour: '07:00',
    startsAt,
    name: classId,
    spot: 'a1',
    creditKind: 'regular',
    status,
    bookedAt: NOW - 10 * DAY,
    rosterVersion: 1,
  };
}

function inRouter(node: React.ReactNode) {
  const { hook } = memoryLocation({ path: '/' });
  render(<Router hook={hook}>{node}</Router>);
}

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('my classes', () => {
  it("marks each class with its class type's colour once the catalogue answers", async () => {
    const fake = createFakeScheduleApi({
      catalog: {
        exercises: {
          spin: { name: 'Spin', color: '#b42318', creditKind: 'regular', active: true },
        },
      },
    });
    fake.setMyClasses({
      spin: { ...userClass('spin', NOW + DAY, 'booked'), exercise: 'spin' },
      other: { ...userClass('other', NOW + 2 * DAY, 'booked'), exercise: 'gone' },
    });
    inRouter(<MyClasses api={fake.api} uid="m" now={() => NOW} scheduleHref="/cal" />);
    await settle();
    const [spin, other] = within(
      screen.getByRole('region', { name: 'Upcoming classes' }),
    ).getAllByRole('listitem');
    expect(spin?.style.getPropertyValue('--class-colour')).toBe('#b42318');
    expect(other?.getAttribute('style')).toBeNull();
  });

  it("shows a class to come with its class type's picture, and the history without", async () => {
    const fake = createFakeScheduleApi({
      catalog: {
        exercises: {
          spin: {
            name: 'Spin',
            creditKind: 'regular',
            active: true,
            img: studioPictureUrl('exercises/spin/abc/640.webp'),
          },
        },
      },
    });
    fake.setMyClasses({
      coming: { ...userClass('coming', NOW + DAY, 'booked'), exercise: 'spin' },
      done: { ...userClass('done', NOW - DAY, 'attended'), exercise: 'spin' },
    });
    inRouter(<MyClasses api={fake.api} uid="m" now={() => NOW} scheduleHref="/cal" />);
    await settle();
    const [coming] = within(screen.getByRole('region', { name: 'Upcoming classes' })).getAllByRole(
      'listitem',
    );
    const [done] = within(screen.getByRole('region', { name: 'Past classes' })).getAllByRole(
      'listitem',
    );
    expect(coming?.querySelector('img.my-class-picture')?.getAttribute('src')).toContain(
      'exercises%2Fspin%2Fabc',
    );
    expect(done?.querySelector('img')).toBeNull();
  });

  it('lists booked classes to come apart from the history', () => {
    const fake = createFakeScheduleApi();
    fake.setMyClasses({
      tomorrow: userClass('tomorrow', NOW + DAY, 'booked'),
      nextWeek: userClass('nextWeek', NOW + 7 * DAY, 'booked'),
      lastWeek: userClass('lastWeek', NOW - 7 * DAY, 'attended'),
      dropped: userClass('dropped', NOW + 2 * DAY, 'late-cancelled'),
    });
    inRouter(<MyClasses api={fake.api} uid="m" now={() => NOW} scheduleHref="/cal" />);
    const upcoming = screen.getByRole('region', { name: 'Upcoming classes' });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('tomorrow'), expect.stringContaining('nextWeek')]);
    const past = screen.getByRole('region', { name: 'Past classes' });
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Late cancellation'), expect.stringContaining('Attended')]);
  });
});

describe('the date on a class card', () => {
  it('leads with the day and month, and says the day in words beside the time, never the ISO date', () => {
    const fake = createFakeScheduleApi();
    fake.setMyClasses({
      tomorrow: userClass('tomorrow', NOW + DAY, 'booked'),
      later: userClass('later', NOW + 3 * DAY, 'booked'),
    });
    inRouter(<MyClasses api={fake.api} uid="m" now={() => NOW} scheduleHref="/cal" />);
    const [tomorrow, later] = within(
      screen.getByRole('region', { name: 'Upcoming classes' }),
    ).getAllByRole('listitem');
    expect(tomorrow?.querySelector('.class-time-block')?.textContent).toBe('11Jun');
    expect(tomorrow?.querySelector('.my-class-when')?.textContent).toBe('Tomorrow · 07:00');
    // Another day: its weekday, the date for readers (the block is hidden from them).
    expect(later?.querySelector('.my-class-when')?.textContent).toBe('Friday Fri 13 Jun · 07:00');
    expect(later?.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe('spot and class names', () => {
  it('shows the room label and class title the entry carries, not the ids', () => {
    const fake = createFakeScheduleApi();
    fake.setMyClasses({
      yoga: { ...userClass('yoga', NOW + DAY, 'booked'), spotLabel: 'Front 1', title: 'Yoga Flow' },
    });
    inRouter(<MyClasses api={fake.api} uid="m" now={() => NOW} scheduleHref="/cal" />);
    const row = within(screen.getByRole('region', { name: 'Upcoming classes' })).getByRole(
      'listitem',
    );
    expect(row.textContent).toContain('Yoga Flow · Spot Front 1 ·');
    expect(row.textContent).not.toContain('a1');
  });

  it('falls back to the spot id and the exercise for an entry written before them', () => {
    const fake = createFakeScheduleApi();
    const { name: _name, ...older } = userClass('spin', NOW + DAY, 'booked');
    fake.setMyClasses({ spin: { ...older, exercise: 'cycling' } });
    inRouter(<MyClasses api={fake.api} uid="m" now={() => NOW} scheduleHref="/cal" />);
    expect(
      within(screen.getByRole('region', { name: 'Upcoming classes' })).getByRole('listitem')
        .textContent,
    ).toContain('cycling · Spot a1 ·');
  });
});

const showNextClass = (api: ScheduleApi) =>
  inRouter(
    <NextClass api={api} uid="m" now={() => NOW} myClassesHref="/mine" scheduleHref="/cal" />,
  );

describe('your next class', () => {
  it('names the class and the spot as the entry stores them', () => {
    const fake = createFakeScheduleApi();
    fake.setMyClasses({
      yoga: { ...userClass('yoga', NOW + DAY, 'booked'), spotLabel: 'Front 1', title: 'Yoga Flow' },
    });
    showNextClass(fake.api);
    const card = screen.getByRole('link');
    expect(card.textContent).toContain('Yoga Flow');
    // The day in words, then the spot.
    expect(card.textContent).toMatch(/Tomorrow · Spot Front 1$/);
  });
});

describe('my lists before they answer', () => {
  const silent = () => {
    const { api } = createFakeScheduleApi();
    return {
      ...api,
      watchMyClasses: () => () => undefined,
      watchMyWaitlist: () => () => undefined,
    };
  };

  it('my classes say they are loading, not that there are no classes', () => {
    inRouter(<MyClasses api={silent()} uid="m" now={() => NOW} scheduleHref="/cal" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('region', { name: 'Upcoming classes' })).toBeNull();
  });

  it('the next class on the home screen says it is loading, not that none is booked', () => {
    showNextClass(silent());
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('See the schedule')).toBeNull();
  });

  it('my waiting list says it is loading, not that the member waits for nothing', () => {
    inRouter(<MyWaitlist api={silent()} uid="m" scheduleHref="/cal" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('You are not on any waiting list.', { exact: false })).toBeNull();
  });
});

describe('my waiting list', () => {
  const entry = (classId: string, position: number): UserWaitlistEntry => ({
    classId,
    date: '2025-06-12',
    hour: '07:00',
    startsAt: NOW + 2 * DAY,
    name: 'Yoga',
    joinedAt: NOW,
    status: 'waiting',
    position,
    rosterVersion: 1,
  });

  it('shows each position live and hides entries no longer waiting', () => {
    const fake = createFakeScheduleApi();
    fake.setMyWaitlist({ yoga: entry('yoga', 3), old: { ...entry('old', 1), status: 'promoted' } });
    inRouter(<MyWaitlist api={fake.api} uid="m" scheduleHref="/cal" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Position 3')).toBeTruthy();
    act(() => fake.setMyWaitlist({ yoga: entry('yoga', 2) }));
    expect(screen.getByText('Position 2')).toBeTruthy();
  });

  it('names the class by the title the functions wrote, else its own name', () => {
    const fake = createFakeScheduleApi();
    const { name: _name, ...unnamed } = entry('spin', 1);
    fake.setMyWaitlist({ yoga: entry('yoga', 2), spin: { ...unnamed, title: 'Cycling' } });
    inRouter(<MyWaitlist api={fake.api} uid="m" scheduleHref="/cal" />);
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
    // Classes at the same time keep one order (by class), whichever answered first.
    expect(rows).toEqual([expect.stringContaining('Cycling ·'), expect.stringContaining('Yoga ·')]);
  });

  it('leaves the waiting list once the member confirms', async () => {
    const fake = createFakeScheduleApi();
    fake.setMyWaitlist({ yoga: entry('yoga', 1) });
    inRouter(<MyWaitlist api={fake.api} uid="m" scheduleHref="/cal" />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave waiting list' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave the waiting list?' });
    expect(
      within(confirm).getByText(/^You give up position 1 for Yoga on Thu 12 Jun( 2025)? 07:00\.$/),
    ).toBeTruthy();
    expect(fake.calls.leave).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave waiting list' }));
    await settle();
    expect(fake.calls.leave).toEqual(['yoga']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('You left the waiting list.');
  });

  it('stays on the list when the member changes their mind', async () => {
    const fake = createFakeScheduleApi();
    fake.setMyWaitlist({ yoga: entry('yoga', 1) });
    inRouter(<MyWaitlist api={fake.api} uid="m" scheduleHref="/cal" />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave waiting list' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay on the list' }));
    await settle();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.leave).toEqual([]);
  });

  it('shows the class day with its weekday and until when the member can be moved in', () => {
    const fake = createFakeScheduleApi();
    // 2025-06-12 07:00 in Monterrey (UTC-6).
    const startsAt = Date.parse('2025-06-12T13:00:00.000Z');
    fake.setMyWaitlist({ yoga: { ...entry('yoga', 2), startsAt } });
    const { hook } = memoryLocation({ path: '/' });
    const { rerender } = render(
      <Router hook={hook}>
        <MyWaitlist
          api={fake.api}
          uid="m"
          scheduleHref="/cal"
          cutoff={{ studioMinutes: 60, memberHours: 4 }}
          profileHref="/tabs/profile-user/m"
          now={() => NOW}
        />
      </Router>,
    );
    const card = screen.getByRole('listitem');
    expect(within(card).getByText('Thu 12 Jun 07:00')).toBeTruthy();
    expect(card.textContent).toContain(
      'Can move you in until Thu 12 Jun 03:00 (your cut-off, 4 h before)',
    );
    expect(screen.getByRole('link', { name: 'Change my cut-off' }).getAttribute('href')).toBe(
      '/tabs/profile-user/m',
    );
    // Without their own cut-off, the studio's; past it, the member is told.
    rerender(
      <Router hook={hook}>
        <MyWaitlist
          api={fake.api}
          uid="m"
          scheduleHref="/cal"
          cutoff={{ studioMinutes: 60 }}
          now={() => startsAt - 30 * 60 * 1000}
        />
      </Router>,
    );
    expect(screen.getByRole('listitem').textContent).toContain(
      'Too close to class: you will not be moved in (the studio’s cut-off, 60 min before)',
    );
  });

  it('sends a member waiting for nothing to the schedule', () => {
    const fake = createFakeScheduleApi();
    fake.setMyWaitlist({});
    inRouter(<MyWaitlist api={fake.api} uid="m" scheduleHref="/cal" />);
    expect(screen.getByText('You are not on any waiting list.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the schedule' }).getAttribute('href')).toBe(
      '/cal',
    );
  });
});
