import type { Branch, Membership, Plan, Settings } from '@studio/core';
import { DEFAULT_SETTINGS, formatDate, membershipSchema, paths } from '@studio/core';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateInput } from '../../../components/ui/date-input';
import { Field } from '../../../components/ui/field';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { IndexedQuery } from '../../../lib/indexed-query';
import { useMemberContacts } from '../../../lib/member-names';
import { usePagedQuery } from '../../../lib/paged-query';
import { parseEntries } from '../../../lib/realtime';
import { useLive } from '../../../lib/use-live';
import type { PlansAdminApi, PlansApi } from '../api/plans-api';
import { allowanceLine, plansInOrder } from '../plan-facts';
import { EMPTY_PLAN_FORM, formOf, planFromForm } from '../plan-form';
import type { PlanForm } from '../plan-form';
import { plansMessages } from '../plans-messages';
import '../plans.css';
import { NameOptions } from '../../../components/ui/name-options';

const PAGE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Memberships frozen now or booked to freeze, soonest end first (`frozenUntil` index). */
export function freezesQuery(now: number): IndexedQuery {
  return { path: paths.memberships(), orderByChild: 'frozenUntil', startAt: now, from: 'first' };
}

/** Commitments ending in the next 60 days (`commitmentEndsAt` index). */
export function commitmentsQuery(now: number): IndexedQuery {
  return {
    path: paths.memberships(),
    orderByChild: 'commitmentEndsAt',
    startAt: now,
    endAt: now + 60 * DAY_MS,
    from: 'first',
  };
}

export interface PlansAdminProps {
  api: Pick<PlansApi, 'watchPlans' | 'watchSettings'>;
  admin: PlansAdminApi;
  now?: () => number;
}

/**
 * admin-planes: the plan catalogue (create and edit, with the rules members see), a freeze of
 * every plan (or one branch's) for a date range, and who is frozen and whose commitment ends
 * soon, read a page at a time through indexed queries.
 */
export function PlansAdmin({ api, admin, now = Date.now }: PlansAdminProps) {
  const t = useT(plansMessages);
  const plans = useLive<Record<string, Plan>>((onChange) => api.watchPlans(onChange), {}, [api]);
  const settings = useLive<Settings>((onChange) => api.watchSettings(onChange), DEFAULT_SETTINGS, [
    api,
  ]);
  const branches = useLive<Record<string, Branch>>(
    (onChange) => admin.watchBranches(onChange),
    {},
    [admin],
  );
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const at = now();
  return (
    <section aria-labelledby="plans-admin-title" className="admin-page">
      <h1 id="plans-admin-title">{t('adminTitle')}</h1>
      <p>{t('adminLead')}</p>
      <div className="plan-admin-grid">
        <Card
          as="section"
          title={t('catalogueTitle')}
          actions={
            <Button
              size="s"
              variant="secondary"
              onClick={() => {
                setSaved(false);
                setEditing('');
              }}
            >
              {t('newPlan')}
            </Button>
          }
        >
          <ul className="membership-choices">
            {plansInOrder(plans).map(([planId, plan]) => {
              const allowance = allowanceLine(plan);
              return (
                <li key={planId}>
                  <PlanRow
                    plan={plan}
                    allowance={t(allowance.key, allowance.params)}
                    onEdit={() => {
                      setSaved(false);
                      setEditing(planId);
                    }}
                  />
                </li>
              );
            })}
          </ul>
          {editing !== null && (
            <PlanEditor
              key={editing}
              admin={admin}
              planId={editing === '' ? undefined : editing}
              plan={editing === '' ? undefined : plans[editing]}
              currency={settings.currency}
              onDone={(done) => {
                setEditing(null);
                setSaved(done);
              }}
            />
          )}
          {saved && <p role="status">{t('planSaved')}</p>}
        </Card>
        <BulkFreeze admin={admin} branches={branches} timeZone={settings.timeZone} now={at} />
        <MembershipTable
          title={t('freezesTitle')}
          query={freezesQuery(at)}
          dateOf={(membership) => membership.frozenUntil}
          dateHeader={t('colUntil')}
          admin={admin}
          timeZone={settings.timeZone}
        />
        <MembershipTable
          title={t('commitmentsTitle')}
          query={commitmentsQuery(at)}
          dateOf={(membership) => membership.commitmentEndsAt}
          dateHeader={t('colEnds')}
          admin={admin}
          timeZone={settings.timeZone}
        />
      </div>
    </section>
  );
}

