import { fireEvent, render, screen, within } from '@testing-library/react';
import { toEpoch } from '@studio/core';
import { describe, expect, it } from 'vitest';
import type { AdminPaymentsApi } from '../api/admin-payments-api';
import { PaymentList } from './payment-list';
import { Subscribers } from './subscribers';

const NOW = toEpoch('2026-11-21', '12:00');

function payment(overrides: Record<string, unknown>) {
  return {
    uid: 'm1',
    kind: 'credits',
    items: [{ type: 'package', id: 'p5', name: '5 classes', quantity: 1, unitAmount: 6500 }],
    subtotal: 6500,
    amount: 6500,
    currency: 'USD',
    status: 'paid',
    createdAt: toEpoch('2026-11-20', '09:00'),
    ...overrides,
  };
}

const PAYMENTS = {
  p1: payment({}),
  p2: payment({ uid: 'm2', status: 'refunded', amountRefunded: 6500 }),
  p3: payment({ uid: 'm2', kind: 'subscription', amount: 3900, subtotal: 3900 }),
};

/** Answers every query with the given nodes and records the date range asked for. */
function fakeApi(nodes: { payments?: unknown; users?: unknown; subscriptions?: unknown }) {
  const ranges: { startMs: number; endMs: number }[] = [];
  const api: AdminPaymentsApi = {
    watchPayments: (range, onChange) => {
      ranges.push(range);
      onChange(nodes.payments ?? null);
      return () => undefined;
    },
    watchSubscriptionPayments: (onChange) => {
      onChange(nodes.payments ?? null);
      return () => undefined;
    },
    watchSubscriptions: (onChange) => {
      onChange(nodes.subscriptions ?? null);
      return () => undefined;
    },
    watchUsers: (onChange) => {
      onChange(nodes.users ?? null);
      return () => undefined;
    },
  };
  return { api, ranges };
}

const users = { m1: { Name: 'Mariana Member' }, m2: { Name: 'Beto Buyer' } };

describe('payment list', () => {
  it('queries the last 30 days and shows totals paid, refunded and net', () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);

    expect(fake.ranges[0]).toEqual({
      startMs: toEpoch('2026-10-22', '00:00'),
      endMs: toEpoch('2026-11-22', '00:00') - 1,
    });
    expect(screen.getByText('3 payments')).toBeTruthy();
    expect(
      screen.getByText('USD: 3 payments · paid $169.00 · refunded $65.00 · net $104.00'),
    ).toBeTruthy();
  });

  it('narrows the list and the totals by status, kind and member', () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);

    fireEvent.change(screen.getByLabelText('Member (name, e-mail or uid)'), {
      target: { value: 'beto' },
    });
    expect(screen.getByText('2 payments')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'subscription' } });
    expect(screen.getByText('1 payments')).toBeTruthy();
    expect(
      screen.getByText('USD: 1 payments · paid $39.00 · refunded $0.00 · net $39.00'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
    expect(screen.getByText('No payments match.')).toBeTruthy();
  });

  it('refuses a range that ends before it starts, without querying it', () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'The start date must not be after the end date.',
    );
    expect(fake.ranges).toHaveLength(1);
  });

  it('exports what is shown as CSV', () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    const files: [string, string][] = [];
    render(
      <PaymentList
        api={fake.api}
        download={(name, csv) => files.push([name, csv])}
        now={() => NOW}
      />,
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(files).toHaveLength(1);
    const [name, csv] = files[0] ?? ['', ''];
    expect(name).toBe('pagos-2026-10-22-2026-11-21.csv');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['p1', 'p3']);
  });
});

describe('subscribers', () => {
  it('shows each subscriber with the status counts', () => {
    const fake = fakeApi({
      users: {
        m1: { Name: 'Mariana', activeSuscription: true, activeSuscriptionId: 'sub_1' },
        m2: { Name: 'Beto' },
      },
      subscriptions: {
        sub_1: { uid: 'm1', customerId: 'c1', status: 'past_due', eventCreated: 1 },
        sub_2: { uid: 'm2', customerId: 'c2', status: 'canceled', eventCreated: 1 },
      },
    });
    render(<Subscribers api={fake.api} />);
    expect(screen.getByRole('status').textContent).toBe('canceled: 1 · past_due: 1');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Mariana',
      'Beto',
    ]);
    expect(items[0]?.textContent).toContain('past_due');
  });
});
