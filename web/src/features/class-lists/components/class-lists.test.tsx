import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { emptyRoster } from '@studio/core';
import type { Attendance, Coach, Exercise, Roster, SeatLayout, StudioClass } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { ClassListsApi } from '../api/class-lists-api';
import type { Viewer } from '../class-lists';
import { CheckInBoard } from './check-in-board';
import { ClassLists } from './class-lists';
import { ClassRoster } from './class-roster';

const TODAY = '2026-11-21';
const now = () => Date.parse(`${TODAY}T12:00:00-06:00`);
const coach: Viewer = { uid: 'u-carlos', role: 'coach' };
const admin: Viewer = { uid: 'u-admin', role: 'admin' };
const desk: Viewer = { uid: 'u-desk', role: 'staff' };
/** Lucía substitutes Carlos at 19:00. */
const lucia: Viewer = { uid: 'u-lucia', role: 'coach' };

const coaches: Record<string, Coach> = {
  carlos: { name: 'Carlos Coach', uid: 'u-carlos', active: true },
  lucia: { name: 'Lucía Flores', uid: 'u-lucia', active: true },
};
const exercises: Record<string, Exercise> = {
  cycling: { name: 'Cycling', creditKind: 'regular', active: true },
  yoga: { name: 'Yoga', creditKind: 'regular', active: true },
};
const bikes: SeatLayout = {
  name: 'Bikes',
  rows: 1,
  cols: 3,
  spots: {
    s1: { id: 's1', label: 'A', row: 0, col: 0 },
    s2: { id: 's2', label: 'B', row: 0, col: 1 },
    s3: { id: 's3', label: 'C', row: 0, col: 2 },
  },
};

function aClass(hour: string, exercise: string, coachId: string): StudioClass {
  return {
    branch: 'main',
    date: TODAY,
    hour,
    startsAt: Date.parse(`${TODAY}T${hour}:00-06:00`),
    duration: 45,
    exercise,
    coach: coachId,
    layout: 'bikes',
    capacity: 3,
    creditKind: 'regular',
    status: 'scheduled',
    bookedCount: 2,
    waitlistCount: 1,
  };
}

const classes: Record<string, StudioClass> = {
  yoga0730: aClass('07:30', 'yoga', 'lucia'),
  cycling1900: aClass('19:00', 'cycling', 'carlos'),
  cycling0700: aClass('07:00', 'cycling', 'carlos'),
};

function rosterOf(): Roster {
  return {
    ...emptyRoster(),
    spots: { s1: true, s3: true },
    bookings: {
      'u-ana': {
        bookingId: 'b1',
        uid: 'u-ana',
        spot: 's3',
        bookedAt: 1,
        via: 'member',
        creditId: 'c1',
        name: 'Ana',
      },
      'u-bo': {
        bookingId: 'b2',
        uid: 'u-bo',
        spot: 's1',
        bookedAt: 2,
        via: 'member',
        creditId: 'c2',
        name: 'Bo',
      },
    },
    waitlist: {
      'u-zoe': { uid: 'u-zoe', joinedAt: 5, seq: 2, name: 'Zoe' },
      // No name in the roster (a member without a Name): listed by uid, no profile is read.
      'u-yan': { uid: 'u-yan', joinedAt: 4, seq: 1 },
    },
  };
}

