import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

type Answer = (value: never) => void;

/**
 * Fresh modules each time: the panels' chunk, once loaded, stays loaded for the app's lifetime,
 * and the session layer's wait for the first reads happens once per app. The panels' reads are
 * recorded, never sent, and answered by the test.
 */
async function freshHome() {
  vi.resetModules();
  const [home, firstReads, sessionStore, schedule, profile, notifications] = await Promise.all([
    import('./inicio'),
    import('../../lib/first-reads'),
    import('../../features/session/stores/session-store'),
    import('../../features/schedule'),
    import('../../features/profile'),
    import('../../features/notifications'),
  ]);
  const reads: { node: string; uid: string; answer: Answer }[] = [];
  const record = (node: string) => (uid: string, answer: Answer) => {
    reads.push({ node, uid, answer });
    return () => undefined;
  };
  vi.spyOn(schedule.firebaseScheduleApi, 'watchMyClasses').mockImplementation(
    record('UserClasses'),
  );
  vi.spyOn(profile.firebaseProfileApi, 'watchUser').mockImplementation(record('Users'));
  vi.spyOn(notifications.firebaseNotificationsApi, 'watchNotifications').mockImplementation(
    record('Notifications'),
  );
  const { useSessionStore } = sessionStore;
  const renderHome = () =>
    render(
      <Router hook={memoryLocation({ path: '/tabs/inicio' }).hook}>
        <home.default />
      </Router>,
    );
  return { ...home, ...firstReads, useSessionStore, reads, renderHome };
}

/** A member coming back: `UID` held their account when the app started, auth not yet checked. */
async function returningMemberHome() {
  const home = await freshHome();
  home.useSessionStore.setState({ status: 'unknown', uid: null, expectedUid: 'member-1' });
  return home;
}

const signInTile = () => screen.queryByRole('link', { name: 'Login' });
const panels = () => document.querySelector('.home-panels');

async function isSettled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await act(async () => {
    await Promise.resolve();
  });
  return done;
}

afterEach(() => {
  vi.resetModules();
});

describe('home for a member coming back', () => {
  it('draws the panels in the first render once preloaded, reading for the account this device last used', async () => {
    const home = await returningMemberHome();
    await home.preloadMemberPanels();
    home.renderHome();
    expect(panels()).not.toBeNull();
    expect(home.reads.map(({ node, uid }) => [node, uid]).sort()).toEqual([
      ['Notifications', 'member-1'],
      ['UserClasses', 'member-1'],
      ['Users', 'member-1'],
    ]);
    expect(signInTile()).toBeNull();
  });

  it('is what main.tsx waits for when the app starts on home (the router preloads it)', async () => {
    const home = await returningMemberHome();
    const { AppRoutes, preloadPageAt } = await import('../router');
    await preloadPageAt('/tabs/inicio');
    render(
      <Router hook={memoryLocation({ path: '/tabs/inicio' }).hook}>
        <AppRoutes />
      </Router>,
    );
    expect(panels()).not.toBeNull();
    expect(home.reads.map(({ uid }) => uid)).toContain('member-1');
  });

  it('lets the session layer go once the preloaded panels have answered, not at the limit', async () => {
    const home = await returningMemberHome();
    await home.preloadMemberPanels();
    home.renderHome();
    const gate = home.firstReadsAnswered(2000);
    expect(await isSettled(gate)).toBe(false);
    act(() => {
      for (const { answer } of home.reads) answer(null as never);
    });
    expect(await isSettled(gate)).toBe(true);
  });

  it('without the preload, holds the session layer until the panels have loaded and answered', async () => {
    const home = await returningMemberHome();
    home.renderHome();
    expect(panels()).toBeNull();
    const gate = home.firstReadsAnswered(2000);
    expect(await isSettled(gate)).toBe(false);
    // The panels' chunk arrives; they render and read.
    await act(() => home.preloadMemberPanels());
    await screen.findByRole('heading', { name: 'Credits' });
    expect(await isSettled(gate)).toBe(false);
    act(() => {
      for (const { answer } of home.reads) answer(null as never);
    });
    expect(await isSettled(gate)).toBe(true);
  });

  it('takes the panels away and offers sign-in when auth answers that nobody is signed in', async () => {
    const home = await returningMemberHome();
    await home.preloadMemberPanels();
    home.renderHome();
    act(() => home.useSessionStore.getState().becameGuest('guest-key'));
    expect(panels()).toBeNull();
    expect(signInTile()).not.toBeNull();
  });

  it('reads again for another account when auth answers with it', async () => {
    const home = await returningMemberHome();
    await home.preloadMemberPanels();
    home.renderHome();
    act(() => home.useSessionStore.getState().signedIn('member-2', null));
    expect(panels()).not.toBeNull();
    expect(
      home.reads
        .filter(({ uid }) => uid === 'member-2')
        .map(({ node }) => node)
        .sort(),
    ).toEqual(['Notifications', 'UserClasses', 'Users']);
  });
});

describe('home for a guest', () => {
  it('is drawn without panels, with the sign-in tile, and its preload reads nothing', async () => {
    const home = await freshHome();
    home.useSessionStore.setState({ status: 'unknown', uid: null, expectedUid: null });
    await home.preloadMemberPanels();
    home.renderHome();
    expect(panels()).toBeNull();
    expect(signInTile()).not.toBeNull();
    expect(home.reads).toEqual([]);
  });
});
