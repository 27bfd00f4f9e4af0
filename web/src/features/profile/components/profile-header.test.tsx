import type { LedgerEntry, User } from '@studio/core';
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
    expect(screen.getByText('Member since 2025-03-02')).toBeTruthy();
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
