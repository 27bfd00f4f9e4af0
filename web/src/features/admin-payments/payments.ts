// The payment list's model, pure so the query, filters and the CSV are unit-tested: what the
// screen shows is exactly what these return. The screen reads the range a page at a time; its
// totals are added up on the server (`sumPayments`).
import { centsToDecimal, csvField } from '../../lib/csv';
import {
  formatDate,
  formatDateTime,
  isRecord,
  paths,
  paymentBranchRange,
  paymentRangeBounds,
  paymentSchema,
  refundedAmount,
} from '@studio/core';
import type { DateString, Payment, PaymentStatus, PurchaseKind } from '@studio/core';
import type { MemberContact } from '../../lib/member-names';
import type { IndexedQuery } from '../../lib/indexed-query';

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
  /** Words matched against the member's name, e-mail and uid (within the loaded pages). */
  member: string;
  /** The branch the checkout named ('' = every payment, those that name none included). */
  branch: string;
}

/** How many payments a page of the list asks for; 'load more' adds another page. */
export const PAYMENT_PAGE_SIZE = 50;

/** Payments per read when the CSV export reads the whole range. */
export const PAYMENT_EXPORT_PAGE_SIZE = 500;

/** The instants a studio-local date range covers: [from 00:00, the day after `to` 00:00). */
export const rangeBounds = paymentRangeBounds;

/** The range's payments by the indexed `createdAt`, the newest first (the last of that order). */
export function paymentsQuery(from: DateString, to: DateString): IndexedQuery {
  const { startMs, endMs } = rangeBounds(from, to);
  return {
    path: paths.payments(),
    orderByChild: 'createdAt',
    startAt: startMs,
    endAt: endMs,
    from: 'last',
  };
}

/**
 * A branch manager's payments: those naming their branch created in the range, newest first, by
 * the `branchCreatedAt` index (branch '~' time: the query the rules give them), so each page is
 * the next-older one, as the chain's list pages by `createdAt`.
 */
export function branchPaymentsQuery(
  branch: string,
  from: DateString,
  to: DateString,
): IndexedQuery {
  const { startMs, endMs } = rangeBounds(from, to);
  const { start, end } = paymentBranchRange(branch, startMs, endMs);
  return {
    path: paths.payments(),
    orderByChild: 'branchCreatedAt',
    startAt: start,
    endAt: end,
    from: 'last',
  };
}

/** `Payments` (or a query of it) with each member's name and e-mail; newest first. */
export function paymentRows(
  payments: unknown,
  contacts: Readonly<Record<string, MemberContact>>,
): PaymentRow[] {
  if (!isRecord(payments)) return [];
  return Object.entries(payments)
    .flatMap(([id, value]): PaymentRow[] => {
      const parsed = paymentSchema.safeParse(value);
      if (!parsed.success) return [];
      const contact = contacts[parsed.data.uid];
      const name = contact?.Name ?? '';
      const stored = contact?.Email ?? '';
      return [{ id, payment: parsed.data, name, email: parsed.data.email ?? stored }];
    })
    .sort((a, b) => b.payment.createdAt - a.payment.createdAt || a.id.localeCompare(b.id));
}

/** The uids of the payments in a query's answer, to read only those members' names. */
export function paymentUids(payments: unknown): string[] {
  if (!isRecord(payments)) return [];
  return Object.values(payments).flatMap((value) =>
    isRecord(value) && typeof value['uid'] === 'string' ? [value['uid']] : [],
  );
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The rows inside the filter: created within the dates (studio zone), status, kind, branch, member. */
export function filterPayments(rows: readonly PaymentRow[], filter: PaymentFilter): PaymentRow[] {
  const words = fold(filter.member).split(/\s+/).filter(Boolean);
  return rows.filter(({ payment, name, email }) => {
    const day = formatDate(payment.createdAt);
    if (day < filter.from || day > filter.to) return false;
    if (filter.status !== '' && payment.status !== filter.status) return false;
    if (filter.kind !== '' && payment.kind !== filter.kind) return false;
    if (filter.branch !== '' && payment.branch !== filter.branch) return false;
    const haystack = fold(`${name} ${email} ${payment.uid}`);
    return words.every((word) => haystack.includes(word));
  });
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
