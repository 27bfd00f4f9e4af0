import { formatDate } from '@studio/core';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useMemberContacts } from '../../../lib/member-names';
import { usePagedQuery } from '../../../lib/paged-query';
import type { AdminPaymentsApi } from '../api/admin-payments-api';
import type { PlanAdminApi } from '../api/plan-admin-api';
import { paymentsMessages } from '../payments-messages';
import {
  KEEPS_PLAN,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIPTION_STATUSES,
  statusCounts,
  subscriberRows,
  subscriberUids,
  subscribersQuery,
} from '../subscribers';
import type { SubscriberRow } from '../subscribers';
import { CancelPlan } from './cancel-plan';
import { useMemberPlanFlags } from './use-member-plan-flags';
import './subscribers.css';

/** Stripe's subscription statuses as a badge tone; the badge's text is the status itself. */
export function subscriptionTone(status: string): BadgeTone {
  if (status === 'active' || status === 'trialing') return 'success';
  if (status === 'past_due' || status === 'incomplete' || status === 'paused') return 'warning';
  if (status === 'unpaid' || status === 'incomplete_expired') return 'danger';
  return 'neutral';
}

/**
 * admin-suscripcion: the subscriptions a page at a time (the plans that run furthest first, or one
 * status), each with its member and status, as a table (search and sort the loaded rows); with
 * `planActions`, a "Cancel plan" action on each plan a member holds.
 */
export function Subscribers({
  api,
  planActions,
}: {
  api: AdminPaymentsApi;
  planActions?: PlanAdminApi;
}) {
  const pt = useT(paymentsMessages);
  const baseId = useId();
  const [status, setStatus] = useState('');
  const page = usePagedQuery(
    (limit, onChange) => api.watchSubscriptionsPage(subscribersQuery(status), limit, onChange),
    SUBSCRIBER_PAGE_SIZE,
    [api, status],
  );
  const subscriptions = page.value;
  const uids = subscriberUids(subscriptions);
  const contacts = useMemberContacts(uids, api.readMember);
  const flags = useMemberPlanFlags(uids, api.watchMemberPlanFlags);
  const rows = subscriberRows(subscriptions, contacts, flags);
  // Plans an admin is cancelling here: their action stays shown, with its outcome, after the
  // webhook has taken the plan from the member.
  const [acted, setActed] = useState<ReadonlySet<string>>(() => new Set());

  const columns: DataTableColumn<SubscriberRow>[] = [
    {
      id: 'member',
      header: pt('subscriberMember'),
      rowHeader: true,
      sortValue: (row) => row.name || row.email || row.uid,
      cell: (row) => (
        <span className="subscriber-member">
          <strong>{row.name || row.email || row.uid}</strong>
          {row.name && row.email && <small>{row.email}</small>}
        </span>
      ),
    },
    {
      id: 'status',
      header: pt('status'),
      sortValue: (row) => row.status,
      cell: (row) => (
        <span className="subscriber-badges">
          <Badge tone={subscriptionTone(row.status)} className={`status status-${row.status}`}>
            {row.status}
          </Badge>
          {row.cancelAtPeriodEnd && <Badge tone="warning">{pt('cancelsAtPeriodEnd')}</Badge>}
          {row.memberFlag !== undefined && KEEPS_PLAN.has(row.status) !== row.memberFlag && (
            <Badge tone="danger">{pt('flagMismatch')}</Badge>
          )}
        </span>
      ),
    },
    {
      id: 'periodEnd',
      header: pt('periodEndColumn'),
      sortValue: (row) => row.currentPeriodEnd,
      cell: (row) => (row.currentPeriodEnd === undefined ? '—' : formatDate(row.currentPeriodEnd)),
    },
    {
      id: 'subscription',
      header: pt('subscriptionId'),
      cell: (row) => <code className="subscriber-id">{row.subscriptionId}</code>,
    },
  ];
  if (planActions) {
    columns.push({
      id: 'actions',
      header: pt('actions'),
      align: 'end',
      cell: (row) =>
        (row.memberFlag === true || acted.has(row.subscriptionId)) && (
          <CancelPlan
            api={planActions}
            uid={row.uid}
            name={row.name || row.uid}
            onStart={() => setActed((ids) => new Set(ids).add(row.subscriptionId))}
          />
        ),
    });
  }

  return (
    <section aria-labelledby="subscribers-title" className="admin-page subscribers">
      <h1 id="subscribers-title">{pt('subscribersTitle')}</h1>
      <form
        className="card ui-form ui-form-grid"
        aria-label={pt('subscribersTitle')}
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label={pt('status')}>
          <select
            id={`${baseId}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">{pt('all')}</option>
            {SUBSCRIPTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </Field>
      </form>
      {subscriptions === undefined ? (
        <>
          <p role="status" className="visually-hidden">
            {pt('loading')}
          </p>
          <Skeleton shape="block" height="12rem" />
        </>
      ) : (
        <>
          {rows.length > 0 && (
            <p role="status" className="subscriber-summary">
              {[
                pt('subscribersLoaded', { count: rows.length }),
                ...statusCounts(rows).map(([value, count]) =>
                  pt('statusSummary', { status: value, count }),
                ),
              ].join(' · ')}
            </p>
          )}
          <DataTable
            caption={pt('subscribersTitle')}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.subscriptionId}
            rowTestId={(row) => `subscriber-${row.subscriptionId}`}
            searchText={(row) => `${row.name} ${row.email} ${row.uid} ${row.subscriptionId}`}
            searchLabel={pt('searchSubscribers')}
            pageSize={SUBSCRIBER_PAGE_SIZE}
            empty={
              <EmptyState title={pt(status === '' ? 'subscribersEmpty' : 'subscribersNoMatch')} />
            }
          />
          {page.hasMore && (
            <Button variant="secondary" onClick={page.loadMore}>
              {pt('loadMoreSubscribers')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
