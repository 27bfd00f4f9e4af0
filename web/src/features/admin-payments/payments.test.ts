import { paths, paymentTotals, toEpoch } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, csvField } from '../../lib/csv';
import {
  CSV_HEADER,
  filterPayments,
  paymentRows,
  paymentUids,
  paymentsCsv,
  paymentsQuery,
  rangeBounds,
} from './payments';
import type { PaymentFilter } from './payments';

const at = (date: string, hour = '12:00') => toEpoch(date, hour);

function payment(overrides: Record<string, unknown>) {
  return {
    uid: 'm1',
    kind: 'credits',
    items: [{ type: 'package', id: 'p5', name: '5 classes', quantity: 1, unitAmount: 6500 }],
    subtotal: 6500,
    amount: 6500,
    currency: 'USD',
    status: 'paid',
    createdAt: at('2026-11-10'),
    ...overrides,
  };
}

const users = {
  m1: { Name: 'Mariana Member', Email: 'member@demo.studio' },
  m2: { Name: 'José Pérez', Email: 'jose@demo.studio' },
};

const payments = {
  p1: payment({}),
  p2: payment({ uid: 'm2', status: 'refunded', amountRefunded: 6500, createdAt: at('2026-11-12') }),
  p3: payment({
    uid: 'm2',
    kind: 'subscription',
    status: 'partially-refunded',
    amount: 3900,
    subtotal: 3900,
    amountRefunded: 1000,
    createdAt: at('2026-11-15'),
  }),
  p4: payment({ status: 'pending', createdAt: at('2026-11-20') }),
  p5: payment({
    currency: 'MXN',
    amount: 120000,
    subtotal: 120000,
    branch: 'norte',
    createdAt: at('2026-11-21'),
  }),
  // Midnight in Monterrey: belongs to the 22nd there, whatever UTC says.
  p6: payment({ createdAt: at('2026-11-22', '00:30') }),
  bad: { uid: 'm1', amount: 'lots' },
};

const all: PaymentFilter = {
  from: '2026-11-01',
  to: '2026-11-30',
  status: '',
  kind: '',
  member: '',
  branch: '',
};
const ids = (filter: Partial<PaymentFilter>) =>
  filterPayments(paymentRows(payments, users), { ...all, ...filter }).map((row) => row.id);

describe('payment rows', () => {
  it('keeps valid payments, newest first, with the member name', () => {
    const rows = paymentRows(payments, users);
    expect(rows.map((row) => row.id)).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
    expect(rows.find((row) => row.id === 'p2')?.name).toBe('José Pérez');
  });
});

describe('payment filters', () => {
  it('keeps the dates of the range, inclusive, in the studio time zone', () => {
    expect(ids({ from: '2026-11-12', to: '2026-11-20' })).toEqual(['p4', 'p3', 'p2']);
    expect(ids({ from: '2026-11-22', to: '2026-11-22' })).toEqual(['p6']);
    expect(ids({ from: '2026-11-21', to: '2026-11-21' })).toEqual(['p5']);
  });

  it('filters by status and by kind', () => {
    expect(ids({ status: 'refunded' })).toEqual(['p2']);
    expect(ids({ kind: 'subscription' })).toEqual(['p3']);
  });

  it('filters by the branch the checkout named; every branch keeps those that name none', () => {
    expect(ids({ branch: 'norte' })).toEqual(['p5']);
    expect(ids({ branch: 'centro' })).toEqual([]);
    expect(ids({ branch: '' })).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
  });

  it('filters by member name (accents ignored), e-mail or uid', () => {
    expect(ids({ member: 'jose' })).toEqual(['p3', 'p2']);
    expect(ids({ member: 'member@demo' })).toEqual(['p6', 'p5', 'p4', 'p1']);
    expect(ids({ member: 'm2' })).toEqual(['p3', 'p2']);
  });

  it('queries the whole studio-local days of the range', () => {
    const { startMs, endMs } = rangeBounds('2026-11-22', '2026-11-22');
    expect(startMs).toBe(at('2026-11-22', '00:00'));
    expect(endMs).toBe(at('2026-11-23', '00:00') - 1);
  });

  it('asks for the newest payments of the range by the indexed createdAt', () => {
    expect(paymentsQuery('2026-11-01', '2026-11-22')).toEqual({
      path: paths.payments(),
      orderByChild: 'createdAt',
      startAt: at('2026-11-01', '00:00'),
      endAt: at('2026-11-23', '00:00') - 1,
      from: 'last',
    });
  });

  it('names only the members of the loaded payments', () => {
    expect(new Set(paymentUids(payments))).toEqual(new Set(['m1', 'm2']));
    expect(paymentUids(null)).toEqual([]);
  });
});

describe('payment totals', () => {
  it('sums paid and refunded per currency, leaving out money never taken', () => {
    const rows = filterPayments(paymentRows(payments, users), all);
    expect(paymentTotals(rows.map((row) => row.payment))).toEqual([
      { currency: 'MXN', count: 1, paid: 120000, refunded: 0, net: 120000 },
      // p1 + p2 + p3 + p6 charged; p4 pending counts but adds no money.
      {
        currency: 'USD',
        count: 5,
        paid: 6500 * 3 + 3900,
        refunded: 6500 + 1000,
        net: 6500 * 2 + 2900,
      },
    ]);
  });

  it('counts a full refund recorded without its amount as the whole payment', () => {
    const rows = paymentRows({ r: payment({ status: 'refunded' }) }, {});
    expect(paymentTotals(rows.map((row) => row.payment))).toEqual([
      { currency: 'USD', count: 1, paid: 6500, refunded: 6500, net: 0 },
    ]);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes, line breaks and edge spaces (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('defuses typed text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")', true)).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+52 81', true)).toBe("'+52 81");
    expect(csvField('-5', false)).toBe('-5');
  });

  it('writes money as plain decimals', () => {
    expect(centsToDecimal(6500)).toBe('65.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1050)).toBe('-10.50');
  });

  it('exports a header and one CRLF-ended line per payment', () => {
    const rows = paymentRows(
      {
        p1: payment({
          coupon: 'WELCOME10',
          discount: 650,
          amount: 5850,
          paidAt: at('2026-11-10', '12:05'),
          items: [
            {
              type: 'package',
              id: 'p5',
              name: '5 classes, "promo"',
              quantity: 2,
              unitAmount: 3250,
            },
          ],
        }),
      },
      { m1: { Name: 'Pérez, Ana', Email: 'ana@demo.studio' } },
    );
    const csv = paymentsCsv(rows);
    expect(csv.split('\r\n')).toEqual([
      CSV_HEADER.join(','),
      [
        'p1',
        '2026-11-10 12:00:00',
        '2026-11-10 12:05:00',
        'm1',
        '"Pérez, Ana"',
        'ana@demo.studio',
        'credits',
        'paid',
        '"2 × 5 classes, ""promo"""',
        '65.00',
        '6.50',
        '58.50',
        '0.00',
        'USD',
        'WELCOME10',
      ].join(','),
      '',
    ]);
  });
});
