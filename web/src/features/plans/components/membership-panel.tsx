import type { Membership, Plan, PlanFee, Settings } from '@studio/core';
import {
  DEFAULT_SETTINGS,
  cancellationTerms,
  currentFreeze,
  changeTiming,
  formatDate,
} from '@studio/core';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PlansApi } from '../api/plans-api';
import { allowanceLine, plansOnSale, policyLines } from '../plan-facts';
import type { Line } from '../plan-facts';
import { plansMessages } from '../plans-messages';
import '../plans.css';

export interface MembershipPanelProps {
  api: PlansApi;
  uid: string;
  /** The member's own profile: the actions show (an admin looking sees the plan only). */
  canManage: boolean;
  now?: () => number;
}

type Open = 'freeze' | 'change' | 'cancel' | null;

const STATUS_TONES: Record<Membership['status'], BadgeTone> = {
  active: 'success',
  cancelling: 'warning',
  'past-due': 'danger',
  ended: 'neutral',
};

/**
 * The member's plan on the profile, live: what it gives, its status (active, frozen until, ends
 * on, payment failed), its dates (renewal, minimum term, a booked change or freeze, a block after a
 * late cancel), its rules and its fees; and, on the member's own profile, freeze (or end the
 * freeze), change plan and cancel, each with its consequence shown before confirming.
 */
