import { act, fireEvent, render, screen } from '@testing-library/react';
import type { SettingsInput } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { GuestSettingsApi } from '../api/guest-settings-api';
import { GuestSettings } from './guest-settings';

function fakeApi(stored: unknown, refusal?: Error) {
  const saves: SettingsInput[] = [];
  const api: GuestSettingsApi = {
    watchSettings: (onChange) => {
      onChange(stored);
      return () => undefined;
    },
    saveSettings: (changes) => {
      saves.push(changes);
      return refusal ? Promise.reject(refusal) : Promise.resolve();
    },
  };
  return { api, saves };
}

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('guest settings (admin-studio)', () => {
  it('starts from the studio’s defaults and turns guest seats off', async () => {
    const { api, saves } = fakeApi({ timeZone: 'America/Monterrey' });
    render(<GuestSettings api={api} />);
    const toggle = screen.getByRole('checkbox', { name: 'Members may book seats for guests' });
    expect(toggle).toHaveProperty('checked', true);
    expect(screen.getByLabelText(/Guests per member/)).toHaveProperty('value', '1');
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save guest settings' }));
    await settle();
    expect(saves).toEqual([{ guestBookingsEnabled: false, guestsPerMember: 1 }]);
    expect(screen.getByRole('status').textContent).toBe('Guest settings saved.');
  });

  it('refuses a number out of bounds before saving, and shows the server’s refusal', async () => {
    const refusal = new CallableRefusal('permission-denied', 'permissionDenied');
    const { api, saves } = fakeApi({ guestsPerMember: 2 }, refusal);
    render(<GuestSettings api={api} />);
    const count = screen.getByLabelText(/Guests per member/);
    expect(count).toHaveProperty('value', '2');
    fireEvent.change(count, { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save guest settings' }));
    expect(saves).toEqual([]);
    expect(screen.getByText('Enter a whole number from 0 to 10.')).toBeTruthy();
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save guest settings' }));
    await settle();
    expect(saves).toEqual([{ guestBookingsEnabled: true, guestsPerMember: 3 }]);
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do this.');
  });
});
