import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAdminMailApi } from '../../../../test/fakes/fake-admin-mail-api';
import { useLangStore } from '../../../lib/i18n';
import { PushList } from './push-list';
import { SentMessages } from './sent-messages';

const entry = (overrides: Record<string, unknown>) => ({
  kind: 'waitlist-promoted',
  uid: 'm1',
  device: 'd1',
  message: {},
  status: 'sent',
  createdAt: Date.UTC(2026, 10, 20, 15),
  attempts: 1,
  ...overrides,
});

const PUSH = {
  'promoted-b1-d1': entry({ sentAt: Date.UTC(2026, 10, 20, 15, 1) }),
  'reminder-c1-d1': entry({
    kind: 'class-reminder',
    status: 'held',
    attempts: 0,
    nextAttemptAt: Date.UTC(2026, 10, 21, 13),
    createdAt: Date.UTC(2026, 10, 21, 5),
  }),
  'spot-c2-d2': entry({
    kind: 'spot-opened',
    uid: 'm2',
    device: 'd2',
    status: 'dropped',
    lastStatus: 410,
    lastError: 'push subscription has unsubscribed or expired',
    createdAt: Date.UTC(2026, 10, 22, 15),
  }),
};

afterEach(() => {
  useLangStore.setState({ lang: 'en' });
});

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('PushList', () => {
  it('lists pushes newest first with status, delivery and the push service’s answer', async () => {
    const { api } = createFakeAdminMailApi({}, { m1: { Name: 'Ana Member' } }, PUSH);
    render(<PushList api={api} />);
    await settle();
    const table = screen.getByRole('table', { name: 'Push notifications' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Spot opened in a watched class',
      'Class reminder',
      'Promoted from the waiting list',
    ]);
    expect(rows[0]?.textContent).toContain('Device gone');
    expect(rows[0]?.textContent).toContain('m2');
    expect(rows[0]?.textContent).toContain('410: push subscription has unsubscribed or expired');
    expect(rows[1]?.textContent).toContain('Held (quiet hours)');
    expect(rows[1]?.textContent).toMatch(/Held until /);
    expect(rows[2]?.textContent).toContain('Ana Member');
    expect(screen.getByText('3 pushes')).toBeTruthy();
  });

  it('filters by kind and status', async () => {
    const { api } = createFakeAdminMailApi({}, null, PUSH);
    render(<PushList api={api} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'class-reminder' } });
    expect(screen.getByText('1 push')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'sent' } });
    await settle();
    expect(screen.getByText('No push matches.')).toBeTruthy();
  });

  it('sits in its own tab of admin-mail, beside the e-mail one', async () => {
    const { api } = createFakeAdminMailApi({}, null, PUSH);
    render(<SentMessages api={api} />);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Sent e-mail' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Push notifications' })).toBeNull();
    const push = screen.getByRole('tab', { name: 'Push' });
    // Radix opens a tab on mouse down (it also follows focus and arrow keys).
    fireEvent.mouseDown(push, { button: 0, ctrlKey: false });
    await settle();
    expect(push.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('table', { name: 'Push notifications' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sent e-mail' })).toBeNull();
  });
});
