import type { MailPreferenceKind, MailPreferences } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import type { MemberMailApi } from '../api/member-mail-api';
import { CalendarFeedSection, feedLinks } from './calendar-feed';
import type { PushKind } from '@studio/core';
import type { PushChoices } from './notification-settings';
import { NotificationSettings } from './notification-settings';

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** A member's preferences and feed token in memory, with the live updates the database sends. */
function fakeApi(
  initial: MailPreferences = {},
  token: string | null = null,
  address: { email: string; verified: boolean } | null = null,
) {
  let preferences = { ...initial };
  let current = token;
  const preferenceListeners = new Set<(value: MailPreferences) => void>();
  const tokenListeners = new Set<(value: string | null) => void>();
  const writes: [MailPreferenceKind, boolean][] = [];
  const rotations: boolean[] = [];
  let verificationsSent = 0;
  let failNext: Error | null = null;
  const api: MemberMailApi = {
    mailAddress: () => Promise.resolve(address),
    sendVerification: () => {
      verificationsSent += 1;
      return Promise.resolve();
    },
    watchMailPreferences: (_uid, onChange) => {
      preferenceListeners.add(onChange);
      onChange(preferences);
      return () => preferenceListeners.delete(onChange);
    },
    setMailPreference: (_uid, kind, on) => {
      if (failNext) {
        const error = failNext;
        failNext = null;
        return Promise.reject(error);
      }
      writes.push([kind, on]);
      preferences = { ...preferences, [kind]: on };
      for (const listener of preferenceListeners) listener(preferences);
      return Promise.resolve();
    },
    watchCalendarFeedToken: (_uid, onChange) => {
      tokenListeners.add(onChange);
      onChange(current);
      return () => tokenListeners.delete(onChange);
    },
    rotateCalendarFeed: (revoke) => {
      if (failNext) {
        const error = failNext;
        failNext = null;
        return Promise.reject(error);
      }
      rotations.push(revoke);
      current = revoke ? null : `token${rotations.length}`.padEnd(43, 'x');
      for (const listener of tokenListeners) listener(current);
      return Promise.resolve(current);
    },
  };
  return {
    api,
    writes,
    rotations,
    verificationsSent: () => verificationsSent,
    failOnce: (error: Error) => {
      failNext = error;
    },
  };
}

afterEach(() => {
  useLangStore.setState({ lang: 'en' });
});

/** The push column as the push feature hands it over, in memory. */
function pushColumn(off: PushKind[] = []): PushChoices & { writes: [PushKind, boolean][] } {
  const writes: [PushKind, boolean][] = [];
  return {
    wants: (kind) => !off.includes(kind),
    set: (kind, on) => writes.push([kind, on]),
    failed: false,
    writes,
  };
}

function MailPreferencesSection({
  api,
  uid,
  coach,
  push = pushColumn(),
}: {
  api: MemberMailApi;
  uid: string;
  coach?: boolean;
  push?: PushChoices;
}) {
  return (
    <NotificationSettings
      api={api}
      uid={uid}
      coach={coach}
      push={push}
      pushHere={<p>Push here</p>}
      quietHours={<p>Quiet hours here</p>}
    />
  );
}

