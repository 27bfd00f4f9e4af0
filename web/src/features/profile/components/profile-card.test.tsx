import type { LedgerEntry, User } from '@studio/core';
import { act, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileApi } from '../api/profile-api';
import { CreditSummary } from './credit-summary-card';
import { ProfileCard } from './profile-card';
import { HOSTILE_PICTURE_URLS, studioPictureUrl } from '../../../../test/support/studio-pictures';

const PHOTO = studioPictureUrl('members/m/avatar/abcdef/192.webp');

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

/** The profile's other reads and writes, answering nothing (their own tests are below). */
const QUIET = {
  watchMyClasses: () => () => undefined,
  loadStudioCutoffMinutes: () => Promise.resolve(60),
  savePromotionCutoff: () => Promise.resolve(),
  saveDetails: () => Promise.resolve(),
  uploadPicture: () => Promise.reject(new Error('no upload here')),
  savePhoto: () => Promise.resolve(),
} satisfies Partial<ProfileApi>;

function fakeProfileApi(user: User, ledger: Record<string, LedgerEntry>): ProfileApi {
  return {
    ...QUIET,
    watchUser: (_uid, onChange) => {
      onChange(user);
      return () => undefined;
    },
    watchLedger: (_uid, onChange) => {
      onChange(ledger);
      return () => undefined;
    },
  };
}

const credit = (kind: 'regular' | 'special', expiresAt: number) => ({
  kind,
  source: 'purchase' as const,
  grantedAt: NOW - DAY,
  expiresAt,
});

