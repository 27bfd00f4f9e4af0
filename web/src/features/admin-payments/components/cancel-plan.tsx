import { cancelMemberSubscriptionInput, formatDate } from '@studio/core';
import type { PlanCancellation } from '@studio/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { PeriodEndOrNow } from '../../../components/ui/period-end-or-now';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
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

/**
 * The "Cancel plan" button and its dialog. Closing the dialog gives focus back to the button
 * (the kit's Dialog); once the plan is cancelled the button goes and focus moves to the outcome.
 */
export function CancelPlan({ api, uid, name, onStart }: CancelPlanProps) {
  const t = useT(cancelPlanMessages);
  const format = useFormat();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<PlanCancellation>('period-end');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const doneRef = useRef<HTMLSpanElement>(null);
  const done = outcome?.kind === 'done';

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submit = (): void => {
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
      {!done && (
        <Button
          variant="secondary"
          size="s"
          aria-label={t('cancelPlanFor', { name })}
          aria-haspopup="dialog"
          onClick={() => {
            setOpen(true);
            setOutcome(null);
          }}
        >
          {t('cancelPlan')}
        </Button>
      )}
      {open && (
        <ReasonDialog
          title={t('cancelPlanOf', { name })}
          reasonLabel={t('cancelReason')}
          reason={reason}
          onReasonChange={setReason}
          failure={outcome?.kind === 'error' ? outcome.error : null}
          cancelLabel={t('keepPlan')}
          confirmLabel={t('confirmCancel')}
          confirmVariant="danger"
          busy={busy}
          onConfirm={submit}
          onClose={() => setOpen(false)}
        >
          <PeriodEndOrNow name={`${formId}-when`} value={when} onChange={setWhen} />
        </ReasonDialog>
      )}
      {done && (
        <span role="status" tabIndex={-1} ref={doneRef}>
          {outcome.cancelAt === null
            ? t('cancelledNow')
            : t('cancelledAt', { date: format.date(formatDate(outcome.cancelAt)) })}
        </span>
      )}
    </span>
  );
}
