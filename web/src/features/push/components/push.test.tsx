import type { PushKind, PushPreferences, PushQuietHours, UserWatch } from '@studio/core';
import { DEFAULT_QUIET_HOURS } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { PushSupport, TurnOnOutcome } from '../../../lib/push-device';
import type { PushApi, PushDevice } from '../api/push-api';
import { ClassPush } from './class-push';
import { PushHere, QuietHours, usePushChoices } from './push-settings';

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const HERE = 'https://fcm.googleapis.com/fcm/send/here';
const PHONE = 'https://web.push.apple.com/phone';
const KEYS = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };

/** A member's devices, choices and watches in memory, live like the database. */
function fakeApi(options: {
  support?: PushSupport;
  devices?: PushDevice[];
  turnOn?: TurnOnOutcome;
  watches?: Record<string, UserWatch>;
  watchRefusal?: 'watchHasSpots';
}) {
  let devices = options.devices ?? [];
  let here: string | null = devices.some((d) => d.endpoint === HERE) ? HERE : null;
  let preferences: PushPreferences = {};
  let quiet: PushQuietHours = DEFAULT_QUIET_HOURS;
  let watches = options.watches ?? {};
  const listeners = {
    devices: new Set<(value: PushDevice[]) => void>(),
    preferences: new Set<(value: PushPreferences) => void>(),
    quiet: new Set<(value: PushQuietHours) => void>(),
    watches: new Set<(value: Record<string, UserWatch>) => void>(),
  };
  const tell = <T,>(set: Set<(value: T) => void>, value: T) => {
    for (const listener of set) listener(value);
  };
  const log = {
    removed: [] as string[],
    preferenceWrites: [] as [PushKind, boolean][],
    quietWrites: [] as PushQuietHours[],
    watched: [] as string[],
    unwatched: [] as string[],
  };
  const live =
    <T,>(set: Set<(value: T) => void>, value: () => T) =>
    (_uid: string, onChange: (value: T) => void) => {
      set.add(onChange);
      onChange(value());
      return () => {
        set.delete(onChange);
      };
    };
  const api: PushApi = {
    support: () => options.support ?? 'ask',
    thisDevice: () => Promise.resolve(here),
    turnOn: () => {
      const outcome = options.turnOn ?? 'on';
      if (outcome === 'on') {
        here = HERE;
        devices = [
          ...devices,
          { id: 'd-here', endpoint: HERE, keys: KEYS, device: 'Chrome on Linux', createdAt: 1 },
        ];
        tell(listeners.devices, devices);
      }
      return Promise.resolve(outcome);
    },
    removeDevice: (endpoint) => {
      log.removed.push(endpoint);
      devices = devices.filter((device) => device.endpoint !== endpoint);
      if (endpoint === here) here = null;
      tell(listeners.devices, devices);
      return Promise.resolve();
    },
    watchDevices: live(listeners.devices, () => devices),
    watchPreferences: live(listeners.preferences, () => preferences),
    setPreference: (_uid, kind, on) => {
      log.preferenceWrites.push([kind, on]);
      preferences = { ...preferences, [kind]: on };
      tell(listeners.preferences, preferences);
      return Promise.resolve();
    },
    watchQuietHours: live(listeners.quiet, () => quiet),
    setQuietHours: (_uid, next) => {
      log.quietWrites.push(next);
      quiet = next;
      tell(listeners.quiet, quiet);
      return Promise.resolve();
    },
    watchMyWatches: live(listeners.watches, () => watches),
    watchClass: (classId) => {
      if (options.watchRefusal)
        return Promise.reject(new CallableRefusal('failed-precondition', options.watchRefusal));
      log.watched.push(classId);
      watches = { ...watches, [classId]: { since: 1, title: 'Yoga', startsAt: 2 } };
      tell(listeners.watches, watches);
      return Promise.resolve({ ahead: 2 });
    },
    unwatchClass: (classId) => {
      log.unwatched.push(classId);
      const { [classId]: _gone, ...rest } = watches;
      watches = rest;
      tell(listeners.watches, watches);
      return Promise.resolve();
    },
  };
  return { api, log };
}

/** The push parts as the profile puts them together, with the push column as plain switches. */
function PushSection({ api, uid }: { api: PushApi; uid: string }) {
  const push = usePushChoices(api, uid);
  return (
    <>
      <PushHere api={api} uid={uid} />
      <input
        type="checkbox"
        role="switch"
        aria-label="Class reminder by push"
        checked={push.wants('class-reminder')}
        onChange={(event) => push.set('class-reminder', event.target.checked)}
      />
      <QuietHours api={api} uid={uid} />
    </>
  );
}

