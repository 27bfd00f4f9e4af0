import { formatDate } from '@studio/core';
import { useState } from 'react';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { AdminPaymentsApi } from '../api/admin-payments-api';
import type { PlanAdminApi } from '../api/plan-admin-api';
import { formatMoney } from '../payments';
import { paymentsMessages } from '../payments-messages';
import { KEEPS_PLAN, statusCounts, subscriberRows } from '../subscribers';
import { CancelPlan } from './cancel-plan';

/**
 * admin-suscripcion: every subscription, its member and status, newest payment; with
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
  const lang = useLangStore((state) => state.lang);
  const subscriptions = useLive<unknown>(
    (onChange) => api.watchSubscriptions(onChange),
    undefined,
    [api],
  );
  const users = useLive<unknown>((onChange) => api.watchUsers(onChange), null, [api]);
  const payments = useLive<unknown>((onChange) => api.watchSubscriptionPayments(onChange), null, [
    api,
  ]);
  const rows = subscriberRows(subscriptions, users, payments);
  // Plans an admin is cancelling here: their action stays shown, with its outcome, after the
  // webhook has taken the plan from the member.
  const [acted, setActed] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <section aria-labelledby="subscribers-title">
      <h1 id="subscribers-title">{pt('subscribersTitle')}</h1>
      {subscriptions === undefined ? (
        <p role="status">{pt('loading')}</p>
      ) : rows.length === 0 ? (
        <p>{pt('subscribersEmpty')}</p>
      ) : (
        <>
          <p role="status">
            {statusCounts(rows)
              .map(([status, count]) => pt('statusSummary', { status, count }))
              .join(' · ')}
          </p>
          <ul className="subscribers">
            {rows.map((row) => (
              <li key={row.subscriptionId}>
                <strong>{row.name || row.email || row.uid}</strong> {row.email && `· ${row.email} `}
                · <span className={`status status-${row.status}`}>{row.status}</span>
                {row.currentPeriodEnd !== undefined && (
                  <> · {pt('periodEnds', { date: formatDate(row.currentPeriodEnd) })}</>
                )}
                {row.cancelAtPeriodEnd && <> · {pt('cancelsAtPeriodEnd')}</>}
                {row.lastPayment && (
                  <>
                    {' '}
                    ·{' '}
                    {pt('lastPayment', {
                      date: formatDate(row.lastPayment.createdAt),
                      amount: formatMoney(row.lastPayment.amount, row.lastPayment.currency, lang),
                      status: row.lastPayment.status,
                    })}
                  </>
                )}
                {KEEPS_PLAN.has(row.status) !== row.memberFlag && <> · {pt('flagMismatch')}</>}{' '}
                <small>
                  {pt('subscriptionId')} <code>{row.subscriptionId}</code>
                </small>
                {planActions && (row.memberFlag || acted.has(row.subscriptionId)) && (
                  <CancelPlan
                    api={planActions}
                    uid={row.uid}
                    name={row.name || row.uid}
                    onStart={() => setActed((ids) => new Set(ids).add(row.subscriptionId))}
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
