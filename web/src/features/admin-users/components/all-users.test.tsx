import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { AdjustCreditsInput, SetUserRoleInput } from '@studio/core';
import type { AdminUsersApi, MemberNode } from '../api/admin-users-api';
import { AllUsers } from './all-users';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 24 * 60 * 60 * 1000;

/** In-memory nodes; `set` reports a new value to the screens watching it. */
function fakeApi(nodes: Record<string, unknown>) {
  const values = new Map(Object.entries(nodes));
  const listeners = new Map<string, Set<(value: unknown) => void>>();
  const watch = (key: string, onChange: (value: unknown) => void) => {
    const set = listeners.get(key) ?? new Set();
    listeners.set(key, set);
    set.add(onChange);
    onChange(values.get(key) ?? null);
    return () => set.delete(onChange);
  };
  const roles: SetUserRoleInput[] = [];
  const adjustments: AdjustCreditsInput[] = [];
  let refuse: Error | undefined;
  const api: AdminUsersApi = {
    watchUsers: (onChange) => watch('users', onChange),
    watchReports: (onChange) => watch('reports', onChange),
    watchMember: (uid, node: MemberNode, onChange) => watch(`${node}/${uid}`, onChange),
    setUserRole: (input) => {
      roles.push(input);
      return refuse ? Promise.reject(refuse) : Promise.resolve({});
    },
    adjustCredits: (input) => {
      adjustments.push(input);
      return refuse ? Promise.reject(refuse) : Promise.resolve({ balance: 12 });
    },
  };
  return {
    api,
    roles,
    adjustments,
    refuseWith(error: Error) {
      refuse = error;
    },
    set(key: string, value: unknown) {
      values.set(key, value);
      for (const listener of listeners.get(key) ?? []) listener(value);
    },
  };
}

const mariana = {
  Name: 'Mariana Member',
  Email: 'member@demo.studio',
  Phone: '81 5555 0000',
  Admin: false,
  Conditions: true,
  Credits: 2,
  'credits-list': {
    c1: { kind: 'regular', source: 'seed', grantedAt: NOW, expiresAt: NOW + 5 * DAY },
    c2: { kind: 'regular', source: 'seed', grantedAt: NOW, expiresAt: NOW + 9 * DAY },
  },
  activeSuscription: true,
  activeSuscriptionId: 'sub_1',
};

const nodes = {
  users: {
    m1: mariana,
    a1: { Name: 'Ana Admin', Email: 'admin@demo.studio', Admin: true },
    n1: { Email: 'nameless@demo.studio' },
  },
  reports: { n1: { Uid: 'n1' } },
  'user/m1': mariana,
  'ledger/m1': {
    l1: {
      type: 'grant',
      kind: 'regular',
      delta: 2,
      reason: 'Welcome',
      at: NOW - DAY,
      by: 'system',
    },
  },
  'bookings/m1': {
    c9: {
      classId: 'c9',
      bookingId: 'b9',
      date: '2026-11-23',
      hour: '07:00',
      startsAt: NOW + 2 * DAY,
      name: 'Cycling',
      spot: 's4',
      spotLabel: '4',
      creditKind: 'regular',
      status: 'booked',
      bookedAt: NOW,
      rosterVersion: 1,
    },
  },
  'payments/m1': {
    cs_1: {
      uid: 'm1',
      kind: 'credits',
      items: [{ type: 'package', id: 'p5', name: '5 classes', quantity: 1, unitAmount: 6500 }],
      subtotal: 6500,
      amount: 6500,
      currency: 'USD',
      status: 'paid',
      createdAt: NOW - 2 * DAY,
    },
  },
};

/** The text of each list item in the section under `heading`. */
function lines(heading: string): string[] {
  const section = screen.getByRole('heading', { name: heading }).closest('section');
  return within(section as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/\s+/g, ' ').trim());
}