/** In-memory studio: live rosters that `checkIn` changes, as the function would. */
function fakeApi() {
  const rosters = new Map<string, Roster>([
    ['cycling1900', rosterOf()],
    [
      'yoga0730',
      {
        ...emptyRoster(),
        bookings: {
          'u-cy': {
            bookingId: 'b3',
            uid: 'u-cy',
            spot: 's2',
            bookedAt: 3,
            via: 'member',
            creditId: 'c3',
            name: 'Cy',
          },
        },
      },
    ],
  ]);
  const listeners = new Map<string, (roster: Roster) => void>();
  /** Every roster a screen asked to read (the rules refuse a coach's other classes). */
  const watched: string[] = [];
  const calls: { classId: string; uid: string; status: Attendance }[] = [];
  /** Who was asked about the waiver: only the front desk and admins may read the directory. */
  const waiverReads: string[][] = [];
  let refusal: CallableRefusal | null = null;
  const api: ClassListsApi = {
    watchClasses: (from, to, onChange) => {
      onChange(
        Object.fromEntries(
          Object.entries(classes).filter(([, cls]) => cls.date >= from && cls.date <= to),
        ),
      );
      return () => undefined;
    },
    watchClass: (classId, onChange) => {
      onChange(classes[classId] ?? null);
      return () => undefined;
    },
    watchCoaches: (onChange) => {
      onChange(coaches);
      return () => undefined;
    },
    watchExercises: (onChange) => {
      onChange(exercises);
      return () => undefined;
    },
    watchRoster: (classId, onChange) => {
      watched.push(classId);
      listeners.set(classId, onChange);
      onChange(rosters.get(classId) ?? emptyRoster());
      return () => listeners.delete(classId);
    },
    getLayout: (layoutId) => Promise.resolve(layoutId === 'bikes' ? bikes : null),
    readUnsigned: (uids) => {
      waiverReads.push([...uids]);
      return Promise.resolve(new Set(uids.filter((uid) => uid === 'u-bo')));
    },
    checkIn: (classId, uid, status) => {
      calls.push({ classId, uid, status });
      if (refusal) return Promise.reject(refusal);
      const roster = rosters.get(classId) ?? emptyRoster();
      const booking = roster.bookings[uid];
      if (booking) {
        const next = {
          ...roster,
          bookings: { ...roster.bookings, [uid]: { ...booking, attendance: status } },
        };
        rosters.set(classId, next);
        listeners.get(classId)?.(next);
      }
      return Promise.resolve();
    },
  };
  return {
    api,
    calls,
    watched,
    waiverReads,
    refuseWith(next: CallableRefusal) {
      refusal = next;
    },
  };
}

