import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  paymentBranchKey,
  paymentRangeBounds,
  paymentSchema,
  paymentTotals,
  toEpoch,
} from '@studio/core';
import type { Branch, SumPaymentsInput } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { answerIndexedQuery, readContactFrom } from '../../../../test/fakes/indexed-query';
import type { IndexedQuery } from '../../../lib/indexed-query';
import type { AdminPaymentsApi } from '../api/admin-payments-api';
import { PAYMENT_PAGE_SIZE, paymentsQuery } from '../payments';
import { PaymentList } from './payment-list';

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

/** A payment made at `branch`, with the branch-and-date key the functions write beside it. */
function atBranch(branch: string, overrides: Record<string, unknown> = {}) {
  const made = payment(overrides);
  return { ...made, branch, branchCreatedAt: paymentBranchKey(branch, made.createdAt) };
}

const PAYMENTS = {
  p1: payment({}),
  p2: payment({ uid: 'm2', status: 'refunded', amountRefunded: 6500 }),
  p3: payment({ uid: 'm2', kind: 'subscription', amount: 3900, subtotal: 3900 }),
};

/**
 * Answers each page query over the in-memory `Payments` as the database would, records each
 * query, limit and `sumPayments` input, and sums on "the server" with core's own totals.
 */
function fakeApi(nodes: {
  payments?: Record<string, unknown>;
  users?: unknown;
  subscriptions?: Record<string, unknown>;
  branches?: Record<string, Branch>;
}) {
  const pages: { query: IndexedQuery; limit: number }[] = [];
  const sums: SumPaymentsInput[] = [];
  const everything = nodes.payments ?? {};
  const api: AdminPaymentsApi = {
    watchPaymentsPage: (query, limit, onChange) => {
      pages.push({ query, limit });
      onChange(answerIndexedQuery(everything, query, limit));
      return () => undefined;
    },
    readAllPayments: (query) =>
      Promise.resolve(answerIndexedQuery(everything, query, Number.MAX_SAFE_INTEGER)),
    sumPayments: (input) => {
      sums.push(input);
      const { startMs, endMs } = paymentRangeBounds(input.from, input.to);
      const matching = Object.values(everything).flatMap((value) => {
        const parsed = paymentSchema.safeParse(value);
        if (!parsed.success) return [];
        const p = parsed.data;
        if (p.createdAt < startMs || p.createdAt > endMs) return [];
        if (input.status !== undefined && p.status !== input.status) return [];
        if (input.kind !== undefined && p.kind !== input.kind) return [];
        if (input.branch !== undefined && p.branch !== input.branch) return [];
        return [p];
      });
      return Promise.resolve({ totals: paymentTotals(matching) });
    },
    readMember: readContactFrom(nodes.users),
    watchBranches: (onChange) => {
      onChange(nodes.branches ?? { centro: { name: 'Centro', active: true } });
      return () => undefined;
    },
    watchSubscriptionsPage: (query, limit, onChange) => {
      onChange(answerIndexedQuery(nodes.subscriptions ?? {}, query, limit));
      return () => undefined;
    },
    watchMemberPlanFlags: (_uid, onChange) => {
      onChange({ activeSuscription: false });
      return () => undefined;
    },
  };
  return { api, pages, sums };
}

const users = { m1: { Name: 'Mariana Member' }, m2: { Name: 'Beto Buyer' } };

