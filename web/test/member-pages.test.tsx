import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import LoginPage from '../src/app/routes/login';
import MisComprasPage from '../src/app/routes/mis-compras';
import ProfileUserPage from '../src/app/routes/profile-user';
import WaitlistPage from '../src/app/routes/waitlist';
import { paths } from '../src/config/paths';
import { firebaseAuthApi } from '../src/features/auth';
import { firebaseProfileApi } from '../src/features/profile';
import { firebasePurchasesApi } from '../src/features/purchases';
import { firebaseScheduleApi } from '../src/features/schedule';
import { useSessionStore } from '../src/features/session/stores/session-store';

function renderPage(pattern: string, path: string, Page: ComponentType) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path={pattern} component={Page} />
    </Router>,
  );
  return location;
}

const MEMBER_PAGES = [
  ['mis-compras', paths.misCompras.path, '/tabs/mis-compras/user/view', MisComprasPage],
  ['waitlist', paths.waitlist.path, '/tabs/waitlist', WaitlistPage],
  ['profile-user', paths.profileUser.path, '/tabs/profile-user/u-1', ProfileUserPage],
] as const;

describe('member-only pages opened directly', () => {
  it.each(MEMBER_PAGES)(
    '%s shows loading, not the sign-in prompt, while sign-in is being checked',
    (_name, pattern, path, Page) => {
      renderPage(pattern, path, Page);
      expect(screen.getByRole('status').textContent).toBe('Loading…');
      expect(screen.queryByText('Sign in to see this page.')).toBeNull();
    },
  );

  it.each([
    ['mis-compras', 'My Classes'],
    ['waitlist', 'My Waiting List'],
    ['profile-user', 'My Profile'],
  ] as const)('%s keeps its heading, as index.html painted it, while loading', (name, title) => {
    const [, pattern, path, Page] = MEMBER_PAGES.find(([page]) => page === name) ?? [];
    if (!pattern || !path || !Page) throw new Error(`no member page ${name}`);
    renderPage(pattern, path, Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it.each(MEMBER_PAGES)(
    '%s asks a guest to sign in and to come back here',
    (_name, pattern, path, Page) => {
      useSessionStore.setState({ status: 'guest' });
      renderPage(pattern, path, Page);
      expect(screen.getByText('Sign in to see this page.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
        `/login?next=${encodeURIComponent(path)}`,
      );
    },
  );
});

describe('member-only pages before sign-in has been checked', () => {
  // The store's expected account is what `UID` held when the app started.
  const returning = () => useSessionStore.setState({ status: 'unknown', expectedUid: 'member-1' });

  it('start the reads of the account this device last used, without the spinner', () => {
    const classes = vi
      .spyOn(firebaseScheduleApi, 'watchMyClasses')
      .mockImplementation(() => () => undefined);
    const waiting = vi
      .spyOn(firebaseScheduleApi, 'watchMyWaitlist')
      .mockImplementation(() => () => undefined);
    const user = vi
      .spyOn(firebaseProfileApi, 'watchUser')
      .mockImplementation(() => () => undefined);
    vi.spyOn(firebaseProfileApi, 'watchLedger').mockImplementation(() => () => undefined);
    vi.spyOn(firebaseProfileApi, 'watchMyClasses').mockImplementation(() => () => undefined);
    vi.spyOn(firebasePurchasesApi, 'watchMyPayments').mockImplementation(() => () => undefined);
    returning();
    for (const [, pattern, path, Page] of MEMBER_PAGES) {
      renderPage(pattern, path, Page);
      expect(screen.queryByText('Sign in to see this page.')).toBeNull();
      cleanup();
    }
    expect(classes).toHaveBeenCalledWith('member-1', expect.any(Function));
    expect(waiting).toHaveBeenCalledWith('member-1', expect.any(Function));
    // The profile the address names (u-1), shown to the expected member.
    expect(user.mock.calls.map(([uid]) => uid)).toContain('u-1');
  });

  it('switch to the sign-in prompt when auth answers that nobody is signed in', () => {
    vi.spyOn(firebaseScheduleApi, 'watchMyWaitlist').mockImplementation(() => () => undefined);
    returning();
    renderPage(paths.waitlist.path, '/tabs/waitlist', WaitlistPage);
    act(() => useSessionStore.getState().becameGuest('guest-key'));
    expect(screen.getByText('Sign in to see this page.')).toBeTruthy();
  });
});

describe('mis-compras', () => {
  it('shows the purchases with the classes above them, so they are not pushed down later', () => {
    let answerClasses: (classes: Record<string, never>) => void = () => undefined;
    vi.spyOn(firebaseScheduleApi, 'watchMyClasses').mockImplementation((_uid, onChange) => {
      answerClasses = onChange;
      return () => undefined;
    });
    const payments = vi
      .spyOn(firebasePurchasesApi, 'watchMyPayments')
      .mockImplementation(() => () => undefined);
    useSessionStore.setState({ status: 'signed-in', uid: 'member-1' });
    renderPage(paths.misCompras.path, '/tabs/mis-compras/user/view', MisComprasPage);
    // Read at once, shown later.
    expect(payments).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'My purchases' })).toBeNull();
    act(() => answerClasses({}));
    expect(screen.getByRole('heading', { name: 'My purchases' })).toBeTruthy();
  });
});

describe('profile-user/{uid}', () => {
  it.each([
    ["the signed-in member's own, from the guest link", 'null', 'member-1'],
    ['the one the address names', 'member-7', 'member-7'],
  ])('shows %s', (_case, routeUid, shownUid) => {
    const watchUser = vi
      .spyOn(firebaseProfileApi, 'watchUser')
      .mockImplementation(() => () => undefined);
    vi.spyOn(firebaseProfileApi, 'watchLedger').mockImplementation(() => () => undefined);
    vi.spyOn(firebaseProfileApi, 'watchMyClasses').mockImplementation(() => () => undefined);
    useSessionStore.setState({ status: 'signed-in', uid: 'member-1' });
    renderPage(paths.profileUser.path, `/tabs/profile-user/${routeUid}`, ProfileUserPage);
    expect(watchUser).toHaveBeenCalledWith(shownUid, expect.any(Function), expect.any(Function));
  });
});

describe('signing in from a screen that asked for it', () => {
  async function signInAt(path: string) {
    const signIn = vi.spyOn(firebaseAuthApi, 'signIn').mockResolvedValue(undefined);
    const location = renderPage(paths.login.path, path, LoginPage);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'member@demo.studio' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'studio123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(signIn).toHaveBeenCalledWith('member@demo.studio', 'studio123');
    return location;
  }

  it('goes back to that screen', async () => {
    const location = await signInAt('/login?next=%2Ftabs%2Fmis-compras%2Fuser%2Fview');
    expect(location.history.at(-1)).toBe('/tabs/mis-compras/user/view');
  });

  it('goes home when no screen asked', async () => {
    const location = await signInAt('/login');
    expect(location.history.at(-1)).toBe('/tabs/inicio');
  });

  it('goes home rather than to another site', async () => {
    const location = await signInAt('/login?next=%2F%2Fevil.example');
    expect(location.history.at(-1)).toBe('/tabs/inicio');
  });

  it('keeps the way back when the guest chooses to register instead', () => {
    renderPage(paths.login.path, '/login?next=%2Ftabs%2Fwaitlist', LoginPage);
    expect(
      screen.getByRole('link', { name: 'New here? Create an account' }).getAttribute('href'),
    ).toBe('/registro?next=%2Ftabs%2Fwaitlist');
  });
});
