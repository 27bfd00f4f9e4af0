import type { SeatLayout, StudioClass, UserClass } from '@studio/core';
import { toEpoch } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import { createFakeScheduleApi } from '../../../../test/fakes/fake-schedule-api';
import type { WeekScheduleProps } from './week-schedule';
import { WeekSchedule } from './week-schedule';
import { deferred } from '../../../../test/deferred';

// Tuesday 10 June, 10:00 in Monterrey.
const NOW = Date.parse('2025-06-10T16:00:00.000Z');

function studioClass(date: string, hour: string, fields: Partial<StudioClass> = {}): StudioClass {
  return {
    branch: 'centro',
    date,
    hour,
    startsAt: toEpoch(date, hour),
    duration: 50,
    exercise: 'cycling',
    coach: 'ana',
    capacity: 4,
    creditKind: 'regular',
    status: 'scheduled',
    bookedCount: 0,
    waitlistCount: 0,
    ...fields,
  };
}

const room: SeatLayout = {
  name: 'Main room',
  rows: 1,
  cols: 4,
  spots: {
    a1: { id: 'a1', label: 'A1', row: 0, col: 0 },
    a2: { id: 'a2', label: 'A2', row: 0, col: 1 },
    a3: { id: 'a3', label: 'A3', row: 0, col: 2 },
    a4: { id: 'a4', label: 'A4', row: 0, col: 3 },
  },
};

const classes = {
  ride: studioClass('2025-06-11', '18:00', { layout: 'room' }),
  yoga: studioClass('2025-06-12', '07:00', { branch: 'norte', exercise: 'yoga', capacity: 2 }),
  soon: studioClass('2025-06-10', '15:00', { layout: 'room' }),
  later: studioClass('2025-06-17', '09:00'),
};

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function renderSchedule(props: Partial<WeekScheduleProps> = {}) {
  const fake = createFakeScheduleApi({
    classes,
    layouts: { room },
    catalog: {
      branches: {
        centro: { name: 'Centro', active: true },
        norte: { name: 'Norte', active: true },
      },
      exercises: {
        cycling: { name: 'Cycling', creditKind: 'regular', active: true },
        yoga: { name: 'Yoga', creditKind: 'regular', active: true },
      },
      coaches: { ana: { name: 'Ana', active: true } },
    },
  });
  const onWaiverNeeded = vi.fn();
  const { hook } = memoryLocation({ path: '/tabs/calendario/choose/user' });
  render(
    <Router hook={hook}>
      <WeekSchedule
        api={fake.api}
        uid="member"
        waiverAccepted
        now={() => NOW}
        loginHref="/login"
        onWaiverNeeded={onWaiverNeeded}
        {...props}
      />
    </Router>,
  );
  await settle();
  return { ...fake, onWaiverNeeded };
}

const day = (name: string) => screen.getByRole('region', { name });
const classButton = (name: RegExp) => screen.queryByRole('button', { name });

/** Opens a class's sheet and waits for it (the kit's sheet loads on its first opening). */
async function openClass(name: RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
  await screen.findByRole('dialog');
}