describe('Notifications', () => {
  it('says mail goes to the verified sign-in address', async () => {
    const fake = fakeApi({}, null, { email: 'ana@example.com', verified: true });
    render(<MailPreferencesSection api={fake.api} uid="ana" />);
    await settle();
    expect(screen.getByText(/writes to ana@example.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /verification/ })).toBeNull();
  });

  it('asks an unverified member to verify and sends the e-mail again', async () => {
    const fake = fakeApi({}, null, { email: 'ana@example.com', verified: false });
    render(<MailPreferencesSection api={fake.api} uid="ana" />);
    await settle();
    expect(screen.getByText(/Verify ana@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the verification e-mail again' }));
    await settle();
    expect(fake.verificationsSent()).toBe(1);
    expect(screen.getByRole('status').textContent).toContain('ana@example.com');
  });

  it('shows a row per topic with a switch per channel that carries it, saved at once', async () => {
    const fake = fakeApi({ 'class-reminder': false });
    const push = pushColumn(['spot-opened']);
    render(<MailPreferencesSection api={fake.api} uid="ana" push={push} />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    const reminder = screen.getByRole('switch', { name: 'Class reminder by e-mail' });
    expect(checked(reminder)).toBe(false);
    expect(checked(screen.getByRole('switch', { name: 'Class reminder by push' }))).toBe(true);
    const confirmed = screen.getByRole('switch', { name: 'Booking confirmed by e-mail' });
    expect(checked(confirmed)).toBe(true);
    // Booking confirmations are not pushed: no switch for it.
    expect(screen.queryByRole('switch', { name: 'Booking confirmed by push' })).toBeNull();
    const spot = screen.getByRole('switch', { name: 'A spot opened in a class you watch by push' });
    expect(checked(spot)).toBe(false);

    fireEvent.click(confirmed);
    await settle();
    expect(fake.writes).toEqual([['booking-confirmed', false]]);
    expect(checked(screen.getByRole('switch', { name: 'Booking confirmed by e-mail' }))).toBe(
      false,
    );
    fireEvent.click(reminder);
    await settle();
    expect(fake.writes).toEqual([
      ['booking-confirmed', false],
      ['class-reminder', true],
    ]);
    fireEvent.click(spot);
    expect(push.writes).toEqual([['spot-opened', true]]);
    expect(screen.getByText('Push here')).toBeTruthy();
    expect(screen.getByText('Quiet hours here')).toBeTruthy();
  });

  it('shows studio cancellations as always e-mailed, and offers coaches their list only', () => {
    const fake = fakeApi();
    const { rerender } = render(<MailPreferencesSection api={fake.api} uid="ana" />);
    const always = screen.getByRole('switch', {
      name: 'A class of yours cancelled by the studio by e-mail',
    });
    expect(checked(always)).toBe(true);
    expect((always as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/^Always by e-mail: purchase receipts/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /class list/ })).toBeNull();
    rerender(<MailPreferencesSection api={fake.api} uid="ana" coach />);
    expect(
      checked(screen.getByRole('switch', { name: "Coach: tomorrow's class list by e-mail" })),
    ).toBe(true);
  });

  it('says so when a change was not saved, in Spanish too', async () => {
    useLangStore.setState({ lang: 'es' });
    const fake = fakeApi();
    fake.failOnce(new Error('PERMISSION_DENIED'));
    render(<MailPreferencesSection api={fake.api} uid="ana" />);
    expect(screen.getByRole('heading', { name: 'Notificaciones' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Recordatorio de clase por correo' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'No se guardó tu elección. Inténtalo de nuevo.',
    );
    expect(fake.writes).toEqual([]);
  });
});

describe('Calendar feed', () => {
  const origin = 'https://studio.example';

  it('creates a link, then offers copy, webcal and Google links', async () => {
    const fake = fakeApi();
    const copied: string[] = [];
    render(
      <CalendarFeedSection
        api={fake.api}
        uid="ana"
        origin={origin}
        copy={(text) => {
          copied.push(text);
          return Promise.resolve();
        }}
      />,
    );
    expect(screen.getByText('You have no calendar link yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    await settle();
    expect(fake.rotations).toEqual([false]);
    const token = 'token1'.padEnd(43, 'x');
    const links = feedLinks(origin, token);
    expect(links.url).toBe(`https://studio.example/calendar/${token}.ics`);
    expect(screen.getByLabelText<HTMLInputElement>('Your calendar link').value).toBe(links.url);
    expect(screen.getByRole('link', { name: 'Add to my calendar app' }).getAttribute('href')).toBe(
      `webcal://studio.example/calendar/${token}.ics`,
    );
    expect(screen.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(links.webcal)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await settle();
    expect(copied).toEqual([links.url]);
    expect(screen.getByRole('status').textContent).toBe('Link copied.');
  });

  it('replaces the link with a new one, and turns it off', async () => {
    const fake = fakeApi({}, 'old'.padEnd(43, 'x'));
    render(<CalendarFeedSection api={fake.api} uid="ana" origin={origin} copy={async () => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'New link (the old one stops working)' }));
    await settle();
    expect(screen.getByLabelText<HTMLInputElement>('Your calendar link').value).toContain('token1');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off the link' }));
    await settle();
    expect(fake.rotations).toEqual([false, true]);
    expect(screen.queryByLabelText('Your calendar link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create my calendar link' })).toBeTruthy();
  });

  it('shows a refusal in the member language', async () => {
    useLangStore.setState({ lang: 'es' });
    const fake = fakeApi();
    fake.failOnce(new CallableRefusal('unauthenticated', 'unauthenticated'));
    render(<CalendarFeedSection api={fake.api} uid="ana" origin={origin} copy={async () => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi enlace de calendario' }));
    await settle();
    const section = screen.getByRole('region', { name: 'Calendario' });
    expect(within(section).getByRole('alert').textContent).toBe('Primero inicia sesión.');
    expect(fake.rotations).toEqual([]);
  });
});
