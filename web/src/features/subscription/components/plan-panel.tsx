import type { PlanState, User } from '@studio/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { PlanApi } from '../api/plan-api';
import { planMessages } from '../plan-messages';

export interface PlanPanelProps {
  api: PlanApi;
  /** `Users/{uid}` as the profile reads it live. */
  user: User | null;
  /** The member looks at their own profile (an admin looking at theirs cannot open the portal). */
  canManage: boolean;
  /** Where Stripe's portal sends the member back (this page). */
  returnUrl: string;
  /** Leaves for Stripe's portal (`window.location.assign` in the app). */
  assign: (url: string) => void;
  /** Where the monthly plan is offered (Buy Credits), for a member without one. */
  planHref?: string;
}

/**
 * The plan's state on the profile, live from the webhook's mirror (`plan-state`): active,
 * "cancels on <date>", past due with a "Fix payment" action, ended; and "Manage subscription",
 * which opens Stripe's customer portal.
 */
export function PlanPanel({ api, user, canManage, returnUrl, assign, planHref }: PlanPanelProps) {
  const t = useT(planMessages);
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const plan: PlanState | undefined = user?.['plan-state'];
  const active = user?.activeSuscription === true;

  // Back from Stripe's portal through the browser's back button, the page may come out of the
  // back-forward cache as it was left: "Opening…" and disabled. It is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const openPortal = (): void => {
    setBusy(true);
    setError(null);
    api.createPortalSession(returnUrl).then(
      (session) => assign(session.url),
      (failure: unknown) => {
        setBusy(false);
        setError(callableErrorText(failure));
      },
    );
  };

  const dated = (key: 'planRenews' | 'planCancelling', at: number | undefined) =>
    at === undefined ? null : t(key, { date: format.date(format.dateOf(at)) });

  let text: string;
  let detail: string | null = null;
  switch (plan?.status ?? (active ? 'active' : undefined)) {
    case 'active':
      text = t('planActive');
      detail = dated('planRenews', plan?.periodEnd);
      break;
    case 'cancelling':
      text = dated('planCancelling', plan?.periodEnd) ?? t('planCancellingNoDate');
      break;
    case 'past-due':
      text = t('planPastDue');
      break;
    case 'ended':
      text = t('planEnded');
      break;
    default:
      text = t('planNone');
  }
  const pastDue = plan?.status === 'past-due';
  const manageable = canManage && (plan !== undefined || active);

  return (
    <div className="plan-panel" data-plan-status={plan?.status ?? (active ? 'active' : 'none')}>
      <p role="status">
        <strong>{text}</strong>
        {detail && <> · {detail}</>}
      </p>
      {manageable && (
        <button
          type="button"
          className={pastDue ? 'button' : 'button button-secondary'}
          disabled={busy}
          onClick={openPortal}
        >
          {busy ? t('openingPortal') : t(pastDue ? 'fixPayment' : 'manageSubscription')}
        </button>
      )}
      {canManage && !manageable && planHref !== undefined && (
        <Link href={planHref} className={buttonClass({ variant: 'secondary' })}>
          {t('seeMonthlyPlan')}
        </Link>
      )}
      {error && <p role="alert">{t(error.key, error.params)}</p>}
    </div>
  );
}