describe('week schedule', () => {
  it('says a past day has passed, not that the studio held no classes', async () => {
    await renderSchedule();
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await settle();
    // 2025-06-09, the day before NOW: its classes are not the schedule's to show.
    expect(day('Yesterday · Monday 9 June').textContent).toContain('This day has passed.');
    expect(day('Yesterday · Monday 9 June').textContent).not.toContain('No classes this day.');
  });

  it('says the week is loading, not that no day has classes, until the week answers', async () => {
    const { api } = createFakeScheduleApi();
    await renderSchedule({ api: { ...api, watchClasses: () => () => undefined } });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('No classes this day.')).toBeNull();
  });

  it('draws the heading, the day strip and card-sized placeholders before the week answers', async () => {
    const { api } = createFakeScheduleApi();
    const { container } = render(
      <WeekSchedule
        api={{ ...api, watchClasses: () => () => undefined }}
        uid={null}
        waiverAccepted={null}
        now={() => NOW}
        loginHref="/login"
        onWaiverNeeded={() => undefined}
      />,
    );
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reserve Class');
    expect(screen.getByRole('navigation', { name: 'Days' })).toBeTruthy();
    const skeleton = container.querySelector('.schedule-skeleton');
    expect(skeleton?.getAttribute('aria-hidden')).toBe('true');
    expect(skeleton?.querySelectorAll('.class-item-skeleton')).toHaveLength(3);
    expect(container.querySelector('.week')).toBeNull();
  });

  it('opens the class a link names (a push’s tap) on its own week', async () => {
    const { api, calls } = createFakeScheduleApi({ classes, layouts: { room } });
    await renderSchedule({
      openClassId: 'later',
      api: { ...api, getClass: (id) => Promise.resolve(id === 'later' ? classes.later : null) },
    });
    await screen.findByRole('dialog');
    expect(calls.weeks.at(-1)).toEqual({ from: '2025-06-17', to: '2025-06-23' });
    expect(screen.getByRole('dialog').textContent).toContain('09:00');
  });

  it('starts at today and downloads only today and the six days after it', async () => {
    const { calls } = await renderSchedule();
    expect(calls.weeks).toEqual([{ from: '2025-06-10', to: '2025-06-16' }]);
    const strip = screen.getByRole('navigation', { name: 'Days' });
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('button').getAttribute('aria-label')),
    ).toEqual([
      'Today 10, Tuesday 10 June',
      'Wed 11, Wednesday 11 June',
      'Thu 12, Thursday 12 June',
      'Fri 13, Friday 13 June',
      'Sat 14, Saturday 14 June',
      'Sun 15, Sunday 15 June',
      'Mon 16, Monday 16 June',
    ]);
    expect(screen.getByText('Week of 10–16 Jun')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Today · Tuesday 10 June',
      'Tomorrow · Wednesday 11 June',
      'Thursday 12 June',
      'Friday 13 June',
      'Saturday 14 June',
      'Sunday 15 June',
      'Monday 16 June',
    ]);
    expect(within(day('Tomorrow · Wednesday 11 June')).getByText('Cycling')).toBeTruthy();
    expect(screen.queryByText('09:00')).toBeNull();
  });

  it('names each day chip by what it shows first, then the weekday and date, in both languages', async () => {
    await renderSchedule();
    const strip = screen.getByRole('navigation', { name: 'Days' });
    const shownAndNamed = () =>
      within(strip)
        .getAllByRole('listitem')
        .map((item) => {
          const chip = within(item).getByRole('button');
          const shown = [...chip.children].map((part) => part.textContent).join(' ');
          return [shown, chip.getAttribute('aria-label')];
        });
    expect(shownAndNamed().slice(0, 2)).toEqual([
      ['Today 10', 'Today 10, Tuesday 10 June'],
      ['Wed 11', 'Wed 11, Wednesday 11 June'],
    ]);
    act(() => useLangStore.setState({ lang: 'es' }));
    expect(shownAndNamed().slice(0, 2)).toEqual([
      ['Hoy 10', 'Hoy 10, martes 10 de junio'],
      ['Mié 11', 'Mié 11, miércoles 11 de junio'],
    ]);
  });

  it('reaches the days already past a page back, never first', async () => {
    const past = { ...classes, monday: studioClass('2025-06-09', '06:30') };
    const { api, calls } = createFakeScheduleApi({ classes: past, layouts: { room } });
    await renderSchedule({ api });
    const strip = screen.getByRole('navigation', { name: 'Days' });
    expect(within(strip).queryByRole('button', { name: /9 June/ })).toBeNull();
    expect(classButton(/06:30/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await settle();
    expect(calls.weeks.at(-1)).toEqual({ from: '2025-06-03', to: '2025-06-09' });
    expect(
      within(day('Yesterday · Monday 9 June')).getByRole('button', { name: /^06:30/ }),
    ).toBeTruthy();
  });

  it('makes the days one tab stop that the arrow keys move along, keeping focus on the pick', async () => {
    await renderSchedule();
    const strip = screen.getByRole('navigation', { name: 'Days' });
    const chip = (name: string) => within(strip).getByRole('button', { name });
    const tabStops = () =>
      within(strip)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('button'))
        .filter((button) => button.tabIndex === 0)
        .map((button) => button.getAttribute('aria-label'));
    expect(tabStops()).toEqual(['Today 10, Tuesday 10 June']);
    chip('Today 10, Tuesday 10 June').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chip('Wed 11, Wednesday 11 June'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(chip('Mon 16, Monday 16 June'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chip('Mon 16, Monday 16 June'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.click(chip('Sat 14, Saturday 14 June'));
    expect(document.activeElement).toBe(chip('Sat 14, Saturday 14 June'));
    expect(tabStops()).toEqual(['Sat 14, Saturday 14 June']);
  });

  it('links the coach’s photo and name in the class sheet to their page, not under each card', async () => {
    await renderSchedule();
    expect(screen.queryByRole('link', { name: /Ana/ })).toBeNull();
    await openClass(/18:00/);
    const sheet = screen.getByRole('dialog', { name: 'Cycling' });
    const link = within(sheet).getByRole('link', { name: 'About Ana' });
    expect(link.getAttribute('href')).toBe('/tabs/coach/ana');
    expect(link.querySelector('.ui-avatar')).toBeTruthy();
  });

  it('moves seven days forward and back, showing every day of a page', async () => {
    const { calls } = await renderSchedule();
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await settle();
    expect(calls.weeks.at(-1)).toEqual({ from: '2025-06-17', to: '2025-06-23' });
    expect(within(day('Tuesday 17 June')).getByText('09:00')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
    expect(classButton(/Yoga/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await settle();
    expect(calls.weeks.at(-1)).toEqual({ from: '2025-06-10', to: '2025-06-16' });
    expect(classButton(/Yoga/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await settle();
    expect(calls.weeks.at(-1)).toEqual({ from: '2025-06-03', to: '2025-06-09' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
  });

  it('filters by branch and by class type', async () => {
    await renderSchedule();
    fireEvent.change(screen.getByLabelText('Branch'), { target: { value: 'norte' } });
    expect(classButton(/Yoga/)).toBeTruthy();
    expect(classButton(/Cycling/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Branch'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Class type'), { target: { value: 'cycling' } });
    expect(screen.getAllByRole('button', { name: /Cycling/ }).length).toBe(2);
    expect(classButton(/Yoga/)).toBeNull();
  });
});

describe('class detail', () => {
  it('marks taken spots and updates them live', async () => {
    const fake = await renderSchedule();
    fake.setTaken('ride', ['a2']);
    await openClass(/18:00/);
    const map = screen.getByRole('group', { name: 'Spot map' });
    expect(within(map).getByRole('button', { name: 'Spot A2, taken' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(map).getByRole('button', { name: 'Spot A1, free' })).toHaveProperty(
      'disabled',
      false,
    );
    act(() => fake.setTaken('ride', ['a2', 'a1']));
    expect(within(map).getByRole('button', { name: 'Spot A1, taken' })).toBeTruthy();
    expect(
      within(screen.getByRole('dialog', { name: 'Cycling' })).getByText('2 spots left'),
    ).toBeTruthy();
  });

  it('lets no spot be picked before the taken spots are known, and counts the bookings', async () => {
    const booked = { ...classes, ride: { ...classes.ride, bookedCount: 1 } };
    const { api } = createFakeScheduleApi({ classes: booked, layouts: { room } });
    await renderSchedule({ api: { ...api, watchTakenSpots: () => () => undefined } });
    await openClass(/18:00/);
    const map = screen.getByRole('group', { name: 'Spot map' });
    expect(within(map).getAllByRole('button')).toHaveLength(4);
    for (const spot of within(map).getAllByRole('button')) {
      expect(spot).toHaveProperty('disabled', true);
    }
    expect(
      within(screen.getByRole('dialog', { name: 'cycling' })).getByText('3 spots left'),
    ).toBeTruthy();
  });

  it('offers the same spots as a list', async () => {
    const fake = await renderSchedule();
    fake.setTaken('ride', ['a3']);
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Show as list' }));
    const list = screen.getByRole('list', { name: 'Spot list' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Spot A1, free', 'Spot A2, free', 'Spot A3, taken', 'Spot A4, free']);
  });

  it('books the chosen spot', async () => {
    const fake = await renderSchedule();
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Spot A3, free' }));
    expect(screen.getByRole('button', { name: 'Spot A3, chosen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book spot A3' }));
    await settle();
    expect(fake.calls.book).toEqual([{ classId: 'ride', spot: 'a3' }]);
    expect(screen.getByRole('status').textContent).toBe('Booked: spot A3.');
  });

  it('books the first free spot in one tap', async () => {
    const fake = await renderSchedule();
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Book the first free spot' }));
    await settle();
    expect(fake.calls.book).toEqual([{ classId: 'ride' }]);
  });

  it('shows the reason when the booking is refused', async () => {
    const fake = await renderSchedule();
    fake.refusals.book = new CallableRefusal('already-exists', 'spotTaken', { spot: 'A3' });
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Spot A3, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book spot A3' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Spot A3 was just taken. Please choose another one.',
    );
  });

  it('shows the seat held at once and settles it as booked when the server answers', async () => {
    const fake = await renderSchedule();
    const answer = deferred<{ spot: string }>();
    fake.api.bookClass = (classId, spot) => {
      fake.calls.book.push({ classId, spot });
      return answer.promise;
    };
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Spot A3, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book spot A3' }));
    const sheet = screen.getByRole('dialog', { name: 'Cycling' });
    expect(within(sheet).getByRole('button', { name: 'Spot A3, being booked' })).toBeTruthy();
    expect(within(sheet).getByRole('status').textContent).toBe('Holding spot A3…');
    expect(within(sheet).getByText('3 spots left')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /^Book/ })).toBeNull();
    await act(() => {
      answer.resolve({ spot: 'a3' });
      return answer.promise;
    });
    expect(within(sheet).getByRole('status').textContent).toBe('Booked: spot A3.');
    expect(within(sheet).getByRole('button', { name: 'Spot A3, yours' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
  });

  it('shows the seat still held, not "Book", when the sheet is reopened before the answer', async () => {
    const fake = await renderSchedule();
    const answer = deferred<{ spot: string }>();
    fake.api.bookClass = () => answer.promise;
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Spot A3, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book spot A3' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Cycling' })).getByRole('button', {
        name: 'Close',
      }),
    );
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    await openClass(/18:00/);
    const sheet = screen.getByRole('dialog', { name: 'Cycling' });
    expect(within(sheet).getByRole('status').textContent).toBe('Holding spot A3…');
    expect(within(sheet).getByRole('button', { name: 'Spot A3, being booked' })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /^Book/ })).toBeNull();
    await act(() => {
      answer.resolve({ spot: 'a3' });
      return answer.promise;
    });
    expect(within(sheet).getByRole('status').textContent).toBe('Booked: spot A3.');
  });

  it('lets the member’s own entry decide once it has shown the booking: a cancel made elsewhere is seen', async () => {
    const fake = await renderSchedule();
    fake.api.bookClass = (classId, spot) => {
      fake.calls.book.push({ classId, spot });
      return Promise.resolve({ spot: 'a3' });
    };
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Spot A3, free' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book spot A3' }));
      await Promise.resolve();
    });
    const sheet = screen.getByRole('dialog', { name: 'Cycling' });
    act(() => fake.setMyClasses(booking('ride', classes.ride, 'a3')));
    expect(within(sheet).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    const entry = booking('ride', classes.ride, 'a3')['ride']!;
    act(() => fake.setMyClasses({ ride: { ...entry, status: 'cancelled' as const } }));
    expect(within(sheet).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(within(sheet).queryByRole('button', { name: 'Spot A3, yours' })).toBeNull();
  });

  it('rolls the held seat back with the reason when the server refuses', async () => {
    const fake = await renderSchedule();
    const answer = deferred<{ spot: string }>();
    fake.api.bookClass = () => answer.promise;
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Book the first free spot' }));
    const sheet = screen.getByRole('dialog', { name: 'Cycling' });
    expect(within(sheet).getByRole('button', { name: 'Spot A1, being booked' })).toBeTruthy();
    await act(() => {
      answer.reject(new CallableRefusal('failed-precondition', 'noUsableCredit'));
      return answer.promise.catch(() => undefined);
    });
    expect(within(sheet).getByRole('alert').textContent).toBe(
      'You have no usable credit for this class. Buy credits to book it.',
    );
    expect(within(sheet).getByRole('button', { name: 'Spot A1, free' })).toBeTruthy();
    expect(within(sheet).getByText('4 spots left')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Book the first free spot' })).toBeTruthy();
  });

  it('states what booking costs beside the action, inside or outside the cancel window', async () => {
    await renderSchedule();
    await openClass(/18:00/);
    const book = screen.getByRole('button', { name: 'Book the first free spot' });
    expect(book.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(book.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Uses 1 credit. Cancel before tomorrow 06:00 to get it back.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await openClass(/15:00/);
    expect(screen.getByText(/^Uses 1 credit\. The class starts within 12 hours/)).toBeTruthy();
  });

  it('asks for the waiver instead of booking when it is not accepted', async () => {
    const fake = await renderSchedule({ waiverAccepted: false });
    await openClass(/18:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Book the first free spot' }));
    await settle();
    expect(fake.onWaiverNeeded).toHaveBeenCalledOnce();
    expect(fake.calls.book).toEqual([]);
  });

  it('asks a guest to sign in', async () => {
    await renderSchedule({ uid: null });
    await openClass(/18:00/);
    expect(screen.getByRole('link', { name: 'Sign in to book' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.queryByRole('button', { name: 'Book the first free spot' })).toBeNull();
  });
});

function booking(
  classId: string,
  cls: StudioClass,
  spot: string,
  stored: Pick<UserClass, 'spotLabel'> = {},
) {
  return {
    [classId]: {
      classId,
      date: cls.date,
      hour: cls.hour,
      startsAt: cls.startsAt,
      spot,
      creditKind: 'regular' as const,
      status: 'booked' as const,
      bookedAt: NOW - 1000,
      bookingId: `${classId}-booking`,
      rosterVersion: 1,
      ...stored,
    },
  };
}

describe('cancelling', () => {
  it('says the credit comes back when cancelling in time', async () => {
    const fake = await renderSchedule();
    act(() => fake.setMyClasses(booking('ride', classes.ride, 'a1')));
    await openClass(/18:00/);
    expect(screen.getByRole('button', { name: 'Spot A1, yours' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('You are cancelling in time: your credit comes back.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await settle();
    expect(fake.calls.cancel).toEqual(['ride']);
    expect(screen.getByRole('status').textContent).toBe('Booking cancelled. Your credit is back.');
  });

  it('warns that the credit is forfeited inside the late window', async () => {
    const fake = await renderSchedule();
    act(() => fake.setMyClasses(booking('soon', classes.soon, 'a2')));
    await openClass(/15:00/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'This class starts in less than 12 hours: if you cancel now, the credit is forfeited.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.cancel).toEqual([]);
  });
});

describe('your spot', () => {
  it('names the booked spot as the member’s entry stores it, beside the map', async () => {
    const fake = await renderSchedule();
    act(() => fake.setMyClasses(booking('ride', classes.ride, 'a2', { spotLabel: 'A2' })));
    await openClass(/18:00/);
    expect(screen.getByText('Your spot').nextElementSibling?.textContent).toBe('A2');
    expect(screen.getByText('Spot A2, yours', { selector: 'span' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spot A2, yours' })).toBeTruthy();
  });

  it('takes the room’s label for an entry written before the label was stored', async () => {
    const fake = await renderSchedule();
    act(() => fake.setMyClasses(booking('ride', classes.ride, 'a3')));
    await openClass(/18:00/);
    expect(screen.getByText('Your spot').nextElementSibling?.textContent).toBe('A3');
  });
});

describe('waiting list', () => {
  it('offers the waiting list for a full class and shows the position', async () => {
    const fake = await renderSchedule();
    fake.setTaken('yoga', ['1', '2']);
    fake.willJoinAt(3);
    await openClass(/07:00/);
    expect(screen.getByText('Full')).toBeTruthy();
    expect(
      screen.getByText('No credit is used now; one is used only if a spot opens for you.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join waiting list' }));
    await settle();
    expect(fake.calls.join).toEqual(['yoga']);
    expect(screen.getByText('You are number 3 on the waiting list.')).toBeTruthy();
  });

  it('shows the live position and lets the member leave', async () => {
    const fake = await renderSchedule();
    fake.setTaken('yoga', ['1', '2']);
    const entry = {
      classId: 'yoga',
      date: classes.yoga.date,
      hour: classes.yoga.hour,
      startsAt: classes.yoga.startsAt,
      joinedAt: NOW,
      status: 'waiting' as const,
      rosterVersion: 1,
    };
    act(() => fake.setMyWaitlist({ yoga: { ...entry, position: 2 } }));
    await openClass(/07:00/);
    expect(screen.getByRole('status').textContent).toBe('Waiting list #2');
    act(() => fake.setMyWaitlist({ yoga: { ...entry, position: 1 } }));
    expect(screen.getByRole('status').textContent).toBe('Waiting list #1');
    fireEvent.click(screen.getByRole('button', { name: 'Leave waiting list' }));
    await settle();
    expect(fake.calls.leave).toEqual(['yoga']);
  });
});