function PlanRow({
  plan,
  allowance,
  onEdit,
}: {
  plan: Plan;
  allowance: string;
  onEdit: () => void;
}) {
  const t = useT(plansMessages);
  const format = useFormat();
  return (
    <Card compact>
      <div className="membership-head">
        <strong>{plan.name}</strong>
        <Badge tone={plan.active ? 'success' : 'neutral'}>
          {plan.active ? t('fieldActive') : '—'}
        </Badge>
      </div>
      <p>
        {allowance} ·{' '}
        {t('pricePer', { price: format.money(plan.price, plan.currency), interval: plan.interval })}
      </p>
      <Button
        size="s"
        variant="ghost"
        onClick={onEdit}
        aria-label={t('editPlan', { name: plan.name })}
      >
        {t('editPlan', { name: plan.name })}
      </Button>
    </Card>
  );
}

function PlanEditor({
  admin,
  planId,
  plan,
  currency,
  onDone,
}: {
  admin: PlansAdminApi;
  planId: string | undefined;
  plan: Plan | undefined;
  currency: string;
  /** Closes the editor; true once the plan is saved. */
  onDone: (saved: boolean) => void;
}) {
  const t = useT(plansMessages);
  const id = useId();
  const [form, setForm] = useState<PlanForm>(plan ? formOf(plan) : EMPTY_PLAN_FORM);
  const [invalid, setInvalid] = useState<readonly (keyof PlanForm)[]>([]);
  const [error, setError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const text = (
    key: keyof PlanForm,
    label: Parameters<typeof t>[0],
    inputMode?: 'numeric' | 'decimal',
  ) => (
    <Field label={t(label)} error={invalid.includes(key) ? t('checkField') : undefined}>
      <input
        id={`${id}-${key}`}
        inputMode={inputMode}
        value={String(form[key])}
        onChange={(event) => set(key, event.target.value as never)}
      />
    </Field>
  );
  const check = (key: 'introOffer' | 'guestSeats' | 'active', label: Parameters<typeof t>[0]) => (
    <label className="ui-check">
      <input
        type="checkbox"
        checked={form[key]}
        onChange={(event) => set(key, event.target.checked)}
      />{' '}
      {t(label)}
    </label>
  );
  const submit = () => {
    const made = planFromForm(form, currency);
    if (!made.ok) {
      setInvalid(made.fields);
      return;
    }
    setInvalid([]);
    setError(null);
    setBusy(true);
    admin.savePlan(made.plan, planId).then(
      () => {
        setBusy(false);
        onDone(true);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(callableErrorText(failure));
      },
    );
  };
  return (
    <form
      className="ui-form ui-form-grid"
      aria-label={plan ? t('editPlan', { name: plan.name }) : t('newPlan')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field label={t('fieldKind')} error={invalid.includes('kind') ? t('checkField') : undefined}>
        <select
          id={`${id}-kind`}
          value={form.kind}
          disabled={plan !== undefined}
          onChange={(event) => set('kind', event.target.value as PlanForm['kind'])}
        >
          <option value="unlimited">{t('kindUnlimited')}</option>
          <option value="limited">{t('kindLimited')}</option>
          <option value="credits">{t('kindCredits')}</option>
        </select>
      </Field>
      {text('name', 'fieldName')}
      {text('description', 'fieldDescription')}
      <Field label={t('fieldInterval')}>
        <select
          id={`${id}-interval`}
          value={form.interval}
          disabled={plan !== undefined}
          onChange={(event) => set('interval', event.target.value as PlanForm['interval'])}
        >
          <option value="week">{t('intervalWeek')}</option>
          <option value="month">{t('intervalMonth')}</option>
          <option value="year">{t('intervalYear')}</option>
        </select>
      </Field>
      {text('price', 'fieldPrice', 'decimal')}
      {text('introPrice', 'fieldIntroPrice', 'decimal')}
      {form.kind === 'unlimited' && text('dailyCap', 'fieldDailyCap', 'numeric')}
      {form.kind === 'limited' && (
        <>
          {text('limitCount', 'fieldLimitCount', 'numeric')}
          <Field label={t('fieldLimitPer')}>
            <select
              id={`${id}-per`}
              value={form.limitPer}
              onChange={(event) => set('limitPer', event.target.value as PlanForm['limitPer'])}
            >
              <option value="week">{t('perWeek')}</option>
              <option value="month">{t('perMonth')}</option>
            </select>
          </Field>
        </>
      )}
      {form.kind === 'credits' && text('credits', 'fieldCredits', 'numeric')}
      {text('commitment', 'fieldCommitment', 'numeric')}
      {text('earlyEndFee', 'fieldEarlyEndFee', 'decimal')}
      {text('lateFee', 'fieldLateFee', 'decimal')}
      {text('noShowBlock', 'fieldNoShowBlock', 'numeric')}
      {check('introOffer', 'fieldIntroOffer')}
      {check('guestSeats', 'fieldGuestSeats')}
      {check('active', 'fieldActive')}
      {plan && <p className="ui-field-hint">{t('priceChangeNote')}</p>}
      {invalid.length > 0 && <p role="alert">{t('checkFields')}</p>}
      {error && <p role="alert">{t(error.key, error.params)}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => onDone(false)}>
          {t('closeEditor')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('savePlan')}
        </Button>
      </div>
    </form>
  );
}

function BulkFreeze({
  admin,
  branches,
  timeZone,
  now,
}: {
  admin: PlansAdminApi;
  branches: Record<string, Branch>;
  timeZone: string;
  now: number;
}) {
  const t = useT(plansMessages);
  const format = useFormat();
  const id = useId();
  const today = formatDate(now, timeZone);
  const [from, setFrom] = useState(today);
  const [until, setUntil] = useState('');
  const [branch, setBranch] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ frozen: number; skipped: number } | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  return (
    <Card as="section" title={t('bulkTitle')}>
      <p>{t('bulkLead')}</p>
      <form
        className="ui-form ui-form-grid"
        aria-label={t('bulkTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          setResult(null);
          setConfirming(true);
        }}
      >
        <Field label={t('fieldFrom')}>
          <DateInput id={`${id}-from`} value={from} min={today} required onChange={setFrom} />
        </Field>
        <Field label={t('fieldUntil')}>
          <DateInput id={`${id}-until`} value={until} min={from} required onChange={setUntil} />
        </Field>
        <Field label={t('fieldBranch')}>
          <select
            id={`${id}-branch`}
            value={branch}
            onChange={(event) => setBranch(event.target.value)}
          >
            <option value="">{t('allBranches')}</option>
            <NameOptions items={branches} order="stored" />
          </select>
        </Field>
        <Field label={t('fieldReason')}>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={200}
            required
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        {!confirming && <Button type="submit">{t('runBulk')}</Button>}
      </form>
      {confirming && (
        <div className="plan-admin-confirm" role="group" aria-label={t('bulkTitle')}>
          <p>
            {t('bulkConfirm', {
              from: format.longDate(from),
              until: format.longDate(until),
              branch: branch === '' ? t('allBranches') : (branches[branch]?.name ?? branch),
            })}
          </p>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('bulkNotNow')}
            </Button>
            <Button
              busy={busy}
              onClick={() => {
                setBusy(true);
                admin
                  .bulkFreeze({ from, until, reason, ...(branch === '' ? {} : { branch }) })
                  .then(
                    (done) => {
                      setBusy(false);
                      setConfirming(false);
                      setResult(done);
                    },
                    (failure: unknown) => {
                      setBusy(false);
                      setConfirming(false);
                      setError(callableErrorText(failure));
                    },
                  );
              }}
            >
              {t('bulkGo')}
            </Button>
          </div>
        </div>
      )}
      {result && (
        <p role="status">{t('bulkDone', { frozen: result.frozen, skipped: result.skipped })}</p>
      )}
      {error && <p role="alert">{t(error.key, error.params)}</p>}
    </Card>
  );
}