describe('profile', () => {
  it('shows initials, credits by kind with expiry dates and the ledger in plain words', () => {
    const api = fakeProfileApi(
      {
        Name: 'Ana López',
        Phone: '8112345678',
        activeSuscription: true,
        'credits-list': {
          c1: credit('regular', Date.parse('2025-07-01T12:00:00Z')),
          c2: credit('regular', Date.parse('2025-07-05T12:00:00Z')),
          c3: credit('special', Date.parse('2025-06-20T12:00:00Z')),
          gone: credit('regular', NOW - DAY),
        },
      },
      {
        l1: {
          type: 'grant',
          kind: 'regular',
          delta: 10,
          reason: 'x',
          at: NOW - 2 * DAY,
          by: 'system',
          reasonKey: 'ledgerGrantPurchase',
          reasonParams: { count: 10 },
        },
        l2: {
          type: 'forfeit',
          kind: 'regular',
          delta: 0,
          reason: 'x',
          at: NOW - DAY,
          by: 'system',
        },
      },
    );
    render(<ProfileCard api={api} uid="m" now={() => NOW} />);
    expect(screen.getByText('AL')).toBeTruthy();
    expect(screen.getByText('8112345678')).toBeTruthy();
    const credits = screen.getByRole('region', { name: 'Credits' });
    expect(
      within(credits)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Class credits: 2 expires Tue 1 Jul',
      'Special event credits: 1 expires Fri 20 Jun',
      'Training credits: 0',
    ]);
    // The soonest of all, with its weekday, and the plan as a badge and in its own section.
    expect(screen.getByText('Next to expire: Fri 20 Jun')).toBeTruthy();
    expect(screen.getByText('Monthly plan')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    const ledger = screen.getByRole('region', { name: 'Credit history' });
    expect(
      within(ledger)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Late cancellation: credit forfeited'),
      expect.stringContaining('Bought 10 credits'),
    ]);
  });

  it('draws the initials in the round avatar without a photo, from the e-mail without a name', () => {
    const { unmount } = render(
      <ProfileCard
        api={fakeProfileApi({ Email: 'zoe@demo.studio' }, {})}
        uid="m"
        now={() => NOW}
      />,
    );
    const initials = screen.getByText('Z');
    expect(initials.className).toBe('profile-avatar avatar-initials');
    unmount();
    render(
      <ProfileCard
        api={fakeProfileApi({ Name: 'Ana López', Img: PHOTO }, {})}
        uid="m"
        now={() => NOW}
      />,
    );
    expect(screen.queryByText('AL')).toBeNull();
    expect(document.querySelector('img.profile-avatar')?.getAttribute('src')).toBe(PHOTO);
  });

  it.each(HOSTILE_PICTURE_URLS)(
    'loads no photo from %s: an admin opening the profile sees the initials',
    (Img) => {
      render(
        <ProfileCard
          api={fakeProfileApi({ Name: 'Ana López', Img }, {})}
          uid="m"
          now={() => NOW}
        />,
      );
      expect(document.querySelector('img')).toBeNull();
      expect(screen.getByText('AL').className).toBe('profile-avatar avatar-initials');
    },
  );
  it('says it is loading, not an empty profile with 0 credits, until the profile answers', () => {
    const silent: ProfileApi = {
      ...QUIET,
      watchUser: () => () => undefined,
      watchLedger: () => () => undefined,
    };
    render(<ProfileCard api={silent} uid="m" now={() => NOW} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText(/Class credits/)).toBeNull();
  });

  it('opens the member’s own profile with its first line, before and after the profile answers', () => {
    let answer: ((user: User | null) => void) | undefined;
    const later: ProfileApi = {
      ...QUIET,
      watchUser: (_uid, onChange) => {
        answer = onChange;
        return () => undefined;
      },
      watchLedger: () => () => undefined,
    };
    const lead = /^Your credits and where they went/;
    const { unmount } = render(<ProfileCard api={later} uid="m" own now={() => NOW} />);
    // The same line, in the same place, as index.html paints it before the scripts run.
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent).toMatch(lead);
    act(() => answer?.({ Name: 'Ana López' }));
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent).toMatch(lead);
    unmount();
    // A coach or an admin looking at a member's profile: not theirs.
    render(<ProfileCard api={later} uid="m" now={() => NOW} />);
    expect(screen.queryByText(lead)).toBeNull();
  });

  it('shows what follows it only once the profile has answered, so it never jumps down', () => {
    let answer: ((user: User | null) => void) | undefined;
    const later: ProfileApi = {
      ...QUIET,
      watchUser: (_uid, onChange) => {
        answer = onChange;
        return () => undefined;
      },
      watchLedger: () => () => undefined,
    };
    render(
      <ProfileCard api={later} uid="m" now={() => NOW} mainSections={<p>Calendar feed</p>}>
        <p>Settings below</p>
      </ProfileCard>,
    );
    expect(screen.queryByText('Settings below')).toBeNull();
    expect(screen.queryByText('Calendar feed')).toBeNull();
    act(() => answer?.({ Name: 'Ana López' }));
    expect(screen.getByText('Settings below')).toBeTruthy();
    expect(screen.getByText('Calendar feed')).toBeTruthy();
  });

  it('says the profile cannot be seen when the database refuses the read', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused: ProfileApi = {
      ...QUIET,
      watchUser: (_uid, _onChange, onError) => {
        onError?.(new Error('permission_denied'));
        return () => undefined;
      },
      watchLedger: () => () => undefined,
    };
    render(<ProfileCard api={refused} uid="someone-else" now={() => NOW} />);
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do this.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('credit summary (home)', () => {
  const renderSummary = (api: ProfileApi) =>
    render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <CreditSummary api={api} uid="m" now={() => NOW} buyHref="/tabs/paquetes/0" />
      </Router>,
    );

  it('says it is loading instead of showing 0 credits before the profile answers', () => {
    renderSummary({
      ...QUIET,
      watchUser: () => () => undefined,
      watchLedger: () => () => undefined,
    });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText(/Class credits/)).toBeNull();
  });

  it('shows the credits held once the profile answers', () => {
    renderSummary(
      fakeProfileApi({ 'credits-list': { c1: credit('regular', NOW + 30 * DAY) } }, {}),
    );
    expect(screen.getByRole('listitem').textContent).toBe('Class credits: 1');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
