import { useId, useState } from 'react';
import { PAYMENT_STATUSES, PURCHASE_KINDS, addDays, formatDate, isDateString } from '@studio/core';
import type { PaymentStatus, PurchaseKind } from '@studio/core';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { AdminPaymentsApi } from '../api/admin-payments-api';
import {
  filterPayments,
  formatMoney,
  paymentRows,
  paymentTotals,
  paymentsCsv,
  rangeBounds,
  refundedAmount,
} from '../payments';
import type { PaymentFilter } from '../payments';
import { paymentsMessages } from '../payments-messages';

interface PaymentListProps {
  api: AdminPaymentsApi;
  /** Hands the CSV to the person (a download in the app). */
  download: (fileName: string, csv: string) => void;
  now?: () => number;
}

/** Offers `csv` as a file download (the browser's own save dialog). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Payment list (lista-pagos): filter by dates, status, kind and member; totals; CSV export. */
export function PaymentList({ api, download, now = Date.now }: PaymentListProps) {
  const pt = useT(paymentsMessages);
  const lang = useLangStore((state) => state.lang);
  const baseId = useId();
  const [filter, setFilter] = useState<PaymentFilter>(() => {
    const today = formatDate(now());
    return { from: addDays(today, -30), to: today, status: '', kind: '', member: '' };
  });
  const validRange =
    isDateString(filter.from) && isDateString(filter.to) && filter.from <= filter.to;
  const bounds = validRange ? rangeBounds(filter.from, filter.to) : null;
  const payments = useLive<unknown>(
    bounds ? (onChange) => api.watchPayments(bounds, onChange) : null,
    undefined,
    [api, bounds?.startMs, bounds?.endMs],
  );
  const users = useLive<unknown>((onChange) => api.watchUsers(onChange), null, [api]);
  const rows = validRange ? filterPayments(paymentRows(payments, users), filter) : [];
  const totals = paymentTotals(rows);
  const money = (cents: number, currency: string) => formatMoney(cents, currency, lang);
  const set = (patch: Partial<PaymentFilter>) => setFilter({ ...filter, ...patch });

  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title">{pt('paymentsTitle')}</h1>
      <form
        className="filters"
        aria-label={pt('paymentsTitle')}
        onSubmit={(e) => e.preventDefault()}
      >
        <label htmlFor={`${baseId}-from`}>{pt('from')}</label>
        <input
          id={`${baseId}-from`}
          type="date"
          value={filter.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <label htmlFor={`${baseId}-to`}>{pt('to')}</label>
        <input
          id={`${baseId}-to`}
          type="date"
          value={filter.to}
          onChange={(event) => set({ to: event.target.value })}
        />
        <label htmlFor={`${baseId}-status`}>{pt('status')}</label>
        <select
          id={`${baseId}-status`}
          value={filter.status}
          onChange={(event) => set({ status: event.target.value as PaymentStatus | '' })}
        >
          <option value="">{pt('all')}</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        {/* Alike the status filter by shape only: another list of values and its own type. */}
        <label htmlFor={`${baseId}-kind`}>{pt('kind')}</label>
        <select
          id={`${baseId}-kind`}
          value={filter.kind}
          onChange={(event) => set({ kind: event.target.value as PurchaseKind | '' })}
        >
          <option value="">{pt('all')}</option>
          {PURCHASE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
        <label htmlFor={`${baseId}-member`}>{pt('member')}</label>
        <input
          id={`${baseId}-member`}
          type="search"
          value={filter.member}
          onChange={(event) => set({ member: event.target.value })}
        />
      </form>
      {!validRange && <p role="alert">{pt('badRange')}</p>}
      {validRange && payments === undefined && <p role="status">{pt('loading')}</p>}
      {validRange && payments !== undefined && (
        <>
          <section aria-labelledby="totals-title">
            <h2 id="totals-title">{pt('totalsTitle')}</h2>
            <p role="status">{pt('shown', { count: rows.length })}</p>
            <ul>
              {totals.map((total) => (
                <li key={total.currency}>
                  {pt('totalsLine', {
                    currency: total.currency,
                    count: total.count,
                    paid: money(total.paid, total.currency),
                    refunded: money(total.refunded, total.currency),
                    net: money(total.net, total.currency),
                  })}
                </li>
              ))}
            </ul>
            <button
              type="button"
              disabled={rows.length === 0}
              onClick={() => download(`pagos-${filter.from}-${filter.to}.csv`, paymentsCsv(rows))}
            >
              {pt('exportCsv')}
            </button>
          </section>
          {rows.length === 0 ? (
            <p>{pt('empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{pt('date')}</th>
                  <th scope="col">{pt('member')}</th>
                  <th scope="col">{pt('kind')}</th>
                  <th scope="col">{pt('status')}</th>
                  <th scope="col">{pt('amount')}</th>
                  <th scope="col">{pt('coupon')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ id, payment, name, email }) => (
                  <tr key={id}>
                    <td>{formatDate(payment.createdAt)}</td>
                    <td>{name || email || payment.uid}</td>
                    <td>{payment.kind}</td>
                    <td>{payment.status}</td>
                    <td>
                      {money(payment.amount, payment.currency)}
                      {refundedAmount(payment) > 0 && (
                        <>
                          {' '}
                          (
                          {pt('refunded', {
                            amount: money(refundedAmount(payment), payment.currency),
                          })}
                          )
                        </>
                      )}
                    </td>
                    <td>{payment.coupon ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
