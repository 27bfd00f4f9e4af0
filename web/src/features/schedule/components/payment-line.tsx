import type { StudioClass } from '@studio/core';
import { decidePayment, isDomainError, memberCredit } from '@studio/core';
import type { PayWith } from '@studio/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { PaymentFacts } from '../api/schedule-api';
import { scheduleMessages } from '../schedule-messages';
import './payment-line.css';

export interface PaymentLineProps {
  facts: PaymentFacts;
  cls: Pick<StudioClass, 'startsAt' | 'creditKind' | 'exercise' | 'branch'>;
  timeZone: string;
  now: number;
  /** The studio's currency, for a late-cancel fee. */
  currency: string;
  payWith: PayWith | undefined;
  onPayWith: (payWith: PayWith | undefined) => void;
  /** Ends the plan's freeze (offered when the plan is frozen for this class). */
  endFreeze?: (() => Promise<unknown>) | undefined;
}

type PaymentQuestion = Pick<PaymentLineProps, 'facts' | 'cls' | 'timeZone' | 'now'>;

/** What core's `decidePayment` is asked; null when the member holds no running plan. */
function paymentRequest({ facts, cls, timeZone, now }: PaymentQuestion) {
  const membership = facts.membership;
  if (
    membership === undefined ||
    membership.status === 'ended' ||
    membership.terms.kind === 'credits'
  )
    return null;
  return { membership, bookingCredits: facts['booking-credits'] ?? {}, cls, timeZone, nowMs: now };
}

/** Whether the booking would be paid by the plan: what the payment line says, and the server does. */
export function paidByPlan(question: PaymentQuestion & { payWith: PayWith | undefined }): boolean {
  const request = paymentRequest(question);
  if (request === null) return false;
  const decision = decidePayment({ ...request, payWith: question.payWith });
  return !isDomainError(decision) && decision.payWith === 'plan';
}

/**
 * How this booking would be paid, before the member confirms (docs/architecture/plans.md): by
 * their plan, or by a credit, with the way to choose the other when both can; when the plan does
 * not pay, its reason (the cap of the day or week, a freeze with "End freeze now"). The server
 * decides the same way (core's `decidePayment`) and never switches silently.
 */
export function PaymentLine(props: PaymentLineProps) {
  const t = useT(scheduleMessages);
  const format = useFormat();
  const { facts, cls, now, payWith } = props;
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  const request = paymentRequest(props);
  if (request === null) return null;
  const credit = memberCredit({ ...facts, Conditions: true }, cls, now);
  const hasCredit = !isDomainError(credit);
  const planOnly = decidePayment({ ...request, payWith: 'plan' });
  const auto = decidePayment({ ...request, payWith });
  const planPays = !isDomainError(planOnly);

  const endFreeze = props.endFreeze;
  const offerEnd =
    isDomainError(planOnly) && planOnly.messageKey === 'planFrozen' && endFreeze !== undefined;
  let text: string;
  let alt: { label: string; payWith: PayWith | undefined } | null = null;
  let policy: string | null = null;
  if (!isDomainError(auto) && auto.payWith === 'plan') {
    text = t('paidByPlan', { plan: auto.planName });
    // The plan's own late-cancel terms, as sold: the fee or the block, in words.
    const late = request.membership.terms.lateCancel;
    policy =
      late === undefined
        ? t('lateCancelNone')
        : late.kind === 'fee'
          ? t('lateCancelFee', { amount: format.money(late.amount, props.currency) })
          : t('lateCancelBlock', { days: late.days });
    if (hasCredit) alt = { label: t('useCreditInstead'), payWith: 'credits' };
  } else if (!isDomainError(auto) && payWith === 'credits') {
    text = t('paidByCredit');
    if (planPays) alt = { label: t('useMyPlan'), payWith: undefined };
  } else if (!isDomainError(auto)) {
    const reason = auto.planRefusal ?? (isDomainError(planOnly) ? planOnly : undefined);
    const why = reason ? t(reason.messageKey, reason.params) : '';
    text = hasCredit ? `${why} ${t('paidByCreditBecause')}`.trim() : why;
  } else {
    text = t(auto.messageKey, auto.params);
    if (auto.messageKey === 'planFrozen' && hasCredit)
      alt = { label: t('useCreditInstead'), payWith: 'credits' };
  }

  return (
    <div className="payment-line" data-paid-by={!isDomainError(auto) ? auto.payWith : 'none'}>
      <p>{text}</p>
      {policy && <p className="payment-line-policy">{policy}</p>}
      <div className="payment-line-actions">
        {alt && (
          <Button variant="ghost" size="s" onClick={() => props.onPayWith(alt.payWith)}>
            {alt.label}
          </Button>
        )}
        {offerEnd && (
          <Button
            variant="secondary"
            size="s"
            busy={ending}
            onClick={() => {
              setEnding(true);
              setEndError(null);
              endFreeze().then(
                () => setEnding(false),
                (error: unknown) => {
                  setEnding(false);
                  const failure = callableErrorText(error);
                  setEndError(t(failure.key, failure.params));
                },
              );
            }}
          >
            {t('endFreezeNow')}
          </Button>
        )}
      </div>
      {endError && <p role="alert">{endError}</p>}
    </div>
  );
}
