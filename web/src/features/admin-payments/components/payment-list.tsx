import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
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
import type { PaymentFilter, PaymentRow } from '../payments';
import { paymentsMessages } from '../payments-messages';

const STATUS_TONES: Partial<Record<PaymentStatus, BadgeTone>> = {
  paid: 'success',
  refunded: 'warning',
  'partially-refunded': 'warning',
  failed: 'danger',
};

interface PaymentListProps {
  api: AdminPaymentsApi;
  /** Hands the CSV to the person (a download in the app). */
  download: (fileName: string, csv: string) => void;
  now?: () => number;
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

  const columns: DataTableColumn<PaymentRow>[] = [
    {
      id: 'date',
      header: pt('date'),
      sortValue: (row) => row.payment.createdAt,
      cell: (row) => formatDate(row.payment.createdAt),
    },
    {
      id: 'member',
      header: pt('member'),
      rowHeader: true,
      sortValue: (row) => row.name || row.email || row.payment.uid,
      cell: (row) => row.name || row.email || row.payment.uid,
    },
    {
      id: 'kind',
      header: pt('kind'),
      sortValue: (row) => row.payment.kind,
      cell: (row) => row.payment.kind,
    },
    {
      id: 'status',
      header: pt('status'),
      sortValue: (row) => row.payment.status,
      cell: (row) => (
        <Badge tone={STATUS_TONES[row.payment.status] ?? 'neutral'}>{row.payment.status}</Badge>
      ),
    },
    {
      id: 'amount',
      header: pt('amount'),
      align: 'end',
      sortValue: (row) => row.payment.amount,
      cell: ({ payment }) => (
        <span>
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
        </span>
      ),
    },
    { id: 'coupon', header: pt('coupon'), cell: (row) => row.payment.coupon ?? '' },
  ];

  return (
    <section aria-labelledby="payments-title" className="admin-page">
      <h1 id="payments-title">{pt('paymentsTitle')}</h1>
      <form
        className="card ui-form ui-form-grid payment-filters"
        aria-label={pt('paymentsTitle')}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={pt('from')}>
          <input
            id={`${baseId}-from`}
            type="date"
            value={filter.from}
            onChange={(event) => set({ from: event.target.value })}
          />
        </Field>
        <Field label={pt('to')}>
          <input
            id={`${baseId}-to`}
            type="date"
            value={filter.to}
            onChange={(event) => set({ to: event.target.value })}
          />
        </Field>
        <Field label={pt('status')}>
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
        </Field>
        {/* Alike the status filter by shape only: another list of values and its own type. */}
        <Field label={pt('kind')}>
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
        </Field>
        <Field label={pt('member')}>
          <input
            id={`${baseId}-member`}
            type="search"
            value={filter.member}
            onChange={(event) => set({ member: event.target.value })}
          />
        </Field>
      </form>
      {!validRange && (
        <p role="alert" className="form-error">
          {pt('badRange')}
        </p>
      )}
      {validRange && payments === undefined && <p role="status">{pt('loading')}</p>}
      {validRange && payments === undefined && <Skeleton lines={5} height="2.5rem" />}
      {validRange && payments !== undefined && (
        <>
          <section aria-labelledby="totals-title" className="card ui-card payment-totals">
            <div className="ui-card-header">
              <h2 id="totals-title" className="ui-card-title">
                {pt('totalsTitle')}
              </h2>
              <Button
                variant="secondary"
                size="s"
                disabled={rows.length === 0}
                onClick={() => download(`pagos-${filter.from}-${filter.to}.csv`, paymentsCsv(rows))}
              >
                {pt('exportCsv')}
              </Button>
            </div>
            <p role="status" className="ui-muted">
              {pt('shown', { count: rows.length })}
            </p>
            <ul className="ui-list">
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
          </section>
          {rows.length === 0 ? (
            <EmptyState title={pt('empty')} />
          ) : (
            <DataTable
              caption={pt('paymentsTitle')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              initialSort={{ columnId: 'date', direction: 'descending' }}
              pageSize={25}
            />
          )}
        </>
      )}
    </section>
  );
}