/** Lets the layout read resolve. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('class lists (admin-lists-class)', () => {
  it("lists a coach's own classes, each linking to its roster, and the others without a link", () => {
    render(<ClassLists api={fakeApi().api} viewer={coach} now={now} />);
    const mine = screen.getByRole('region', { name: 'My classes' });
    const links = within(mine).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Open the list of Cycling at 07:00',
      'Open the list of Cycling at 19:00',
    ]);
    expect(links[1]?.getAttribute('href')).toBe(
      `/user-list-class/${TODAY}/19%3A00/cycling1900/carlos/cycling`,
    );
    const others = screen.getByRole('region', {
      name: 'Other classes (their coach keeps the list)',
    });
    expect(within(others).getByText('07:30 · Yoga · Lucía Flores')).toBeTruthy();
    expect(within(others).getByText('2/3 booked · 1 waiting')).toBeTruthy();
    expect(within(others).queryAllByRole('link')).toEqual([]);
  });

  it('lists a substituted class as its substitute’s, named by them', () => {
    const withSubstitute = fakeApi().api;
    const api: ClassListsApi = {
      ...withSubstitute,
      watchClasses: (_from, _to, onChange) => {
        onChange({ ...classes, cycling1900: { ...classes['cycling1900']!, substitute: 'lucia' } });
        return () => undefined;
      },
    };
    render(<ClassLists api={api} viewer={lucia} now={now} />);
    const mine = screen.getByRole('region', { name: 'My classes' });
    expect(
      within(mine)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('07:30 · Yoga · Lucía Flores'),
      expect.stringContaining('19:00 · Cycling · Lucía Flores'),
    ]);
  });

  it('shows an admin every class of the day in start order', () => {
    render(<ClassLists api={fakeApi().api} viewer={admin} now={now} />);
    const all = screen.getByRole('region', { name: 'Classes' });
    expect(
      within(all)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('07:00 · Cycling'),
      expect.stringContaining('07:30 · Yoga'),
      expect.stringContaining('19:00 · Cycling'),
    ]);
  });

  it('shows a branch manager only their branch’s classes', () => {
    const { api } = fakeApi();
    const norte = {
      ...api,
      watchClasses: (
        from: string,
        to: string,
        onChange: (value: Record<string, StudioClass>) => void,
      ) =>
        api.watchClasses(from, to, (value) =>
          onChange({
            ...value,
            norte1000: { ...aClass('10:00', 'yoga', 'lucia'), branch: 'norte' },
          }),
        ),
    };
    render(<ClassLists api={norte} viewer={{ ...admin, branchScope: 'norte' }} now={now} />);
    const all = screen.getByRole('region', { name: 'Classes' });
    expect(
      within(all)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('10:00 · Yoga')]);
  });

  it('moves to another day with the date filter', () => {
    render(<ClassLists api={fakeApi().api} viewer={admin} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByText('No classes on this day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getAllByRole('link', { name: /Open the list/ })).toHaveLength(3);
  });

  it('is refused to members', () => {
    render(<ClassLists api={fakeApi().api} viewer={{ uid: 'm', role: 'member' }} now={now} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Class lists are for coaches, the front desk and admins.',
    );
  });
});

describe('class roster (user-list-class)', () => {
  const params = {
    fecha: TODAY,
    hora: '19:00',
    key: 'cycling1900',
    coach: 'carlos',
    classtype: 'cycling',
  };

  it('shows the booked members by spot in room order with the names the roster carries, and the waiting list in order', async () => {
    render(<ClassRoster api={fakeApi().api} viewer={coach} params={params} />);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(
      /^Cycling · (Today|Yesterday|Tomorrow|Sat 21 Nov( 2026)?) 19:00$/,
    );
    // The table's frame scrolls on a wide screen: the keyboard reaches it, and it is named.
    const frame = screen.getByRole('region', { name: 'Booked (2)' });
    expect(frame.tabIndex).toBe(0);
    const rows = within(frame).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['A', 'Bo', 'Not marked'],
      ['C', 'Ana', 'Not marked'],
    ]);
    const waiting = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(waiting[0]).toContain('u-yan');
    expect(waiting[1]).toContain('Zoe');
    expect(screen.getByRole('link', { name: 'Take attendance' }).getAttribute('href')).toBe(
      '/checador?class=cycling1900',
    );
  });

  it('tells the front desk who has not signed the current waiver; a coach reads no directory', async () => {
    const fake = fakeApi();
    render(<ClassRoster api={fake.api} viewer={desk} params={params} />);
    await settle();
    const frame = screen.getByRole('region', { name: 'Booked (2)' });
    const names = within(frame)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('.roster-name')?.textContent);
    expect(names).toEqual(['BoWaiver not signed', 'Ana']);
    expect(fake.waiverReads).toEqual([['u-ana', 'u-bo']]);
    cleanup();
    const asCoach = fakeApi();
    render(<ClassRoster api={asCoach.api} viewer={coach} params={params} />);
    await settle();
    expect(screen.queryByText('Waiver not signed')).toBeNull();
    expect(asCoach.waiverReads).toEqual([]);
  });

  it("does not read another coach's class for a coach", async () => {
    const fake = fakeApi();
    render(
      <ClassRoster
        api={fake.api}
        viewer={coach}
        params={{ ...params, key: 'yoga0730', hora: '07:30', coach: 'lucia', classtype: 'yoga' }}
      />,
    );
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('This list is for the coach of this class.');
    expect(screen.queryByRole('link', { name: 'Take attendance' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Cy' })).toBeNull();
    expect(fake.watched).toEqual([]);
  });

  it('shows the front desk any class with its check-in link', async () => {
    const fake = fakeApi();
    render(
      <ClassRoster
        api={fake.api}
        viewer={desk}
        params={{ ...params, key: 'yoga0730', hora: '07:30', coach: 'lucia', classtype: 'yoga' }}
      />,
    );
    await settle();
    expect(screen.getByRole('cell', { name: 'Cy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take attendance' })).toBeTruthy();
    expect(fake.watched).toEqual(['yoga0730']);
  });
});

describe('checador', () => {
  it("offers a coach today's classes they teach, by the hour, and marks a member attended with one tap", async () => {
    const fake = fakeApi();
    render(<CheckInBoard api={fake.api} viewer={coach} now={now} />);
    const picks = screen.getAllByRole('button', { name: /·/ });
    expect(picks.map((button) => button.textContent)).toEqual([
      expect.stringMatching(/07:00 · Cycling.*Your class/),
      expect.stringMatching(/19:00 · Cycling.*Your class/),
    ]);
    fireEvent.click(picks[1]!);
    await settle();
    expect(screen.getByText('Booked 2 · Attended 0 · No-show 0 · Not marked 2')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ana: attended' }));
      await Promise.resolve();
    });
    expect(fake.calls).toEqual([{ classId: 'cycling1900', uid: 'u-ana', status: 'attended' }]);
    expect(screen.getByRole('button', { name: 'Ana: attended' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('Booked 2 · Attended 1 · No-show 0 · Not marked 1')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Ana marked Attended.');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bo: no-show' }));
      await Promise.resolve();
    });
    expect(screen.getByText('Booked 2 · Attended 1 · No-show 1 · Not marked 0')).toBeTruthy();
  });

  it('shows the refusal of checkIn in clear words', async () => {
    const fake = fakeApi();
    fake.refuseWith(new CallableRefusal('failed-precondition', 'checkInTooEarly', { minutes: 60 }));
    render(<CheckInBoard api={fake.api} viewer={admin} now={now} initialClassId="cycling1900" />);
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bo: attended' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Attendance can be taken from 60 minutes before the class.',
    );
    expect(screen.getByText('Booked 2 · Attended 0 · No-show 0 · Not marked 2')).toBeTruthy();
  });

  it("neither reads nor marks another coach's class for a coach", async () => {
    const fake = fakeApi();
    render(<CheckInBoard api={fake.api} viewer={coach} now={now} initialClassId="yoga0730" />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('This list is for the coach of this class.');
    expect(screen.queryByRole('button', { name: 'Cy: attended' })).toBeNull();
    expect(fake.watched).toEqual([]);
  });

  it('lets the front desk mark any class', async () => {
    const fake = fakeApi();
    render(<CheckInBoard api={fake.api} viewer={desk} now={now} initialClassId="yoga0730" />);
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cy: attended' }));
      await Promise.resolve();
    });
    expect(fake.calls).toEqual([{ classId: 'yoga0730', uid: 'u-cy', status: 'attended' }]);
  });
});

describe('guest seats on the lists (bring a friend)', () => {
  /** Ana brings Eva: a guest seat keyed apart from Ana's own, named as the guest. */
  function withGuest() {
    const base = fakeApi();
    const roster: Roster = {
      ...rosterOf(),
      spots: { s1: true, s2: true, s3: true },
      bookings: {
        ...rosterOf().bookings,
        'guest-g1': {
          bookingId: 'g1',
          uid: 'u-ana',
          spot: 's2',
          bookedAt: 3,
          via: 'member',
          creditId: 'c9',
          name: 'Ana',
          guestName: 'Eva',
        },
      },
    };
    const marks: { uid: string; status: Attendance; guestBookingId: string | undefined }[] = [];
    const api: ClassListsApi = {
      ...base.api,
      watchRoster: (_classId, onChange) => {
        onChange(roster);
        return () => undefined;
      },
      checkIn: (_classId, uid, status, guestBookingId) => {
        marks.push({ uid, status, guestBookingId });
        return Promise.resolve();
      },
    };
    return { api, marks };
  }

  it('names the guest and who brings them on the roster', async () => {
    const params = {
      fecha: TODAY,
      hora: '19:00',
      key: 'cycling1900',
      coach: 'carlos',
      classtype: 'cycling',
    };
    render(<ClassRoster api={withGuest().api} viewer={coach} params={params} />);
    await settle();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['A', 'Bo', 'Not marked'],
      ['B', 'EvaGuest of Ana', 'Not marked'],
      ['C', 'Ana', 'Not marked'],
    ]);
  });

  it('marks the guest’s attendance as the guest seat, not the member', async () => {
    const { api, marks } = withGuest();
    render(<CheckInBoard api={api} viewer={admin} now={now} initialClassId="cycling1900" />);
    await settle();
    expect(screen.getByText('Booked 3 · Attended 0 · No-show 0 · Not marked 3')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Eva: attended' }));
      await Promise.resolve();
    });
    expect(marks).toEqual([{ uid: 'u-ana', status: 'attended', guestBookingId: 'g1' }]);
  });
});