describe('the profile push parts', () => {
  it('turns push on for this device and lists it as this device', async () => {
    const phone = {
      id: 'd1',
      endpoint: PHONE,
      keys: KEYS,
      device: 'Safari on iPhone',
      createdAt: 1,
    };
    const { api } = fakeApi({ devices: [phone] });
    render(<PushSection api={api} uid="u1" />);
    await settle();
    expect(screen.getByText('Push is off on this device.')).toBeTruthy();
    expect(screen.getByText('Devices that get your pushes: 1')).toBeTruthy();
    expect(screen.getByText('Safari on iPhone')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on push on this device' }));
    await settle();
    await settle();
    expect(screen.getByText('Push is on for this device.')).toBeTruthy();
    expect(screen.getByText('Chrome on Linux (this device)')).toBeTruthy();
  });

  it('removes a device from the list, and says why push cannot be turned on', async () => {
    const phone = {
      id: 'd1',
      endpoint: PHONE,
      keys: KEYS,
      device: 'Safari on iPhone',
      createdAt: 1,
    };
    const { api, log } = fakeApi({ devices: [phone], support: 'denied' });
    render(<PushSection api={api} uid="u1" />);
    await settle();
    expect(screen.getByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Safari on iPhone' }));
    await settle();
    expect(log.removed).toEqual([PHONE]);
    expect(screen.queryByText(/Devices that get your pushes/)).toBeNull();
  });

  it('tells a refusal of the browser apart from a failure', async () => {
    const { api } = fakeApi({ turnOn: 'denied' });
    render(<PushSection api={api} uid="u1" />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on push on this device' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/Notifications are blocked/);
  });

  it('saves a kind switched off and the quiet hours', async () => {
    const { api, log } = fakeApi({});
    render(<PushSection api={api} uid="u1" />);
    await settle();
    const reminder = screen.getByRole('switch', { name: 'Class reminder by push' });
    expect((reminder as HTMLInputElement).checked).toBe(true);
    fireEvent.click(reminder);
    await settle();
    expect(log.preferenceWrites).toEqual([['class-reminder', false]]);
    expect((reminder as HTMLInputElement).checked).toBe(false);

    const from = screen.getByLabelText('From');
    expect((from as HTMLInputElement).value).toBe('22:00');
    // Half hours, 24-hour whatever the browser's language.
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toHaveLength(48);
    expect(within(from).getByRole('option', { name: '21:30' })).toBeTruthy();
    fireEvent.change(from, { target: { value: '21:30' } });
    await settle();
    expect(log.quietWrites).toEqual([{ enabled: true, from: '21:30', to: '07:00' }]);
    fireEvent.click(screen.getByRole('switch', { name: 'Hold pushes during quiet hours' }));
    await settle();
    expect(log.quietWrites.at(-1)).toEqual({ enabled: false, from: '21:30', to: '07:00' });
    expect(screen.getByLabelText<HTMLInputElement>('From').disabled).toBe(true);
  });

  it('shows no way to turn push on where the browser has none', async () => {
    const { api } = fakeApi({ support: 'unsupported' });
    render(<PushSection api={api} uid="u1" />);
    await settle();
    expect(screen.getByText(/cannot get push notifications/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).toBeNull();
  });
});

describe('ClassPush', () => {
  const full = { classId: 'c1', open: true, canWatch: true, waiting: false };

  it('watches a full class, offers push, and stops watching', async () => {
    const { api, log } = fakeApi({});
    render(<ClassPush api={api} uid="u1" {...full} />);
    await settle();
    expect(screen.getByText(/No credit is held and nothing is booked/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when a spot opens' }));
    await settle();
    expect(log.watched).toEqual(['c1']);
    expect(screen.getByText('You are watching this class (2 watched it before you).')).toBeTruthy();
    expect(screen.getByText('Get a push when a spot opens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on push' }));
    await settle();
    await settle();
    expect(screen.getByText('Push is on: you will hear on this device.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop watching' }));
    await settle();
    expect(log.unwatched).toEqual(['c1']);
    expect(screen.getByText('You stopped watching this class.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tell me when a spot opens' })).toBeTruthy();
  });

  it('shows the refusal of the function', async () => {
    const { api } = fakeApi({ watchRefusal: 'watchHasSpots' });
    render(<ClassPush api={api} uid="u1" {...full} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when a spot opens' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('This class has free spots: book one now.');
  });

  it('offers push after joining the waiting list, not once push is on here', async () => {
    const { api } = fakeApi({});
    const waiting = { classId: 'c1', open: true, canWatch: false, waiting: true };
    const { unmount } = render(<ClassPush api={api} uid="u1" {...waiting} />);
    await settle();
    expect(screen.getByText('Get a push when a spot opens for you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tell me when a spot opens' })).toBeNull();
    unmount();
    const on = fakeApi({
      devices: [{ id: 'd', endpoint: HERE, keys: KEYS, device: 'Chrome on Linux', createdAt: 1 }],
    });
    render(<ClassPush api={on.api} uid="u1" {...waiting} />);
    await settle();
    expect(screen.queryByText('Get a push when a spot opens for you')).toBeNull();
  });

  it('says on the offer when push could not be turned on, and offers it again', async () => {
    const { api } = fakeApi({ turnOn: 'failed' });
    const waiting = { classId: 'c1', open: true, canWatch: false, waiting: true };
    render(<ClassPush api={api} uid="u1" {...waiting} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on push' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Push was not turned on. Try again.');
    expect(screen.getByRole('button', { name: 'Turn on push' })).toBeTruthy();
  });

  it('shows nothing on a class with free spots the member does not watch', async () => {
    const { api } = fakeApi({});
    const { container } = render(
      <ClassPush api={api} uid="u1" classId="c1" open canWatch={false} waiting={false} />,
    );
    await settle();
    expect(container.textContent).toBe('');
  });
});
