import type { LedgerEntry, Membership, User } from '@studio/core';
import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { ProfileHeader } from './profile-header';

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const show = (user: User, ledger: Record<string, LedgerEntry> = {}) =>
  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <ProfileHeader user={user} ledger={ledger} nowMs={NOW} buyHref="/tabs/paquetes/0" />
    </Router>,
  );

/** A plan of the catalogue the member holds (bought, given or imported). */
function membership(status: Membership['status']): Membership {
  return {
    id: 'm1',
    uid: 'ana',
    planId: 'two-a-week',
    terms: { kind: 'limited', name: 'Two classes a week', interval: 'month' },
    source: 'import',
    status,
    startedAt: NOW - 10 * DAY,
    periodStart: NOW - 10 * DAY,
    periodEnd: NOW + 20 * DAY,
    updatedAt: NOW,
  };
}

describe('profile header', () => {
  it('says since when the member is with the studio: the waiver or the first credit, if older', () => {
    show(
      { Name: 'Ana', ConditionsAt: NOW - 10 * DAY },
      {
        first: {
          type: 'grant',
          kind: 'regular',
          delta: 5,
          reason: 'x',
          at: Date.parse('2025-03-02T18:00:00.000Z'),
          by: 'system',
        },
      },
    );
    expect(screen.getByText('Member since March 2025')).toBeTruthy();
  });

  it('names no date it does not know', () => {
    show({ Name: 'Ana' });
    expect(screen.queryByText(/Member since/)).toBeNull();
  });

  it.each([
    [{ activeSuscription: true }, 'Monthly plan'],
    [
      { 'plan-state': { subscriptionId: 's', status: 'cancelling', updatedAt: NOW } },
      'Plan ending',
    ],
    [{ 'plan-state': { subscriptionId: 's', status: 'past-due', updatedAt: NOW } }, 'Payment due'],
    [{}, 'No plan'],
    [{ membership: membership('active') }, 'Two classes a week'],
    [{ membership: membership('cancelling') }, 'Plan ending'],
    [{ membership: membership('past-due') }, 'Payment due'],
    [{ membership: membership('ended') }, 'No plan'],
  ] as [User, string][])('shows the plan as a badge (%j)', (user, badge) => {
    show({ Name: 'Ana', ...user });
    expect(screen.getByText(badge)).toBeTruthy();
  });

  it('marks staff and leads to the packages', () => {
    show({ Name: 'Lucía', Admin: 'Coach' });
    expect(screen.getByText('Coach')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe(
      '/tabs/paquetes/0',
    );
  });
});
