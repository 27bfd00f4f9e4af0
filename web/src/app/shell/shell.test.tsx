import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createFakeSessionApi } from '../../../test/fakes/fake-session-api';
import { loadDialogRadix } from '../../components/ui/dialog-loader';
import type { Notification, Studio } from '@studio/core';
import type { StudioApi } from '../../features/branding';
import type { NotificationsApi } from '../../features/notifications';
import type { SubscriptionApi } from '../../features/subscription';
import type { WaiverApi } from '../../features/waiver';
import { PAINT_QUIET_MS } from '../../lib/first-reads';
import type { ShellApis } from './shell-apis';
import { Shell } from './shell';
import indexHtml from '../../../index.html?raw';
import { TIMERS_AND_FRAMES } from '../../../test/fake-frames';
import { studioPictureUrl } from '../../../test/support/studio-pictures';

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const unread: Record<string, Notification> = {
  n1: {
    type: 'class-cancelled',
    messageKey: 'notifClassCancelled',
    params: { className: 'Yoga', date: '2025-06-12', hour: '12:30', reason: 'coach ill' },
    at: Date.parse('2025-06-10T15:00:00.000Z'),
    read: false,
  },
};

let studioListeners: ((studio: Studio | null) => void)[] = [];

async function renderShell(users: Parameters<typeof createFakeSessionApi>[0] = {}) {
  const session = createFakeSessionApi(users);
  const waiverWrites: string[] = [];
  const waiver: WaiverApi = {
    acceptWaiver: (uid) => {
      waiverWrites.push(uid);
      return Promise.resolve();
    },
    currentWaiver: () => Promise.resolve(null),
    signWaiver: () => Promise.reject(new Error('no written waiver here')),
  };
  const subscription: SubscriptionApi = {
    getSuscriptionPrices: () => Promise.resolve({ discounted: 39, regular: 59 }),
  };
  const notifications: NotificationsApi = {
    watchNotifications: (_uid, onChange) => {
      onChange(unread);
      return () => undefined;
    },
    markRead: () => Promise.resolve(),
  };
  const studio: StudioApi = {
    watchStudio: (onChange) => {
      studioListeners.push(onChange);
      return () => undefined;
    },
  };
  const apis: ShellApis = { session: session.api, waiver, subscription, notifications, studio };
  const location = memoryLocation({ path: '/tabs/inicio', record: true });
  render(
    <Router hook={location.hook}>
      <Shell apis={apis} startedAt={Date.now()}>
        <p>page</p>
      </Shell>
    </Router>,
  );
  // The session layer, side menu and bell arrive in a lazy chunk after the frame's first commit
  // and its presentation (the page here reads nothing, so it waits for no read; happy-dom
  // reports no largest paint, so the layer goes a while after the next frame).
  await advance(17 + PAINT_QUIET_MS);
  await act(async () => {
    await import('./shell-deferred');
  });
  await advance(0);
  return { session, waiverWrites, location };
}

const sideMenu = () => within(screen.getByRole('navigation', { name: 'Side menu' }));
const header = () => within(screen.getByRole('banner'));