describe('payment list', () => {
  it('queries a page of the last 30 days and shows the totals the server adds up', async () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);

    expect(fake.pages).toEqual([
      { query: paymentsQuery('2026-10-22', '2026-11-21'), limit: PAYMENT_PAGE_SIZE },
    ]);
    expect(fake.pages[0]?.query).toMatchObject({
      orderByChild: 'createdAt',
      startAt: toEpoch('2026-10-22', '00:00'),
      endAt: toEpoch('2026-11-22', '00:00') - 1,
      from: 'last',
    });
    expect(fake.sums).toEqual([{ from: '2026-10-22', to: '2026-11-21' }]);
    expect(screen.getByText('3 of 3 loaded payments')).toBeTruthy();
    expect(
      await screen.findByText('USD: 3 payments · paid $169.00 · refunded $65.00 · net $104.00'),
    ).toBeTruthy();
    expect(await screen.findAllByText('Beto Buyer', { selector: 'th' })).toHaveLength(2);
    // What was bought and how it stands, in words (the stored values stay in the CSV).
    const refunded = screen
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Refunded'));
    expect(refunded?.textContent).toContain('Class credits');
    expect(screen.queryByText('credits', { selector: 'td' })).toBeNull();
  });

  it('asks the server for the totals of a status and kind; the member narrows the list', async () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);
    await screen.findAllByText('Beto Buyer', { selector: 'th' });

    fireEvent.change(screen.getByLabelText('Member (name or e-mail)'), {
      target: { value: 'beto' },
    });
    expect(screen.getByText('2 of 3 loaded payments')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'subscription' } });
    expect(screen.getByText('1 of 3 loaded payments')).toBeTruthy();
    expect(fake.sums.at(-1)).toEqual({
      from: '2026-10-22',
      to: '2026-11-21',
      kind: 'subscription',
    });
    expect(
      await screen.findByText('USD: 1 payment · paid $39.00 · refunded $0.00 · net $39.00'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
    expect(screen.getByText('No payments match.')).toBeTruthy();
    // The page query itself does not change with the filters.
    expect(new Set(fake.pages.map((page) => JSON.stringify(page)))).toHaveProperty('size', 1);
  });

  it('offers no branch filter to a studio with one branch', async () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);
    await screen.findAllByText('Beto Buyer', { selector: 'th' });
    expect(screen.queryByLabelText('Branch')).toBeNull();
  });

  it("shows the head office one branch's payments and asks the server for its totals", async () => {
    const fake = fakeApi({
      payments: { ...PAYMENTS, p4: payment({ uid: 'm1', branch: 'norte', amount: 9900 }) },
      users,
      branches: {
        centro: { name: 'Centro', active: true },
        norte: { name: 'Norte', active: true },
      },
    });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);
    await screen.findAllByText('Beto Buyer', { selector: 'th' });
    const branch = screen.getByLabelText('Branch');
    expect([...branch.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All branches',
      'Centro',
      'Norte',
    ]);

    fireEvent.change(branch, { target: { value: 'norte' } });
    expect(screen.getByText('1 of 4 loaded payments')).toBeTruthy();
    expect(fake.sums.at(-1)).toEqual({ from: '2026-10-22', to: '2026-11-21', branch: 'norte' });
    expect(
      await screen.findByText('USD: 1 payment · paid $99.00 · refunded $0.00 · net $99.00'),
    ).toBeTruthy();
  });

  it('shows a branch manager their branch’s payments only, read by the branch-and-date index', async () => {
    const fake = fakeApi({
      payments: {
        ...PAYMENTS,
        p4: atBranch('norte', { uid: 'm1', amount: 9900 }),
        // Norte's, but before the dates: the query's range leaves it out.
        p5: atBranch('norte', { uid: 'm2', createdAt: toEpoch('2026-09-01', '09:00') }),
        // Centro's, in the dates.
        p6: atBranch('centro', { uid: 'm2' }),
      },
      users,
      branches: {
        centro: { name: 'Centro', active: true },
        norte: { name: 'Norte', active: true },
      },
    });
    render(
      <PaymentList api={fake.api} download={() => undefined} now={() => NOW} branchScope="norte" />,
    );
    await screen.findAllByText('Mariana Member', { selector: 'th' });
    expect(fake.pages[0]?.query).toEqual({
      path: 'Payments',
      orderByChild: 'branchCreatedAt',
      startAt: paymentBranchKey('norte', toEpoch('2026-10-22', '00:00')),
      endAt: paymentBranchKey('norte', toEpoch('2026-11-22', '00:00') - 1),
      from: 'last',
    });
    expect(screen.getByText('Norte: the payments made at your branch.')).toBeTruthy();
    expect(screen.queryByLabelText('Branch')).toBeNull();
    expect(screen.getByText('1 of 1 loaded payments')).toBeTruthy();
    expect(screen.queryByText('Beto Buyer', { selector: 'th' })).toBeNull();
    expect(fake.sums.at(-1)).toEqual({ from: '2026-10-22', to: '2026-11-21', branch: 'norte' });
    expect(
      await screen.findByText('USD: 1 payment · paid $99.00 · refunded $0.00 · net $99.00'),
    ).toBeTruthy();
  });

  it('pages a branch manager’s payments newest first, whatever their ids', async () => {
    // Ids in the opposite order of the dates (a cash sale's id is the desk's request id).
    const many = Object.fromEntries(
      Array.from({ length: PAYMENT_PAGE_SIZE + 3 }, (_, i) => [
        `cash-${String(999 - i)}`,
        atBranch('norte', {
          createdAt: toEpoch('2026-11-01', '09:00') + i * 60_000,
          amount: (i + 1) * 100,
          subtotal: (i + 1) * 100,
        }),
      ]),
    );
    const fake = fakeApi({ payments: many, users });
    render(
      <PaymentList api={fake.api} download={() => undefined} now={() => NOW} branchScope="norte" />,
    );
    await screen.findAllByText('Mariana Member', { selector: 'th' });
    expect(
      screen.getByText(`${PAYMENT_PAGE_SIZE} of ${PAYMENT_PAGE_SIZE} loaded payments`),
    ).toBeTruthy();
    // The newest is on the first page, the three oldest are not.
    const shown = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(shown.some((text) => text.includes(`$${PAYMENT_PAGE_SIZE + 3}.00`))).toBe(true);
    expect(shown.some((text) => text.includes('$1.00'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Load older payments' }));
    expect(
      await screen.findByText(
        `${PAYMENT_PAGE_SIZE + 3} of ${PAYMENT_PAGE_SIZE + 3} loaded payments`,
      ),
    ).toBeTruthy();
  });

  it("loads the next page of older payments with 'Load older payments'", async () => {
    const many = Object.fromEntries(
      Array.from({ length: PAYMENT_PAGE_SIZE + 3 }, (_, i) => [
        `p${String(i).padStart(3, '0')}`,
        payment({ createdAt: toEpoch('2026-11-01', '09:00') + i * 60_000 }),
      ]),
    );
    const fake = fakeApi({ payments: many, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);
    const loaded = (count: number) => `${count} of ${count} loaded payments`;
    expect(screen.getByText(loaded(PAYMENT_PAGE_SIZE))).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load older payments' }));
      await Promise.resolve();
    });
    expect(fake.pages.at(-1)?.limit).toBe(PAYMENT_PAGE_SIZE * 2);
    expect(screen.getByText(loaded(PAYMENT_PAGE_SIZE + 3))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older payments' })).toBeNull();
  });

  it('refuses a range that ends before it starts, without querying it', () => {
    const fake = fakeApi({ payments: PAYMENTS, users });
    render(<PaymentList api={fake.api} download={() => undefined} now={() => NOW} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'The start date must not be after the end date.',
    );
    expect(fake.pages).toHaveLength(1);
    expect(fake.sums).toHaveLength(1);
  });

  it('exports the whole range, read in pages, with the filters as CSV', async () => {
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
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await Promise.resolve();
    });

    await waitFor(() => expect(files).toHaveLength(1));
    const [name, csv] = files[0] ?? ['', ''];
    expect(name).toBe('pagos-2026-10-22-2026-11-21.csv');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['p1', 'p3']);
    expect(lines[2]).toContain('Beto Buyer');
  });
});