function MembershipTable({
  title,
  query,
  dateOf,
  dateHeader,
  admin,
  timeZone,
}: {
  title: string;
  query: IndexedQuery;
  dateOf: (membership: Membership) => number | undefined;
  dateHeader: string;
  admin: Pick<PlansAdminApi, 'watchMembershipsPage' | 'readMember'>;
  timeZone: string;
}) {
  const t = useT(plansMessages);
  const format = useFormat();
  // The query's bounds move with the clock: the page reads them once per visit.
  const [stable] = useState(query);
  const page = usePagedQuery(
    (limit, onChange) => admin.watchMembershipsPage(stable, limit, onChange),
    PAGE,
    [admin, stable.orderByChild],
  );
  const rows = Object.values(
    parseEntries(page.value, (entry) => membershipSchema.safeParse(entry), 'membership'),
  ).sort((a, b) => (dateOf(a) ?? 0) - (dateOf(b) ?? 0));
  const contacts = useMemberContacts(
    rows.map((row) => row.uid),
    admin.readMember,
  );
  return (
    <Card as="section" title={title}>
      {rows.length === 0 ? (
        <p>{page.value === undefined ? '…' : t('noneYet')}</p>
      ) : (
        <table className="ui-table">
          <thead>
            <tr>
              <th scope="col">{t('colMember')}</th>
              <th scope="col">{t('colPlan')}</th>
              <th scope="col">{dateHeader}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const at = dateOf(row);
              return (
                <tr key={row.id}>
                  <td>{contacts[row.uid]?.Name ?? contacts[row.uid]?.Email ?? row.uid}</td>
                  <td>{row.terms.name}</td>
                  <td>{at === undefined ? '' : format.date(formatDate(at, timeZone))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {page.hasMore && (
        <Button size="s" variant="secondary" onClick={page.loadMore}>
          {t('loadMore')}
        </Button>
      )}
    </Card>
  );
}
