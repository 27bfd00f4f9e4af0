import type { Plan } from '@studio/core';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { allowanceLine, plansOnSale, policyLines, priceLines } from '../plan-facts';
import { plansMessages } from '../plans-messages';
import '../plans.css';

export interface PlanCardProps {
  planId: string;
  plan: Plan;
  onChoose?: ((planId: string) => void) | undefined;
  /** The choose button shows "Opening…" while the checkout opens. */
  busy?: boolean | undefined;
  /** The choose button waits (the session is still being restored). */
  disabled?: boolean | undefined;
  /** The member holds this plan: marked as theirs, with where to manage it instead of a button. */
  current?: boolean | undefined;
  /** Where the member manages the plan they hold (their profile). */
  manageHref?: string | undefined;
  /**
   * The member holds another plan: the button reads as a switch ("Switch to this plan") and
   * calls this instead of `onChoose`; a first-timer's intro offer then has no button.
   */
  onSwitch?: ((planId: string) => void) | undefined;
}

/**
 * One plan as a member weighs it: what it gives (the allowance, large), what it costs per period
 * (and the first period's intro price), and its rules in full (commitment, late-cancel and no-show
 * policy), shown before purchase.
 */
export function PlanCard({
  planId,
  plan,
  onChoose,
  busy = false,
  disabled,
  current = false,
  manageHref,
  onSwitch,
}: PlanCardProps) {
  const t = useT(plansMessages);
  const format = useFormat();
  const money = (cents: number) => format.money(cents, plan.currency);
  const allowance = allowanceLine(plan);
  const policy = policyLines(plan, money);
  return (
    <Card
      as="li"
      className={current ? 'plan-card is-current' : 'plan-card'}
      data-plan-kind={plan.kind}
    >
      <div className="plan-card-head">
        <h3 className="plan-card-name">{plan.name}</h3>
        {current ? (
          <Badge tone="success">{t('yourPlan')}</Badge>
        ) : (
          plan.introOffer === true && <Badge tone="primary">{t('introOnly')}</Badge>
        )}
      </div>
      <p className="plan-card-allowance">{t(allowance.key, allowance.params)}</p>
      {plan.description && <p className="plan-card-description">{plan.description}</p>}
      <ul className="plan-card-prices">
        {priceLines(plan, money).map((line) => (
          <li key={line.key}>{t(line.key, line.params)}</li>
        ))}
      </ul>
      {policy.length > 0 && (
        <ul className="plan-card-policy" aria-label={t('policyTitle')}>
          {policy.map((line) => (
            <li key={line.key}>{t(line.key, line.params)}</li>
          ))}
        </ul>
      )}
      {current ? (
        // The button's place and height, so the card does not change size when the member's
        // plan answers after the catalogue.
        <p className="plan-card-current">
          {manageHref ? <Link href={manageHref}>{t('manageOnProfile')}</Link> : t('planHeld')}
        </p>
      ) : onSwitch ? (
        plan.introOffer !== true && (
          <Button
            block
            variant="secondary"
            disabled={disabled}
            aria-label={t('switchPlanNamed', { name: plan.name })}
            onClick={() => onSwitch(planId)}
          >
            {t('switchPlan')}
          </Button>
        )
      ) : (
        onChoose && (
          <Button block busy={busy} disabled={disabled} onClick={() => onChoose(planId)}>
            {busy ? t('opening') : t('choosePlan', { name: plan.name })}
          </Button>
        )
      )}
    </Card>
  );
}

export interface PlanListProps {
  /** `Plans` as read (the route reads it, so the page can wait for it before drawing the packs). */
  plans: Readonly<Record<string, Plan>>;
  /** The plan the member holds (a membership not ended), marked "Your plan". */
  currentPlanId?: string | undefined;
  /** Where the member manages the plan they hold. */
  manageHref?: string | undefined;
  onChoose?: (planId: string) => void;
  /** The member holds a plan: another one is a switch through the change-plan path. */
  onSwitch?: ((planId: string) => void) | undefined;
  /** What the last switch did ("Your plan is now …"), shown under the plans. */
  notice?: string | undefined;
  /** The plan whose checkout is opening. */
  busyPlanId?: string | undefined;
  /** No plan can be chosen yet (the session is still being restored). */
  disabled?: boolean | undefined;
  /** Why the last checkout did not open (a callable's refusal), shown under the plans. */
  error?: unknown;
}

/**
 * The plans on sale, as a section of Buy Credits, the member's own marked. Nothing at all while
 * there are none (the spec's monthly subscription offer is then the only plan the page shows).
 */
export function PlanList({
  plans,
  currentPlanId,
  manageHref,
  onChoose,
  onSwitch,
  notice,
  busyPlanId,
  disabled,
  error,
}: PlanListProps) {
  const t = useT(plansMessages);
  const onSale = plansOnSale(plans);
  if (onSale.length === 0) return null;
  return (
    <section className="plan-list" aria-labelledby="plan-list-title">
      <h2 id="plan-list-title">{t('plansTitle')}</h2>
      <p className="plan-list-lead">{t('plansLead')}</p>
      <ul className="plan-grid">
        {onSale.map(([planId, plan]) => (
          <PlanCard
            key={planId}
            planId={planId}
            plan={plan}
            onChoose={onChoose}
            busy={busyPlanId === planId}
            disabled={disabled}
            current={planId === currentPlanId}
            manageHref={manageHref}
            onSwitch={currentPlanId === undefined ? undefined : onSwitch}
          />
        ))}
      </ul>
      {notice !== undefined && (
        <p role="status" className="plan-list-notice">
          {notice}
        </p>
      )}
      {error !== undefined && (
        <p role="alert" className="plan-list-error">
          {(() => {
            const text = callableErrorText(error);
            return t(text.key, text.params);
          })()}
        </p>
      )}
    </section>
  );
}