describe('shell', () => {
  // The kit's dialog chunk is loaded, as its idle preload has usually done in the app before the
  // waiver or the offer opens; with fake timers a dialog still loading would not appear.
  beforeAll(() => loadDialogRadix());

  beforeEach(() => {
    // Frames too: the session layer loads after the next painted frame.
    vi.useFakeTimers({
      now: new Date('2025-06-10T16:00:00.000Z'),
      toFake: [...TIMERS_AND_FRAMES, 'setImmediate', 'clearImmediate'],
    });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    studioListeners = [];
  });

  it('shows a guest the general menu and no avatar', async () => {
    const { session } = await renderShell();
    act(() => session.emit(null));
    expect(header().queryByRole('link', { name: 'My Profile' })).toBeNull();
    expect(sideMenu().getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/tabs/profile-user/null',
    );
    expect(sideMenu().queryByRole('link', { name: 'Payment list' })).toBeNull();
  });

  it('links the header avatar to the profile of the signed-in member', async () => {
    const { session } = await renderShell();
    act(() => session.emit({ uid: 'u1', email: null }));
    expect(header().getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/tabs/profile-user/u1',
    );
  });

  it('adds the admin items once an admin’s details load', async () => {
    const { session } = await renderShell({ a1: { Name: 'Admin', Admin: true, Conditions: true } });
    act(() => session.emit({ uid: 'a1', email: null }));
    expect(sideMenu().queryByRole('link', { name: 'Admin Users' })).toBeNull();
    await advance(3000);
    expect(sideMenu().getByRole('link', { name: 'Admin Users' })).toBeTruthy();
    expect(sideMenu().getByRole('link', { name: 'User Class Lists' })).toBeTruthy();
  });

  it('asks for the waiver first and shows the subscription offer after it is accepted', async () => {
    const { session, waiverWrites } = await renderShell({ n1: { Name: 'Newbie' } });
    act(() => session.emit({ uid: 'n1', email: null }));
    await advance(5000);
    expect(screen.getByRole('alertdialog', { name: 'FITNESS CLASS WAIVER' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'BEST CHOICE' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ACCEPT' }));
    await advance(0);
    expect(waiverWrites).toEqual(['n1']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'BEST CHOICE' })).toBeTruthy();
  });

  it('does not ask a member who accepted the waiver', async () => {
    const { session } = await renderShell({ u1: { Name: 'Ana', Conditions: true } });
    act(() => session.emit({ uid: 'u1', email: null }));
    await advance(3000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens the side menu from the header button', async () => {
    await renderShell();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('switches to Spanish and remembers it on the member’s profile', async () => {
    const { session } = await renderShell();
    act(() => session.emit({ uid: 'u1', email: null }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), {
      target: { value: 'es' },
    });
    const menu = within(screen.getByRole('navigation', { name: 'Menú lateral' }));
    expect(menu.getByRole('link', { name: 'Inicio' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(session.state.langs).toEqual([{ uid: 'u1', lang: 'es' }]);
  });

  it('shows a signed-in member the unread count on the header bell and the list behind it', async () => {
    const { session } = await renderShell();
    act(() => session.emit({ uid: 'u1', email: null }));
    await advance(0);
    const bell = header().getByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Yoga on Thu 12 Jun at 12:30 was cancelled/)).toBeTruthy();
  });

  it('draws the header in the parts index.html paints, the controls in one box whoever is signed in', async () => {
    // The painted header's empty controls box has the width styles.css gives the real one, so
    // the studio's name has the same room, and lines, before and after React draws the header.
    const painted = new DOMParser()
      .parseFromString(indexHtml, 'text/html')
      .querySelector('.app-header');
    const parts = (element: Element | null) =>
      [...(element?.children ?? [])]
        .filter((child) => child.tagName !== 'SCRIPT')
        .map((child) =>
          ['menu-button', 'app-title', 'header-end'].filter((name) =>
            child.classList.contains(name),
          ),
        );
    expect(parts(painted)).toEqual([['menu-button'], ['app-title'], ['header-end']]);
    expect(painted?.querySelector('.header-end')?.childElementCount).toBe(0);

    const { session } = await renderShell();
    const drawn = screen.getByRole('banner');
    expect(parts(drawn)).toEqual(parts(painted));
    const controls = drawn.querySelector('.header-end');
    act(() => session.emit(null));
    await advance(0);
    expect(controls?.classList.contains('header-end-signed-in')).toBe(false);
    act(() => session.emit({ uid: 'u1', email: null }));
    await advance(0);
    // A phone hides a member's language switch (theirs is on their profile): the bell and avatar fit.
    expect(controls?.classList.contains('header-end-signed-in')).toBe(true);
  });

  it('shows no bell to a guest', async () => {
    const { session } = await renderShell();
    act(() => session.emit(null));
    await advance(0);
    expect(header().queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it("wears the studio's name, logo and colour as the database sends them, and keeps them for the next start", async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#0f5e59';
    document.head.append(meta);
    const { session } = await renderShell();
    act(() => session.emit(null));
    expect(header().getByRole('link', { name: 'Studio' })).toBeTruthy();

    const logo = studioPictureUrl('studio/logo/abcdef/384.webp');
    act(() => {
      for (const listener of studioListeners)
        listener({ name: 'Pulso Studio', primaryColor: '#7a1fa2', logo });
    });

    const title = header().getByRole('link', { name: 'Pulso Studio' });
    expect(title.querySelector('img')?.getAttribute('src')).toBe(logo);
    expect(sideMenu().getByText('Pulso Studio')).toBeTruthy();
    expect(document.title).toBe('Pulso Studio');
    expect(meta.content).toBe('#7a1fa2');
    const css = document.getElementById('studio-brand')?.textContent ?? '';
    expect(css).toContain('--color-primary:#7a1fa2');
    expect(css).toMatch(/prefers-color-scheme: dark\)\{:root:root\{--color-primary:#[0-9a-f]{6}/);
    expect(JSON.parse(localStorage.getItem('StudioBranding') ?? 'null')).toMatchObject({
      name: 'Pulso Studio',
      logo,
      light: { primary: '#7a1fa2', onPrimary: '#ffffff' },
    });

    // Cleared by the admin (or never saved): the built-in look comes back.
    act(() => {
      for (const listener of studioListeners) listener(null);
    });
    expect(header().getByRole('link', { name: 'Studio' })).toBeTruthy();
    expect(document.getElementById('studio-brand')).toBeNull();
    expect(localStorage.getItem('StudioBranding')).toBeNull();
    meta.remove();
  });
});
