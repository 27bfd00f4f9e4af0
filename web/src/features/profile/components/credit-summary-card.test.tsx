import type { User } from '@studio/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useLangStore } from '../../../lib/i18n';
import type { ProfileApi } from '../api/profile-api';
import { CreditSummary } from './credit-summary-card';

const NOW = Date.parse('2025-06-10T16:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const credit = (kind: 'regular' | 'special', expiresAt: number) => ({
  kind,
  source: 'purchase' as const,
  grantedAt: NOW - DAY,
  expiresAt,
});

function renderSummary(user: User) {
  // The summary reads the profile only; the api's other calls are the profile screen's.
  const api = {
    watchUser: (_uid: string, onChange: (value: User | null) => void) => {
      onChange(user);
      return () => undefined;
    },
  } as Pick<ProfileApi, 'watchUser'> as ProfileApi;
  const location = memoryLocation({ path: '/tabs/inicio' });
  render(
    <Router hook={location.hook}>
      <CreditSummary api={api} uid="m" now={() => NOW} buyHref="/tabs/paquetes/0" />
    </Router>,
  );
}

describe('credit summary on the home screen', () => {
  it('says when the first usable credit expires, with its weekday', () => {
    renderSummary({
      'credits-list': {
        late: credit('regular', Date.parse('2025-07-05T17:00:00Z')),
        soon: credit('special', Date.parse('2025-07-01T17:00:00Z')),
        gone: credit('regular', NOW - DAY),
      },
    });
    expect(screen.getByText('Next to expire: Tue 1 Jul')).toBeTruthy();
    expect(screen.getByText(/^Class credits:/).textContent).toBe('Class credits: 1');
  });

  it('says it in Spanish, and says nothing of expiry without credits', () => {
    useLangStore.setState({ lang: 'es' });
    renderSummary({
      'credits-list': { c: credit('regular', Date.parse('2025-07-01T17:00:00Z')) },
    });
    expect(screen.getByText('El próximo vence: mar 1 jul')).toBeTruthy();
  });

  it('shows no expiry line to a member without credits', () => {
    renderSummary({});
    expect(screen.queryByText(/Next to expire/)).toBeNull();
  });
});
