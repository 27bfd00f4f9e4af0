// The payment list's arithmetic, pure so filters, totals and the CSV are unit-tested: what the
// screen shows is exactly what these return.
import { centsToDecimal, csvField } from '../../lib/csv';
import {
  addDays,
  formatDate,
  formatDateTime,
  isRecord,
  paymentSchema,
  toEpoch,
} from '@studio/core';
import type { DateString, Payment, PaymentStatus, PurchaseKind } from '@studio/core';
import { parseUserDirectory } from '../../lib/user-directory';

export interface PaymentRow {
  id: string;
  payment: Payment;
  /** The member's `Users/{uid}/Name`, when known. */
  name: string;
  /** The e-mail the payment recorded, else the member's `Users/{uid}/Email`. */
  email: string;
}

export interface PaymentFilter {
  /** Studio-local dates, inclusive; the range the list is queried for. */
  from: DateString;
  to: DateString;
  status: PaymentStatus | '';
  kind: PurchaseKind | '';
  /** Words matched against the member's name, e-mail and uid. */
  member: string;
}

/** The instants a studio-local date range covers: [from 00:00, the day after `to` 00:00). */
export function rangeBounds(from: DateString, to: DateString): { startMs: number; endMs: number } {
  return { startMs: toEpoch(from, '00:00'), endMs: toEpoch(addDays(to, 1), '00:00') - 1 };
}

/** `Payments` (or a query of it) with each member's name from `Users`; newest first. */
export function paymentRows(payments: unknown, users: unknown): PaymentRow[] {
  if (!isRecord(payments)) return [];
  const people = parseUserDirectory(users);
  return Object.entries(payments)
    .flatMap(([id, value]): PaymentRow[] => {
      const parsed = paymentSchema.safeParse(value);
      if (!parsed.success) return [];
      const user = people[parsed.data.uid];
      const name = user?.Name ?? '';
      const stored = user?.Email ?? '';
      return [{ id, payment: parsed.data, name, email: parsed.data.email ?? stored }];
    })
    .sort((a, b) => b.payment.createdAt - a.payment.createdAt || a.id.localeCompare(b.id));
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The rows inside the filter: created within the dates (studio zone), status, kind, member. */
export function filterPayments(rows: readonly PaymentRow[], filter: PaymentFilter): PaymentRow[] {
  const words = fold(filter.member).split(/\s+/).filter(Boolean);
  return rows.filter(({ payment, name, email }) => {
    const day = formatDate(payment.createdAt);
    if (day < filter.from || day > filter.to) return false;
    if (filter.status !== '' && payment.status !== filter.status) return false;
    if (filter.kind !== '' && payment.kind !== filter.kind) return false;
    const haystack = fold(`${name} ${email} ${payment.uid}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** Statuses in which money was taken (refunds are counted apart). */
const CHARGED: ReadonlySet<PaymentStatus> = new Set(['paid', 'partially-refunded', 'refunded']);

export interface CurrencyTotals {
  currency: string;
  /** Payments of this currency in the list, whatever their status. */
  count: number;
  /** Charged, in cents: payments that were paid, including those refunded later. */
  paid: number;
  /** Given back, in cents. */
  refunded: number;
  /** `paid − refunded`. */
  net: number;
}

/** What a refunded payment gave back; a full refund recorded without the amount gave it all. */
export function refundedAmount(payment: Payment): number {
  if (payment.amountRefunded !== undefined) return payment.amountRefunded;
  return payment.status === 'refunded' ? payment.amount : 0;
}

/** Totals per currency (never summed across currencies), ordered by currency code. */
export function paymentTotals(rows: readonly PaymentRow[]): CurrencyTotals[] {
  const totals = new Map<string, CurrencyTotals>();
  for (const { payment } of rows) {
    const entry = totals.get(payment.currency) ?? {
      currency: payment.currency,
      count: 0,
      paid: 0,
      refunded: 0,
      net: 0,
    };
    entry.count += 1;
    if (CHARGED.has(payment.status)) {
      entry.paid += payment.amount;
      entry.refunded += refundedAmount(payment);
    }
    entry.net = entry.paid - entry.refunded;
    totals.set(payment.currency, entry);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export const CSV_HEADER = [
  'id',
  'created',
  'paid',
  'uid',
  'name',
  'email',
  'kind',
  'status',
  'items',
  'subtotal',
  'discount',
  'amount',
  'refunded',
  'currency',
  'coupon',
] as const;

/** The rows as CSV (CRLF line ends, a header row, dates in the studio zone, money in units). */
export function paymentsCsv(rows: readonly PaymentRow[]): string {
  const lines = rows.map(({ id, payment, name, email }) =>
    [
      csvField(id),
      csvField(formatDateTime(payment.createdAt)),
      csvField(payment.paidAt === undefined ? undefined : formatDateTime(payment.paidAt)),
      csvField(payment.uid),
      csvField(name, true),
      csvField(email, true),
      csvField(payment.kind),
      csvField(payment.status),
      csvField(payment.items.map((item) => `${item.quantity} × ${item.name}`).join('; '), true),
      csvField(centsToDecimal(payment.subtotal)),
      csvField(centsToDecimal(payment.discount)),
      csvField(centsToDecimal(payment.amount)),
      csvField(centsToDecimal(refundedAmount(payment))),
      csvField(payment.currency),
      csvField(payment.coupon),
    ].join(','),
  );
  return [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Cents to money ('$1,250.00'). */
export function formatMoney(cents: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}
