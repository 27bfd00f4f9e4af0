import { cancelMemberSubscriptionInput, formatDate } from '@studio/core';
import type { PlanCancellation } from '@studio/core';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import type { PlanAdminApi } from '../api/plan-admin-api';
import { cancelPlanMessages } from '../cancel-plan-messages';

type Outcome = { kind: 'done'; cancelAt: number | null } | { kind: 'error'; error: ErrorText };

/**
 * An admin cancels a member's plan (`cancelMemberSubscription`): at the end of the paid period or
 * now, with a reason that goes to the audit log. The row's status follows from the webhook.
 */
export interface CancelPlanProps {
  api: PlanAdminApi;
  uid: string;
  name: string;
  /** The call is on its way: the list keeps this action shown while the row changes under it. */
  onStart?: () => void;
}

export function CancelPlan({ api, uid, name, onStart }: CancelPlanProps) {
  const t = useT(cancelPlanMessages);
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<PlanCancellation>('period-end');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const parsed = cancelMemberSubscriptionInput.safeParse({ uid, when, reason });
    if (!parsed.success) {
      setOutcome({
        kind: 'error',
        error: { key: 'invalidInput', params: { issues: t('cancelReason') } },
      });
      return;
    }
    setBusy(true);
    onStart?.();
    api.cancelMemberSubscription(parsed.data).then(
      ({ cancelAt }) => {
        setBusy(false);
        setOpen(false);
        setOutcome({ kind: 'done', cancelAt });
      },
      (failure: unknown) => {
        setBusy(false);
        setOutcome({ kind: 'error', error: callableErrorText(failure) });
      },
    );
  };

  return (
    <span className="cancel-plan">
      {!open && outcome?.kind !== 'done' && (
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('cancelPlanOf', { name })}
          onClick={() => {
            setOpen(true);
            setOutcome(null);
          }}
        >
          {t('cancelPlan')}
        </button>
      )}
      {open && (
        <form className="form" aria-label={t('cancelPlanOf', { name })} onSubmit={submit}>
          <fieldset>
            <legend>{t('cancelPlanOf', { name })}</legend>
            <label>
              <input
                type="radio"
                name={`${formId}-when`}
                checked={when === 'period-end'}
                onChange={() => setWhen('period-end')}
              />{' '}
              {t('whenPeriodEnd')}
            </label>
            <label>
              <input
                type="radio"
                name={`${formId}-when`}
                checked={when === 'now'}
                onChange={() => setWhen('now')}
              />{' '}
              {t('whenNow')}
            </label>
          </fieldset>
          <label htmlFor={`${formId}-reason`}>{t('cancelReason')}</label>
          <input
            id={`${formId}-reason`}
            required
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('confirmCancel')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
            {t('keepPlan')}
          </button>
        </form>
      )}
      {outcome?.kind === 'done' && (
        <span role="status">
          {outcome.cancelAt === null
            ? t('cancelledNow')
            : t('cancelledAt', { date: formatDate(outcome.cancelAt) })}
        </span>
      )}
      {outcome?.kind === 'error' && (
        <span role="alert">{t(outcome.error.key, outcome.error.params)}</span>
      )}
    </span>
  );
}
