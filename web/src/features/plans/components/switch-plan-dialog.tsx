import type { Membership, Plan } from '@studio/core';
import { changeTiming, formatDate } from '@studio/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { PlansApi } from '../api/plans-api';
import { allowanceLine } from '../plan-facts';
import { plansMessages } from '../plans-messages';

export interface SwitchPlanDialogProps {
  api: Pick<PlansApi, 'changePlan'>;
  /** The member's membership, and its plan in the catalogue (for when the switch applies). */
  membership: Membership;
  currentPlan: Plan | undefined;
  planId: string;
  plan: Plan;
  onClose: () => void;
  /** The switch went through: what it did, in words ("Your plan is now …"). */
  onSwitched: (notice: string) => void;
}

/**
 * A member who holds a plan picks another on Buy Credits: the same change-plan path as the
 * profile's "Change plan" (`changePlan`), with when it applies (now with the difference for the
 * rest of the period, or at the period's end) said before confirming.
 */
export function SwitchPlanDialog({
  api,
  membership,
  currentPlan,
  planId,
  plan,
  onClose,
  onSwitched,
}: SwitchPlanDialogProps) {
  const t = useT(plansMessages);
  const format = useFormat();
  const titleId = useId();
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const timing = currentPlan === undefined ? 'now' : changeTiming(currentPlan, plan);
  const allowance = allowanceLine(plan);
  const allowanceText = t(allowance.key, allowance.params);
  const price = t('pricePer', {
    price: format.money(plan.price, plan.currency),
    interval: plan.interval,
  });
  const confirm = () => {
    setBusy(true);
    setError(null);
    api.changePlan(planId).then(
      (result) =>
        onSwitched(
          result.timing === 'now'
            ? t('changedNow', { name: plan.name })
            : t('changedLater', { name: plan.name, date: format.date(formatDate(result.at)) }),
        ),
      (failure: unknown) => {
        setBusy(false);
        setError(callableErrorText(failure));
      },
    );
  };
  return (
    <Dialog labelledBy={titleId} describedBy={textId} onDismiss={onClose}>
      <h2 id={titleId}>{t('switchTitle', { name: plan.name })}</h2>
      <p id={textId}>
        {t('switchFrom', { current: membership.terms.name, name: plan.name, price })}{' '}
        {t(timing === 'now' ? 'changeNow' : 'changeLater')}
      </p>
      {/* What the plan gives, unless its name already says it ("Unlimited, one class a day"). */}
      {allowanceText.toLowerCase() !== plan.name.trim().toLowerCase() && <p>{allowanceText}</p>}
      {error && <p role="alert">{t(error.key, error.params)}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" data-autofocus onClick={onClose}>
          {t('keepPlan')}
        </Button>
        <Button busy={busy} onClick={confirm}>
          {t('switchConfirm', { name: plan.name })}
        </Button>
      </div>
    </Dialog>
  );
}
