// The payment list's totals (lista-pagos), one pure function shared by the screen's tests and the
// `sumPayments` callable that adds up a whole range on the server (the browser reads
// pages, never a range whole).
import type { Payment, PaymentStatus } from './schemas/payments';
import { addDays, toEpoch } from './time';
import type { DateString } from './time';

/** The instants a studio-local date range covers: [from 00:00, the day after `to` 00:00). */
export function paymentRangeBounds(
  from: DateString,
  to: DateString,
): { startMs: number; endMs: number } {
  return { startMs: toEpoch(from, '00:00'), endMs: toEpoch(addDays(to, 1), '00:00') - 1 };
}

/**
 * `Payments/{id}/branchCreatedAt`: the branch, '~', then `createdAt` in 15 digits. One index that
 * orders a branch's payments by date, so a branch manager's list pages a date range newest first
 * (the `branch` index alone orders them by id). '~' sorts after every character of a key, so no
 * other branch's keys fall inside one branch's range.
 */
export function paymentBranchKey(branch: string, createdAt: number): string {
  return `${branch}~${String(Math.max(0, Math.trunc(createdAt))).padStart(15, '0')}`;
}

/** The `branchCreatedAt` range of a branch's payments created within [startMs, endMs]. */
export function paymentBranchRange(
  branch: string,
  startMs: number,
  endMs: number,
): { start: string; end: string } {
  return { start: paymentBranchKey(branch, startMs), end: paymentBranchKey(branch, endMs) };
}

/** Statuses in which money was taken (refunds are counted apart). */
const CHARGED: ReadonlySet<PaymentStatus> = new Set(['paid', 'partially-refunded', 'refunded']);

export interface CurrencyTotals {
  currency: string;
  /** Payments of this currency counted, whatever their status. */
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
export function paymentTotals(payments: Iterable<Payment>): CurrencyTotals[] {
  const totals = new Map<string, CurrencyTotals>();
  for (const payment of payments) {
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