async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('all users', () => {
  it('lists members in a table sorted by name and sorts by credits on demand', () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    const names = () =>
      screen.getAllByRole('rowheader').map((cell) => (cell.textContent ?? '').trim());
    expect(names()).toEqual(['Ana Admin', 'Mariana Member', '(no name)']);
    fireEvent.click(screen.getByRole('button', { name: /^Credits/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Credits/ }));
    expect(names()).toEqual(['Mariana Member', 'Ana Admin', '(no name)']);
  });

  it('closes the member sheet and returns to the list', () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Mariana Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('table', { name: 'Members' })).toBeTruthy();
  });

  it('searches members by name, e-mail or phone', () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    expect(screen.getByText('3 members')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by name, e-mail or phone'), {
      target: { value: '5555' },
    });
    expect(screen.getByText('1 members')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Mariana Member' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open Ana Admin' })).toBeNull();
  });

  it('shows accounts without a name in Reports', () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Reports' }));
    expect(screen.getByText('Accounts without a name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open nameless@demo.studio' })).toBeTruthy();
  });

  it('opens a member: profile, credits with expiry, ledger, bookings, payments, subscription', () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Mariana Member' }));

    const sheet = screen.getByRole('dialog', { name: 'Mariana Member' });
    expect(within(sheet).getByRole('heading', { level: 2, name: 'Mariana Member' })).toBeTruthy();
    expect(within(sheet).getByText('member@demo.studio')).toBeTruthy();
    expect(lines('Credits')).toEqual(['Regular: 2 · next expires 2026-11-26']);
    expect(lines('Credit ledger')).toEqual([
      expect.stringMatching(/^2026-11-20 06:00:00 · grant · Regular · \+2 · Welcome · system$/),
    ]);
    expect(lines('Bookings')).toEqual(['2026-11-23 07:00 · Cycling · 4 · booked']);
    expect(lines('Payments')).toEqual(['2026-11-19 06:00:00 · credits · paid · $65.00']);
    expect(screen.getByText('Active (sub_1)')).toBeTruthy();
  });

  it('sets a role with setUserRole, offering the spec Admin values', async () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Mariana Member' }));
    const form = screen.getByRole('form', { name: 'Set role' });
    const select = within(form).getByLabelText('Role');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Admin (true)',
      'Coach (Coach)',
      'Member (false)',
    ]);
    fireEvent.change(select, { target: { value: 'coach' } });
    fireEvent.submit(form);
    await settle();

    expect(fake.roles).toEqual([{ uid: 'm1', role: 'coach' }]);
    expect(screen.getByText('Role changed to Coach (Coach).')).toBeTruthy();
  });

  it('adjusts credits with a reason and shows the new balance', async () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Mariana Member' }));
    const form = screen.getByRole('form', { name: 'Adjust credits' });
    fireEvent.change(within(form).getByLabelText('Credit kind'), { target: { value: 'train' } });
    fireEvent.change(within(form).getByLabelText('Change (+ adds, − removes)'), {
      target: { value: '3' },
    });
    fireEvent.change(within(form).getByLabelText('Reason'), {
      target: { value: 'Compensation' },
    });
    fireEvent.submit(form);
    await settle();

    expect(fake.adjustments).toEqual([
      { uid: 'm1', kind: 'train', delta: 3, reason: 'Compensation' },
    ]);
    expect(screen.getByText('Done. Training balance: 12.')).toBeTruthy();
  });

  it('refuses a zero change or a missing reason without calling the function', async () => {
    const fake = fakeApi(nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Mariana Member' }));
    const form = screen.getByRole('form', { name: 'Adjust credits' });
    fireEvent.change(within(form).getByLabelText('Change (+ adds, − removes)'), {
      target: { value: '0' },
    });
    fireEvent.submit(form);
    await settle();

    expect(within(form).getByText(/Enter a whole number other than 0/)).toBeTruthy();
    expect(within(form).getByText('Write why (it goes in the ledger).')).toBeTruthy();
    expect(fake.adjustments).toEqual([]);
  });

  it("shows the function's refusal", async () => {
    const fake = fakeApi(nodes);
    fake.refuseWith(new CallableRefusal('permission-denied', 'permissionDenied'));
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Mariana Member' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Set role' }));
    await settle();

    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do this.');
    expect(screen.queryByText(/Role changed/)).toBeNull();
  });
});