export function MembershipPanel({ api, uid, canManage, now = Date.now }: MembershipPanelProps) {
  const t = useT(plansMessages);
  const format = useFormat(now);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Line | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const state = useLive<{ membership: Membership | null; fees: Record<string, PlanFee> } | null>(
    (onChange) => api.watchMembership(uid, onChange),
    null,
    [api, uid],
  );
  const plans = useLive<Record<string, Plan>>((onChange) => api.watchPlans(onChange), {}, [api]);
  const settings = useLive<Settings>((onChange) => api.watchSettings(onChange), DEFAULT_SETTINGS, [
    api,
  ]);
  const membership = state?.membership ?? null;
  if (membership === null || membership.status === 'ended') {
    return state === null ? null : (
      <Card as="section" title={t('yourPlan')} className="membership-panel">
        <p>{t('noPlan')}</p>
      </Card>
    );
  }

  const at = now();
  // In words ("Thu 24 Dec"), the studio's day of the instant.
  const day = (ms: number) => format.date(formatDate(ms, settings.timeZone));
  const money = (cents: number) => format.money(cents, settings.currency);
  const freeze = currentFreeze(membership, at);
  const frozenNow = freeze !== undefined && freeze.freeze.from <= at;
  const allowance = allowanceLine(membership.terms);

  const act = <R,>(call: () => Promise<R>, done: (result: R) => Line) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    call().then(
      (result) => {
        setBusy(false);
        setOpen(null);
        setNotice(done(result));
      },
      (failure: unknown) => {
        setBusy(false);
        setError(callableErrorText(failure));
      },
    );
  };

  // A plan an import brought without a card: its checkout adds one, first charged when it ends.
  const needsCard =
    membership.source === 'import' &&
    membership.status === 'active' &&
    membership.periodEnd !== undefined &&
    membership.periodEnd > at;
  const addCard = () => {
    setBusy(true);
    setError(null);
    api
      .startCheckout(membership.planId, {
        successUrl: window.location.href,
        cancelUrl: window.location.href,
      })
      .then(
        (session) => window.location.assign(session.url),
        (failure: unknown) => {
          setBusy(false);
          setError(callableErrorText(failure));
        },
      );
  };

  const facts: Line[] = [];
  if (freeze && !frozenNow)
    facts.push({
      key: 'freezeBooked',
      params: { from: day(freeze.freeze.from), until: day(freeze.freeze.until) },
    });
  if (membership.status === 'active' && membership.periodEnd !== undefined)
    facts.push({
      key: membership.source === 'stripe' ? 'renews' : 'runsUntil',
      params: { date: day(membership.periodEnd) },
    });
  if (membership.commitmentEndsAt !== undefined && membership.commitmentEndsAt > at)
    facts.push({ key: 'commitmentUntil', params: { date: day(membership.commitmentEndsAt) } });
  if (membership.pendingChange !== undefined)
    facts.push({
      key: 'changeBooked',
      params: { plan: membership.pendingChange.name, date: day(membership.pendingChange.at) },
    });
  if (membership.blockedUntil !== undefined && membership.blockedUntil > at)
    facts.push({ key: 'blockedUntil', params: { date: day(membership.blockedUntil) } });

  const status: Line = frozenNow
    ? { key: 'statusFrozen', params: { date: day(freeze.freeze.until) } }
    : membership.status === 'cancelling'
      ? { key: 'statusCancelling', params: { date: day(membership.periodEnd ?? at) } }
      : membership.status === 'past-due'
        ? { key: 'statusPastDue' }
        : { key: 'statusActive' };
  const fees = Object.entries(state?.fees ?? {}).sort(([, a], [, b]) => b.at - a.at);

  return (
    <Card
      as="section"
      title={t('yourPlan')}
      className="membership-panel"
      data-plan-id={membership.planId}
    >
      <div className="membership-head">
        <h3 className="membership-name">{membership.terms.name}</h3>
        <Badge tone={frozenNow ? 'primary' : STATUS_TONES[membership.status]}>
          <span role="status">{t(status.key, status.params)}</span>
        </Badge>
      </div>
      <p className="plan-card-allowance">{t(allowance.key, allowance.params)}</p>
      <ul className="membership-facts">
        {facts.map((line) => (
          <li key={line.key}>{t(line.key, line.params)}</li>
        ))}
        {policyLines(membership.terms, money).map((line) => (
          <li key={line.key}>{t(line.key, line.params)}</li>
        ))}
      </ul>
      {fees.length > 0 && (
        <ul className="membership-facts" aria-label={t('fees')}>
          {fees.map(([feeId, fee]) => (
            <li key={feeId}>
              {t(
                fee.status === 'charged'
                  ? 'feeCharged'
                  : fee.status === 'failed'
                    ? 'feeFailed'
                    : 'feePending',
                { amount: format.money(fee.amount, fee.currency), reason: fee.reason },
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && needsCard && (
        <div className="membership-add-card">
          <p>{t('addCardPrompt', { date: day((membership.periodEnd ?? at) - 1) })}</p>
          <Button variant="primary" busy={busy} onClick={addCard}>
            {t('addCard')}
          </Button>
        </div>
      )}
      {canManage && (
        <div className="membership-actions">
          {freeze ? (
            <Button
              variant="primary"
              busy={busy}
              onClick={() =>
                act(
                  () => api.endFreeze(),
                  () => ({ key: 'freezeEnded' }),
                )
              }
            >
              {t('endFreeze')}
            </Button>
          ) : (
            membership.status !== 'past-due' && (
              <Button variant="secondary" onClick={() => setOpen('freeze')}>
                {t('freeze')}
              </Button>
            )
          )}
          <Button variant="secondary" onClick={() => setOpen('change')}>
            {t('changePlan')}
          </Button>
          {membership.status !== 'cancelling' && (
            <Button variant="ghost" onClick={() => setOpen('cancel')}>
              {t('cancelPlan')}
            </Button>
          )}
        </div>
      )}
      {notice && <p role="status">{t(notice.key, notice.params)}</p>}
      {error && open === null && <p role="alert">{t(error.key, error.params)}</p>}
      {open === 'freeze' && (
        <FreezeDialog
          settings={settings}
          money={money}
          busy={busy}
          error={error}
          onClose={() => setOpen(null)}
          onFreeze={(days) =>
            act(
              () => api.freeze({ days }),
              (result) => ({ key: 'frozenDone', params: { date: day(result.until) } }),
            )
          }
        />
      )}
      {open === 'change' && (
        <ChangeDialog
          membership={membership}
          plans={plans}
          money={(cents, currency) => format.money(cents, currency)}
          busy={busy}
          error={error}
          onClose={() => setOpen(null)}
          onChange={(planId, name) =>
            act(
              () => api.changePlan(planId),
              (result): Line =>
                result.timing === 'now'
                  ? { key: 'changedNow', params: { name } }
                  : { key: 'changedLater', params: { name, date: day(result.at) } },
            )
          }
        />
      )}
      {open === 'cancel' && (
        <CancelDialog
          membership={membership}
          now={at}
          day={day}
          money={money}
          busy={busy}
          error={error}
          onClose={() => setOpen(null)}
          onCancel={(payEarlyEndFee) =>
            act(
              () => api.cancel(payEarlyEndFee),
              (result) => ({ key: 'cancelled', params: { date: day(result.endsAt) } }),
            )
          }
        />
      )}
    </Card>
  );
}

interface DialogBase {
  busy: boolean;
  error: ErrorText | null;
  onClose: () => void;
}

function DialogError({ error }: { error: ErrorText | null }) {
  const t = useT(plansMessages);
  return error ? <p role="alert">{t(error.key, error.params)}</p> : null;
}

function FreezeDialog({
  settings,
  money,
  busy,
  error,
  onClose,
  onFreeze,
}: DialogBase & {
  settings: Settings;
  money: (cents: number) => string;
  onFreeze: (days: number) => void;
}) {
  const t = useT(plansMessages);
  const titleId = useId();
  const textId = useId();
  const [days, setDays] = useState(Math.min(14, settings.freezeMaxDays));
  return (
    <Dialog labelledBy={titleId} describedBy={textId} onDismiss={onClose}>
      <h2 id={titleId}>{t('freezeTitle')}</h2>
      <p id={textId}>{t('freezeLead')}</p>
      <p>
        {t('freezeLimits', {
          min: settings.freezeMinDays,
          max: settings.freezeMaxDays,
          count: settings.freezesPerYear,
        })}
        {settings.freezeHoldFee > 0 && (
          <> {t('freezeFee', { fee: money(settings.freezeHoldFee) })}</>
        )}
      </p>
      <Field label={t('freezeDays')}>
        <input
          type="number"
          inputMode="numeric"
          min={settings.freezeMinDays}
          max={settings.freezeMaxDays}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        />
      </Field>
      <DialogError error={error} />
      <div className="dialog-actions">
        <Button variant="secondary" data-autofocus onClick={onClose}>
          {t('keepPlan')}
        </Button>
        <Button busy={busy} onClick={() => onFreeze(days)}>
          {t('confirmFreeze', { days })}
        </Button>
      </div>
    </Dialog>
  );
}

function ChangeDialog({
  membership,
  plans,
  money,
  busy,
  error,
  onClose,
  onChange,
}: DialogBase & {
  membership: Membership;
  plans: Record<string, Plan>;
  money: (cents: number, currency: string) => string;
  onChange: (planId: string, name: string) => void;
}) {
  const t = useT(plansMessages);
  const titleId = useId();
  const current = plans[membership.planId];
  // A first-timer's intro offer is not a plan to move to (the server refuses it too).
  const choices = plansOnSale(plans).filter(
    ([planId, plan]) => planId !== membership.planId && plan.introOffer !== true,
  );
  return (
    <Dialog labelledBy={titleId} onDismiss={onClose}>
      <h2 id={titleId}>{t('changeTitle')}</h2>
      {membership.pendingChange !== undefined && (
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => onChange(membership.planId, membership.terms.name)}
        >
          {t('changeCancel')}
        </Button>
      )}
      <ul className="membership-choices">
        {choices.map(([planId, plan]) => {
          const upgrade = current === undefined || changeTiming(current, plan) === 'now';
          const allowance = allowanceLine(plan);
          return (
            <li key={planId}>
              <Card compact>
                <strong>{plan.name}</strong> · {money(plan.price, plan.currency)}
                <p>{t(allowance.key, allowance.params)}</p>
                <p>{t(upgrade ? 'changeNow' : 'changeLater')}</p>
                <Button
                  variant={upgrade ? 'primary' : 'secondary'}
                  busy={busy}
                  onClick={() => onChange(planId, plan.name)}
                >
                  {t('changeTo', { name: plan.name })}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
      <DialogError error={error} />
      <div className="dialog-actions">
        <Button variant="secondary" data-autofocus onClick={onClose}>
          {t('keepPlan')}
        </Button>
      </div>
    </Dialog>
  );
}

function CancelDialog({
  membership,
  now,
  day,
  money,
  busy,
  error,
  onClose,
  onCancel,
}: DialogBase & {
  membership: Membership;
  now: number;
  day: (ms: number) => string;
  money: (cents: number) => string;
  onCancel: (payEarlyEndFee: boolean) => void;
}) {
  const t = useT(plansMessages);
  const titleId = useId();
  const textId = useId();
  const terms = cancellationTerms(membership, now);
  return (
    <Dialog role="alertdialog" labelledBy={titleId} describedBy={textId} onDismiss={onClose}>
      <h2 id={titleId}>{t('cancelTitle')}</h2>
      <p id={textId}>
        {terms.commitmentEndsAt === undefined
          ? t('cancelAtEnd', { date: day(terms.endsAt) })
          : t('cancelInTerm', { date: day(terms.endsAt) })}
      </p>
      {terms.earlyEndFee !== undefined && (
        <p>{t('cancelEarly', { fee: money(terms.earlyEndFee) })}</p>
      )}
      <DialogError error={error} />
      <div className="dialog-actions">
        <Button variant="secondary" data-autofocus onClick={onClose}>
          {t('keepPlan')}
        </Button>
        {terms.earlyEndFee !== undefined && (
          <Button variant="secondary" busy={busy} onClick={() => onCancel(true)}>
            {t('confirmCancelEarly', { fee: money(terms.earlyEndFee) })}
          </Button>
        )}
        <Button variant="danger" busy={busy} onClick={() => onCancel(false)}>
          {t('confirmCancel')}
        </Button>
      </div>
    </Dialog>
  );
}
