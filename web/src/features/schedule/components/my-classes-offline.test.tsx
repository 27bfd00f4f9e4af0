import type { SeatLayout, StudioClass, UserClass } from '@studio/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createFakeScheduleApi } from '../../../../test/fakes/fake-schedule-api';
import { MyClasses } from './my-classes';
import { memoryOfflineStore } from '../../../../test/fakes/memory-offline-store';

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

const room: SeatLayout = {
  name: 'Bikes',
  rows: 1,
  cols: 1,
  spots: { s7: { id: 's7', label: '7', row: 0, col: 0 } },
};

const ride = {
  branch: 'b',
  date: booked.date,
  hour: booked.hour,
  startsAt: booked.startsAt,
  duration: 45,
  exercise: 'cycling',
  coach: 'c',
  layout: 'bikes',
  capacity: 1,
  creditKind: 'regular',
  status: 'scheduled',
  createdAt: NOW,
  createdBy: 'admin',
} as StudioClass;

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
    expect(screen.getByText('Spot s7 · Booked', { exact: false })).toBeTruthy();
    setNetwork(true);
    expect(screen.queryByText('You are offline')).toBeNull();
  });

  it('names the spot by the room label it saved while online, when the room cannot be read', async () => {
    const online = createFakeScheduleApi({ classes: { ride }, layouts: { bikes: room } });
    const device = memoryOfflineStore();
    online.setMyClasses({ ride: booked });
    await showMyClasses({ ...online.api, spotLabelCopies: device.store });
    expect(device.data.get('spot-label/ride/s7')).toBe('7');

    cleanup();
    const offline = createFakeScheduleApi();
    offline.setMyClasses({ ride: booked });
    setNetwork(false);
    await showMyClasses({ ...offline.api, spotLabelCopies: device.store });
    const upcoming = screen.getByRole('region', { name: 'Upcoming classes' });
    expect(within(upcoming).getByRole('listitem').textContent).toContain('Spot 7 ·');
  });
});
