import { useEffect, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { DateRangeFields, isDateRange } from '../../../components/ui/date-range-fields';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  PAYMENT_STATUSES,
  PURCHASE_KINDS,
  addDays,
  formatDate,
  refundedAmount,
} from '@studio/core';
import type {
  Branch,
  CurrencyTotals,
  PaymentStatus,
  PurchaseKind,
  SumPaymentsInput,
} from '@studio/core';
import { useLangStore, useT } from '../../../lib/i18n';
import { useMemberContacts } from '../../../lib/member-names';
import type { MemberContact } from '../../../lib/member-names';
import { usePagedQuery } from '../../../lib/paged-query';
import { useLive } from '../../../lib/use-live';
import type { AdminPaymentsApi } from '../api/admin-payments-api';
import {
  PAYMENT_PAGE_SIZE,
  filterPayments,
  formatMoney,
  paymentRows,
  paymentUids,
  paymentsCsv,
  branchPaymentsQuery,
  paymentsQuery,
} from '../payments';
import type { PaymentFilter, PaymentRow } from '../payments';
import { paymentsMessages } from '../payments-messages';
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_STATUS_LABELS,
  paymentWords,
} from '../../../lib/payment-words';
import { NameOptions } from '../../../components/ui/name-options';

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
  /** The branch a branch manager's account is scoped to: its payments only; null = the chain. */
  branchScope?: string | null;
}

type TotalsState =
  { key: string; totals: CurrencyTotals[] } | { key: string; failed: true } | undefined;

