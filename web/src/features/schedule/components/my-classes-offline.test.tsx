import type { UserClass } from '@studio/core';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createFakeScheduleApi } from '../../../../test/fakes/fake-schedule-api';
import { connection, DATABASE_GRACE_MS } from '../../../lib/connection';
import { MyClasses } from './my-classes';

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const booked: UserClass = {
  classId: 'ride',
  bookingId: 'ride-b',
  date: '2025-06-11',
  hour: '07:00',
  startsAt: NOW + DAY,
  name: 'Cycling',
  spot: 's7',
  creditKind: 'regular',
  status: 'booked',
  bookedAt: NOW - DAY,
  rosterVersion: 1,
};

function setNetwork(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

async function showMyClasses(api: ReturnType<typeof createFakeScheduleApi>['api']) {
  const { hook } = memoryLocation({ path: '/' });
  render(
    <Router hook={hook}>
      <MyClasses api={api} uid="m" now={() => NOW} scheduleHref="/cal" />
    </Router>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('my classes without a network', () => {
  it('says the list is the copy on this device, and stops saying so when back online', async () => {
    const fake = createFakeScheduleApi();
    fake.setMyClasses({ ride: booked });
    setNetwork(false);
    await showMyClasses(fake.api);
    expect(screen.getByRole('status').textContent).toContain('You are offline');
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('Spot s7 · Booked');
    setNetwork(true);
    expect(screen.queryByText('You are offline')).toBeNull();
  });

  it('says so when the database does not connect although the browser claims a network', async () => {
    const fake = createFakeScheduleApi();
    fake.setMyClasses({ ride: booked });
    setNetwork(true);
    await showMyClasses(fake.api);
    vi.useFakeTimers();
    act(() => {
      connection.databaseConnected(false);
    });
    expect(screen.queryByText('You are offline')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(DATABASE_GRACE_MS);
    });
    expect(screen.getByRole('status').textContent).toContain('You are offline');
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('Spot s7 · Booked');

    act(() => {
      connection.databaseConnected(true);
    });
    expect(screen.queryByText('You are offline')).toBeNull();
  });

  it('names the spot and the class as the entry stores them, reading neither class nor room', async () => {
    const fake = createFakeScheduleApi();
    fake.setMyClasses({ ride: { ...booked, spotLabel: '7', title: 'Evening Ride' } });
    setNetwork(false);
    await showMyClasses(fake.api);
    const upcoming = screen.getByRole('region', { name: 'Upcoming classes' });
    expect(within(upcoming).getByRole('listitem').textContent).toContain('Evening Ride · Spot 7 ·');
    expect(fake.calls.weeks).toEqual([]);
  });
});
