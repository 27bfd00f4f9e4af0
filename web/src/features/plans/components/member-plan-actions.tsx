import type { Membership, Plan } from '@studio/core';
import { addDays, currentFreeze, formatDate } from '@studio/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Field } from '../../../components/ui/field';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { PeriodEndOrNow, type PeriodEndOrNowValue } from '../../../components/ui/period-end-or-now';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PlansAdminApi, PlansApi } from '../api/plans-api';
import { plansMessages } from '../plans-messages';

type Action = 'freeze' | 'end-freeze' | 'change' | 'end' | 'comp';

export interface MemberPlanActionsProps {
  api: Pick<PlansApi, 'watchMembership' | 'watchPlans'>;
  admin: Pick<
    PlansAdminApi,
    'freezeMember' | 'endMemberFreeze' | 'changeMemberPlan' | 'compMembership' | 'endMembership'
  >;
  uid: string;
  name: string;
  now?: () => number;
}

/**
 * What an admin may do with a member's plan as it is now. A gift, cash or imported plan may also
 * be ended now (a Stripe plan is cancelled from Admin Payments, through Stripe).
 */
export function memberPlanActions(membership: Membership | null, nowMs: number): Action[] {
  if (membership === null || membership.status === 'ended') return ['comp'];
  const frozen = currentFreeze(membership, nowMs) !== undefined;
  const actions: Action[] = frozen ? ['end-freeze', 'change'] : ['freeze', 'change'];
  return membership.source === 'stripe' ? actions : [...actions, 'end'];
}

const ACTION_LABELS = {
  freeze: 'memberFreeze',
  'end-freeze': 'memberEndFreeze',
  change: 'memberChange',
  end: 'memberEndPlan',
  comp: 'memberComp',
} as const;

/**
 * A member's plan on Admin Users: what they hold, and the admin's actions on it (freeze, end a
 * freeze, change plan now or at the period's end, give a plan free until a date), each with the
 * reason the audit log keeps. The line follows the member's membership live.
 */
export function MemberPlanActions({
  api,
  admin,
  uid,
  name,
  now = Date.now,
}: MemberPlanActionsProps) {
  const t = useT(plansMessages);
  const format = useFormat();
  const formId = useId();
  const state = useLive<{ membership: Membership | null } | undefined>(
    (onChange) => api.watchMembership(uid, onChange),
    undefined,
    [api, uid],
  );
  const plans = useLive<Record<string, Plan>>((onChange) => api.watchPlans(onChange), {}, [api]);
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<Action>('freeze');
  const [days, setDays] = useState('14');
  const [planId, setPlanId] = useState('');
  const [when, setWhen] = useState<PeriodEndOrNowValue>('period-end');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const [done, setDone] = useState(false);
  if (state === undefined) return null;
  const at = now();
  const membership = state.membership;
  const actions = memberPlanActions(membership, at);
  const chosen = actions.includes(action) ? action : actions[0]!;
  const freeze = membership ? currentFreeze(membership, at) : undefined;
  const running = membership !== null && membership.status !== 'ended';
  const summary = !running
    ? t('memberNoPlan')
    : freeze && freeze.freeze.from <= at
      ? `${membership.terms.name} · ${t('statusFrozen', { date: format.date(formatDate(freeze.freeze.until)) })}`
      : membership.terms.name;
  const otherPlans = Object.entries(plans).filter(
    ([id, plan]) => plan.active && (!running || id !== membership.planId),
  );
  const today = formatDate(at);

  const request = (): Promise<unknown> => {
    switch (chosen) {
      case 'freeze':
        return admin.freezeMember({ uid, days: Number(days), reason });
      case 'end-freeze':
        return admin.endMemberFreeze(uid, reason);
      case 'change':
        return admin.changeMemberPlan({ uid, planId, when, reason });
      case 'end':
        return admin.endMembership(uid, reason);
      case 'comp':
        return admin.compMembership({ uid, planId, until, reason });
    }
  };
  const submit = () => {
    setBusy(true);
    setError(null);
    request().then(
      () => {
        setBusy(false);
        setOpen(false);
        setDone(true);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(callableErrorText(failure));
      },
    );
  };

  return (
    <section className="member-plan-actions" aria-labelledby={`${formId}-section`}>
      <h3 id={`${formId}-section`}>{t('membershipTitle')}</h3>
      <p>{summary}</p>
      <Button
        variant="secondary"
        size="s"
        aria-haspopup="dialog"
        aria-label={t('managePlanFor', { name })}
        onClick={() => {
          setOpen(true);
          setDone(false);
          setError(null);
          setPlanId(otherPlans[0]?.[0] ?? '');
        }}
      >
        {t('managePlan')}
      </Button>
      {done && <p role="status">{t('done')}</p>}
      {open && (
        <ReasonDialog
          title={t('managePlanOf', { name })}
          intro={summary}
          reasonLabel={t('fieldAuditReason')}
          reason={reason}
          onReasonChange={setReason}
          failure={error}
          cancelLabel={t('keepPlan')}
          confirmLabel={t('apply')}
          busy={busy}
          onConfirm={submit}
          onClose={() => setOpen(false)}
        >
          {actions.length > 1 && (
            <SegmentedControl
              label={t('memberAction')}
              name={`${formId}-action`}
              options={actions.map((value) => ({ value, label: t(ACTION_LABELS[value]) }))}
              value={chosen}
              onChange={setAction}
            />
          )}
          {chosen === 'freeze' && (
            <Field label={t('fieldDays')} required>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                required
                value={days}
                onChange={(event) => setDays(event.target.value)}
              />
            </Field>
          )}
          {(chosen === 'change' || chosen === 'comp') && (
            <Field label={t('colPlan')} required>
              <select value={planId} required onChange={(event) => setPlanId(event.target.value)}>
                {otherPlans.map(([id, plan]) => (
                  <option key={id} value={id}>
                    {plan.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {chosen === 'change' && (
            <PeriodEndOrNow prorated name={`${formId}-when`} value={when} onChange={setWhen} />
          )}
          {chosen === 'comp' && (
            <Field label={t('fieldCompUntil')} required>
              <DateInput required min={addDays(today, 1)} value={until} onChange={setUntil} />
            </Field>
          )}
          {chosen === 'end' && <p>{t('memberEndPlanWarning')}</p>}
        </ReasonDialog>
      )}
    </section>
  );
}