/** The range's totals from `sumPayments`, asked again when the range or a filter changes. */
function useRangeTotals(api: AdminPaymentsApi, input: SumPaymentsInput | null) {
  const key = input === null ? '' : JSON.stringify(input);
  const [state, setState] = useState<TotalsState>(undefined);
  useEffect(() => {
    if (key === '') return undefined;
    let current = true;
    api.sumPayments(JSON.parse(key) as SumPaymentsInput).then(
      ({ totals }) => {
        if (current) setState({ key, totals });
      },
      (error: unknown) => {
        console.error('payment totals not read', error);
        if (current) setState({ key, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [api, key]);
  return state !== undefined && state.key === key ? state : undefined;
}

/** Reads the contacts of `uids` not in `known`, a few at a time (the CSV's names). */
async function readContacts(
  api: AdminPaymentsApi,
  uids: readonly string[],
  known: Readonly<Record<string, MemberContact>>,
): Promise<Record<string, MemberContact>> {
  const result: Record<string, MemberContact> = { ...known };
  const missing = [...new Set(uids)].filter((uid) => result[uid] === undefined);
  for (let i = 0; i < missing.length; i += 25) {
    const batch = missing.slice(i, i + 25);
    const read = await Promise.all(batch.map((uid) => api.readMember(uid)));
    batch.forEach((uid, j) => {
      result[uid] = read[j] ?? {};
    });
  }
  return result;
}

/**
 * Payment list (lista-pagos): the newest payments of a date range a page at a time, filtered by
 * status, kind, member and, in a studio with more than one branch, the branch the checkout named
 * (the head office's view of each branch); the range's totals from the server; the whole range as
 * CSV.
 */
export function PaymentList({
  api,
  download,
  now = Date.now,
  branchScope = null,
}: PaymentListProps) {
  const pt = useT(paymentsMessages);
  const pw = useT(paymentWords);
  const lang = useLangStore((state) => state.lang);
  const baseId = useId();
  const [chosen, setFilter] = useState<PaymentFilter>(() => {
    const today = formatDate(now());
    return { from: addDays(today, -30), to: today, status: '', kind: '', member: '', branch: '' };
  });
  // A branch manager sees the payments naming their branch, and no other.
  const filter = branchScope === null ? chosen : { ...chosen, branch: branchScope };
  const query = () =>
    branchScope === null
      ? paymentsQuery(filter.from, filter.to)
      : branchPaymentsQuery(branchScope, filter.from, filter.to);
  const branches = useLive<Record<string, Branch>>((onChange) => api.watchBranches(onChange), {}, [
    api,
  ]);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const validRange = isDateRange(filter);
  const page = usePagedQuery(
    validRange ? (limit, onChange) => api.watchPaymentsPage(query(), limit, onChange) : null,
    PAYMENT_PAGE_SIZE,
    [api, validRange, filter.from, filter.to, branchScope],
  );
  const contacts = useMemberContacts(paymentUids(page.value), api.readMember);
  const loaded = paymentRows(page.value, contacts);
  const rows = validRange ? filterPayments(loaded, filter) : [];
  const totals = useRangeTotals(
    api,
    validRange
      ? {
          from: filter.from,
          to: filter.to,
          ...(filter.status === '' ? {} : { status: filter.status }),
          ...(filter.kind === '' ? {} : { kind: filter.kind }),
          ...(filter.branch === '' ? {} : { branch: filter.branch }),
        }
      : null,
  );
  const money = (cents: number, currency: string) => formatMoney(cents, currency, lang);
  const set = (patch: Partial<PaymentFilter>) => setFilter({ ...chosen, ...patch });

  const exportCsv = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      const range = await api.readAllPayments(query());
      const names = await readContacts(api, paymentUids(range), contacts);
      const all = filterPayments(paymentRows(range, names), filter);
      download(`pagos-${filter.from}-${filter.to}.csv`, paymentsCsv(all));
    } catch (error) {
      console.error('payments not exported', error);
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<PaymentRow>[] = [
    {
      id: 'date',
      header: pt('date'),
      sortValue: (row) => row.payment.createdAt,
      cell: (row) => formatDate(row.payment.createdAt),
    },
    {
      id: 'member',
      header: pt('memberColumn'),
      rowHeader: true,
      sortValue: (row) => row.name || row.email || row.payment.uid,
      cell: (row) => row.name || row.email || row.payment.uid,
    },
    {
      id: 'kind',
      header: pt('kind'),
      sortValue: (row) => pw(PAYMENT_KIND_LABELS[row.payment.kind]),
      cell: (row) => pw(PAYMENT_KIND_LABELS[row.payment.kind]),
    },
    {
      id: 'status',
      header: pt('status'),
      sortValue: (row) => row.payment.status,
      cell: (row) => (
        <Badge tone={STATUS_TONES[row.payment.status] ?? 'neutral'}>
          {pw(PAYMENT_STATUS_LABELS[row.payment.status])}
        </Badge>
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
    {
      id: 'method',
      header: pt('method'),
      sortValue: (row) => row.payment.method ?? 'card',
      cell: (row) => pt(row.payment.method === 'cash' ? 'methodCash' : 'methodCard'),
    },
    { id: 'coupon', header: pt('coupon'), cell: (row) => row.payment.coupon ?? '' },
  ];

  return (
    <section aria-labelledby="payments-title" className="admin-page">
      <h1 id="payments-title">{pt('paymentsTitle')}</h1>
      {branchScope !== null && (
        <p>{pt('branchPayments', { branch: branches[branchScope]?.name ?? '' })}</p>
      )}
      <form
        className="card ui-form ui-form-grid ui-form-pairs payment-filters"
        aria-label={pt('paymentsTitle')}
        onSubmit={(e) => e.preventDefault()}
      >
        <DateRangeFields
          idPrefix={baseId}
          value={{ from: filter.from, to: filter.to }}
          onChange={(range) => set(range)}
        />
        <Field label={pt('status')}>
          <select
            id={`${baseId}-status`}
            value={filter.status}
            onChange={(event) => set({ status: event.target.value as PaymentStatus | '' })}
          >
            <option value="">{pt('all')}</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {pw(PAYMENT_STATUS_LABELS[status])}
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
                {pw(PAYMENT_KIND_LABELS[kind])}
              </option>
            ))}
          </select>
        </Field>
        {branchScope === null && Object.keys(branches).length > 1 && (
          <Field label={pt('branch')}>
            <select
              id={`${baseId}-branch`}
              value={filter.branch}
              onChange={(event) => set({ branch: event.target.value })}
            >
              <option value="">{pt('allBranches')}</option>
              <NameOptions items={branches} order="stored" />
            </select>
          </Field>
        )}
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
      {validRange && page.value === undefined && <p role="status">{pt('loading')}</p>}
      {validRange && page.value === undefined && <Skeleton lines={5} height="2.5rem" />}
      {validRange && page.value !== undefined && (
        <>
          <section aria-labelledby="totals-title" className="card ui-card payment-totals">
            <div className="ui-card-header">
              <h2 id="totals-title" className="ui-card-title">
                {pt('totalsTitle')}
              </h2>
              <Button
                variant="secondary"
                size="s"
                disabled={loaded.length === 0 || exporting}
                onClick={() => void exportCsv()}
              >
                {exporting ? pt('exporting') : pt('exportCsv')}
              </Button>
            </div>
            {exportFailed && <p role="alert">{pt('exportFailed')}</p>}
            <p className="ui-muted">{pt('totalsScope')}</p>
            {totals === undefined ? (
              <p role="status">{pt('totalsLoading')}</p>
            ) : 'failed' in totals ? (
              <p role="alert">{pt('totalsFailed')}</p>
            ) : (
              <ul className="ui-list">
                {totals.totals.map((total) => (
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
            )}
          </section>
          <p role="status" className="ui-muted">
            {pt('shownOfLoaded', { count: rows.length, loaded: loaded.length })}
          </p>
          {rows.length === 0 ? (
            <EmptyState title={pt('empty')} />
          ) : (
            <DataTable
              caption={pt('paymentsTitle')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              initialSort={{ columnId: 'date', direction: 'descending' }}
              pageSize={PAYMENT_PAGE_SIZE}
            />
          )}
          {page.hasMore && (
            <Button variant="secondary" onClick={page.loadMore}>
              {pt('loadMore')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
