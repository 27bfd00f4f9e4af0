import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  ANY_EXERCISE,
  MAX_PAY_TIERS,
  addDays,
  coachPayReportInput,
  formatDate,
} from '@studio/core';
import type {
  Coach,
  CoachPay,
  CoachPayRate,
  CoachPayReportInput,
  Exercise,
  PayLine,
} from '@studio/core';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { DateInput } from '../../../components/ui/date-input';
import { DateRangeFields, isDateRange } from '../../../components/ui/date-range-fields';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { NameOptions } from '../../../components/ui/name-options';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { CoachPayApi } from '../api/coach-pay-api';
import {
  emptyDraft,
  payReportCsv,
  rateDraftInput,
  rateRows,
  reportTotals,
  ruleParts,
} from '../coach-pay';
import type { RateDraft, RateErrorKey, RateField, RateRow, RateStanding } from '../coach-pay';
import { coachPayMessages } from '../coach-pay-messages';
import './coach-pay.css';
import { FailureText } from '../../../components/ui/failure-text';

interface CoachPayScreenProps {
  api: CoachPayApi;
  /** Hands the CSV to the person (a download in the app). */
  download: (fileName: string, csv: string) => void;
  now?: () => number;
}

type ReportState =
  { key: string; coaches: CoachPay[] } | { key: string; failed: ErrorText } | undefined;

/** The report of `input`, asked again when it or `round` changes (a rate saved, a retry). */
function useReport(api: CoachPayApi, input: CoachPayReportInput | null, round: number) {
  const key = input === null ? '' : `${round}|${JSON.stringify(input)}`;
  const [state, setState] = useState<ReportState>(undefined);
  useEffect(() => {
    if (key === '') return undefined;
    let current = true;
    const asked = JSON.parse(key.slice(key.indexOf('|') + 1)) as CoachPayReportInput;
    api.report(asked).then(
      ({ coaches }) => {
        if (current) setState({ key, coaches });
      },
      (error: unknown) => {
        console.error('coach pay report not made', error);
        if (current) setState({ key, failed: callableErrorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [api, key]);
  return state !== undefined && state.key === key ? state : undefined;
}

/**
 * admin-coach-pay: the pay report of a period per coach (classes taught, attendees,
 * substitutions, amount, each class) with its CSV, and the pay rates with a form for a new one.
 */
export function CoachPayScreen({ api, download, now = Date.now }: CoachPayScreenProps) {
  const t = useT(coachPayMessages);
  const [today] = useState(() => formatDate(now()));
  const coaches = useLive<Record<string, Coach> | undefined>(
    (onChange) => api.watchCoaches(onChange),
    undefined,
    [api],
  );
  const exercises = useLive<Record<string, Exercise>>(
    (onChange) => api.watchExercises(onChange),
    {},
    [api],
  );
  const rates = useLive<Record<string, Record<string, CoachPayRate>> | undefined>(
    (onChange) => api.watchRates(onChange),
    undefined,
    [api],
  );
  const [round, setRound] = useState(0);
  const [tab, setTab] = useState<'report' | 'rates'>('report');
  return (
    <section aria-labelledby="coach-pay-title" className="admin-page coach-pay">
      <h1 id="coach-pay-title">{t('title')}</h1>
      <p className="ui-muted coach-pay-intro">{t('intro')}</p>
      <Tabs
        label={t('sections')}
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'report',
            label: t('reportTab'),
            content: (
              <PayReport
                api={api}
                coaches={coaches ?? {}}
                download={download}
                today={today}
                round={round}
                onRetry={() => setRound(round + 1)}
              />
            ),
          },
          {
            value: 'rates',
            label: t('ratesTab'),
            content: (
              <PayRates
                api={api}
                coaches={coaches}
                exercises={exercises}
                rates={rates}
                today={today}
                onSaved={() => setRound(round + 1)}
              />
            ),
          },
        ]}
      />
    </section>
  );
}

function PayReport({
  api,
  coaches,
  download,
  today,
  round,
  onRetry,
}: {
  api: CoachPayApi;
  coaches: Record<string, Coach>;
  download: (fileName: string, csv: string) => void;
  today: string;
  round: number;
  onRetry: () => void;
}) {
  const t = useT(coachPayMessages);
  const tp = useT();
  const format = useFormat();
  const baseId = useId();
  // The month so far: studios pay monthly or by halves of it.
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [coachId, setCoachId] = useState('');
  const validRange = isDateRange(range);
  const parsed = coachPayReportInput.safeParse({
    ...range,
    ...(coachId === '' ? {} : { coachId }),
  });
  const report = useReport(api, validRange && parsed.success ? parsed.data : null, round);
  const money = (cents: number, currency: string) => format.money(cents, currency);

  const lineColumns = (pay: CoachPay): DataTableColumn<PayLine>[] => [
    {
      id: 'date',
      header: t('date'),
      sortValue: (line) => `${line.date} ${line.hour}`,
      cell: (line) => format.date(line.date),
    },
    { id: 'hour', header: t('hour'), cell: (line) => line.hour },
    {
      id: 'class',
      header: t('className'),
      rowHeader: true,
      sortValue: (line) => line.title,
      cell: (line) => (
        <span className="coach-pay-class">
          {line.title}
          {line.substitute && <Badge tone="primary">{t('asSubstitute')}</Badge>}
          {line.rateId === undefined && <Badge tone="warning">{t('noRate')}</Badge>}
        </span>
      ),
    },
    {
      id: 'attendees',
      header: t('attendees'),
      align: 'end',
      sortValue: (line) => line.attendees,
      cell: (line) => line.attendees,
    },
    {
      id: 'amount',
      header: t('amount'),
      align: 'end',
      sortValue: (line) => line.amount,
      cell: (line) => money(line.amount, pay.currency),
    },
  ];

  const shown = report !== undefined && 'coaches' in report ? report.coaches : undefined;
  const totals = shown ? reportTotals(shown) : undefined;
  const currency = shown?.[0]?.currency ?? 'USD';
  const lineCount = shown?.reduce((sum, pay) => sum + pay.lines.length, 0) ?? 0;

  return (
    <div className="coach-pay-panel">
      <form
        className="card ui-form ui-form-grid admin-filters"
        aria-label={t('period')}
        onSubmit={(event) => event.preventDefault()}
      >
        <DateRangeFields idPrefix={baseId} value={range} onChange={setRange} />
        <Field label={t('coach')}>
          <select
            id={`${baseId}-coach`}
            value={coachId}
            onChange={(event) => setCoachId(event.target.value)}
          >
            <option value="">{t('allCoaches')}</option>
            <NameOptions items={coaches} />
          </select>
        </Field>
      </form>
      {!validRange && (
        <p role="alert" className="form-error">
          {t('badRange')}
        </p>
      )}
      {validRange && !parsed.success && (
        <p role="alert" className="form-error">
          {t('tooLong')}
        </p>
      )}
      {validRange && parsed.success && report === undefined && (
        <>
          <p role="status">{t('loading')}</p>
          <Skeleton lines={4} height="2.5rem" />
        </>
      )}
      {report !== undefined && 'failed' in report && (
        <div role="alert" className="form-error">
          <p>
            {report.failed.key === 'internalError'
              ? t('failed')
              : tp(report.failed.key, report.failed.params)}
          </p>
          <Button variant="secondary" size="s" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      )}
      {shown && totals && (
        <>
          <Card
            as="section"
            className="coach-pay-totals"
            title={t('totals')}
            actions={
              <Button
                variant="secondary"
                size="s"
                disabled={lineCount === 0}
                onClick={() =>
                  download(`coach-pay-${range.from}-${range.to}.csv`, payReportCsv(shown))
                }
              >
                {t('downloadCsv')}
              </Button>
            }
          >
            <p className="ui-muted">
              {t('periodLine', {
                from: format.longDate(range.from),
                to: format.longDate(range.to),
              })}
            </p>
            <dl className="coach-pay-figures">
              <Figure label={t('classes')} value={String(totals.classes)} />
              <Figure label={t('attendees')} value={String(totals.attendees)} />
              <Figure label={t('substitutions')} value={String(totals.substitutions)} />
              <Figure label={t('amount')} value={money(totals.amount, currency)} />
            </dl>
          </Card>
          {shown.length === 0 ? (
            <EmptyState title={t('empty')} description={t('emptyHint')} />
          ) : (
            <ul className="coach-pay-coaches" aria-label={t('perCoach')}>
              {shown.map((pay) => {
                const unrated = pay.lines.filter((line) => line.rateId === undefined).length;
                return (
                  <Card
                    as="li"
                    key={pay.coachId}
                    className="coach-pay-coach"
                    aria-label={pay.name}
                    data-testid={`coach-pay-${pay.coachId}`}
                  >
                    <div className="coach-pay-coach-head">
                      <h2 className="ui-card-title">{pay.name}</h2>
                      <span className="coach-pay-amount">{money(pay.amount, pay.currency)}</span>
                    </div>
                    <dl className="coach-pay-figures coach-pay-figures-s">
                      <Figure label={t('classes')} value={String(pay.classes)} />
                      <Figure label={t('attendees')} value={String(pay.attendees)} />
                      <Figure label={t('substitutions')} value={String(pay.substitutions)} />
                      <Figure label={t('covered')} value={String(pay.coveredByOthers)} />
                    </dl>
                    {unrated > 0 && (
                      <p className="coach-pay-warning">{t('noRateNote', { count: unrated })}</p>
                    )}
                    {pay.lines.length > 0 && (
                      <details className="coach-pay-lines">
                        <summary>{t('showClasses')}</summary>
                        <DataTable
                          caption={t('classesOf', { name: pay.name })}
                          columns={lineColumns(pay)}
                          rows={pay.lines}
                          rowKey={(line) => line.classId}
                          initialSort={{ columnId: 'date', direction: 'ascending' }}
                          pageSize={31}
                        />
                      </details>
                    )}
                  </Card>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="coach-pay-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const STANDING_TONES: Record<RateStanding, BadgeTone> = {
  'in-effect': 'success',
  scheduled: 'primary',
  replaced: 'neutral',
};

function PayRates({
  api,
  coaches,
  exercises,
  rates,
  today,
  onSaved,
}: {
  api: CoachPayApi;
  coaches: Record<string, Coach> | undefined;
  exercises: Record<string, Exercise>;
  rates: Record<string, Record<string, CoachPayRate>> | undefined;
  today: string;
  onSaved: () => void;
}) {
  const t = useT(coachPayMessages);
  const format = useFormat();
  const names = Object.fromEntries(
    Object.entries(coaches ?? {}).map(([id, coach]) => [id, coach.name]),
  );
  const typeName = (exercise: string) =>
    exercise === ANY_EXERCISE ? t('anyType') : (exercises[exercise]?.name ?? exercise);
  const words = {
    perClass: (params: { amount: string }) => t('rulePerClass', params),
    perHead: (params: { amount: string }) => t('rulePerHead', params),
    perHeadFrom: (params: { amount: string; from: number }) => t('rulePerHeadFrom', params),
    bonus: (params: { amount: string; over: number }) => t('ruleBonus', params),
    minimum: (params: { amount: string }) => t('ruleMinimum', params),
    nothing: () => t('ruleNothing'),
  };
  const rows = rates === undefined ? undefined : rateRows(rates, names, today);
  const columns: DataTableColumn<RateRow>[] = [
    {
      id: 'coach',
      header: t('coach'),
      rowHeader: true,
      sortValue: (row) => row.coachName,
      cell: (row) => row.coachName,
    },
    {
      id: 'type',
      header: t('classType'),
      sortValue: (row) => typeName(row.rate.exercise),
      cell: (row) => typeName(row.rate.exercise),
    },
    {
      id: 'from',
      header: t('effectiveFrom'),
      sortValue: (row) => row.rate.effectiveFrom,
      cell: (row) => format.date(row.rate.effectiveFrom),
    },
    {
      id: 'rule',
      header: t('rule'),
      cell: (row) =>
        ruleParts(row.rate.rule, (cents) => format.money(cents, row.rate.currency), words).join(
          ' · ',
        ),
    },
    {
      id: 'standing',
      header: t('standing'),
      sortValue: (row) => row.standing,
      cell: (row) => (
        <Badge tone={STANDING_TONES[row.standing]}>
          {row.standing === 'in-effect'
            ? t('inEffect')
            : row.standing === 'scheduled'
              ? t('scheduled', { date: format.date(row.rate.effectiveFrom) })
              : t('replaced')}
        </Badge>
      ),
    },
  ];
  return (
    <div className="coach-pay-panel coach-pay-rates">
      <Card as="section" title={t('ratesTitle')} className="coach-pay-rate-list">
        {rows === undefined ? (
          <Skeleton lines={3} height="2.5rem" />
        ) : (
          <DataTable
            caption={t('ratesTitle')}
            columns={columns}
            rows={rows}
            rowKey={(row) => `${row.coachId}/${row.rateId}`}
            empty={<EmptyState title={t('noRates')} description={t('noRatesHint')} />}
            pageSize={25}
          />
        )}
      </Card>
      <RateForm
        api={api}
        coaches={coaches ?? {}}
        exercises={exercises}
        today={today}
        onSaved={onSaved}
      />
    </div>
  );
}

function RateForm({
  api,
  coaches,
  exercises,
  today,
  onSaved,
}: {
  api: CoachPayApi;
  coaches: Record<string, Coach>;
  exercises: Record<string, Exercise>;
  today: string;
  onSaved: () => void;
}) {
  const t = useT(coachPayMessages);
  const format = useFormat();
  const base = useId();
  const [draft, setDraft] = useState<RateDraft>(() => emptyDraft(today));
  const [errors, setErrors] = useState<Partial<Record<RateField, RateErrorKey>>>({});
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<RateDraft>) => {
    setDraft({ ...draft, ...patch });
    setSaved(null);
  };
  const error = (field: RateField) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };
  const setTier = (index: number, patch: Partial<RateDraft['tiers'][number]>) =>
    set({ tiers: draft.tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaved(null);
    const result = rateDraftInput(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.saveRate(result.input);
      setSaved(
        t('saved', {
          name: coaches[result.input.coachId]?.name ?? result.input.coachId,
          date: format.longDate(result.input.effectiveFrom),
        }),
      );
      setDraft({ ...emptyDraft(today), coachId: draft.coachId, exercise: draft.exercise });
      onSaved();
    } catch (caught) {
      setFailure(callableErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const amount = (field: 'perClass' | 'minimum' | 'bonusAmount', label: string, hint?: string) => (
    <Field label={label} hint={hint} error={error(field)}>
      <input
        id={`${base}-${field}`}
        name={field}
        inputMode="decimal"
        autoComplete="off"
        value={draft[field]}
        onChange={(event) => set({ [field]: event.target.value })}
      />
    </Field>
  );

  return (
    <Card as="section" title={t('newRate')} className="coach-pay-form">
      <p className="ui-muted">{t('newRateIntro')}</p>
      <form
        className="ui-form"
        aria-label={t('newRate')}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <div className="ui-form-grid">
          <Field label={t('coach')} error={error('coachId')} required>
            <select
              id={`${base}-coach`}
              name="coachId"
              value={draft.coachId}
              onChange={(event) => set({ coachId: event.target.value })}
            >
              <option value="">{t('chooseCoach')}</option>
              <NameOptions items={coaches} />
            </select>
          </Field>
          <Field label={t('classType')} error={error('exercise')}>
            <select
              id={`${base}-exercise`}
              name="exercise"
              value={draft.exercise}
              onChange={(event) => set({ exercise: event.target.value })}
            >
              <option value={ANY_EXERCISE}>{t('anyType')}</option>
              <NameOptions items={exercises} />
            </select>
          </Field>
          <Field label={t('effectiveFrom')} error={error('effectiveFrom')} required>
            <DateInput
              id={`${base}-from`}
              value={draft.effectiveFrom}
              min={addDays(today, -366)}
              onChange={(effectiveFrom) => set({ effectiveFrom })}
            />
          </Field>
          {amount('perClass', t('perClassField'), t('perClassHint'))}
          {amount('minimum', t('minimum'), t('minimumHint'))}
        </div>
        <fieldset className="ui-form-section coach-pay-tiers">
          <legend className="ui-form-section-title">{t('tiers')}</legend>
          <p className="ui-field-hint">{t('tiersHint')}</p>
          {error('tiers') && <p className="field-error">{error('tiers')}</p>}
          {draft.tiers.map((tier, index) => (
            <div className="coach-pay-tier" key={index}>
              <Field label={t('tierFrom')} error={error(`tierFrom${index}`)}>
                <input
                  id={`${base}-tier-from-${index}`}
                  name={`tierFrom${index}`}
                  inputMode="numeric"
                  value={tier.from}
                  onChange={(event) => setTier(index, { from: event.target.value })}
                />
              </Field>
              <Field label={t('tierAmount')} error={error(`tierAmount${index}`)}>
                <input
                  id={`${base}-tier-amount-${index}`}
                  name={`tierAmount${index}`}
                  inputMode="decimal"
                  value={tier.amount}
                  onChange={(event) => setTier(index, { amount: event.target.value })}
                />
              </Field>
              <Button
                variant="ghost"
                size="s"
                aria-label={t('removeTier', { n: index + 1 })}
                onClick={() => set({ tiers: draft.tiers.filter((_, i) => i !== index) })}
              >
                ×
              </Button>
            </div>
          ))}
          {draft.tiers.length < MAX_PAY_TIERS && (
            <Button
              variant="secondary"
              size="s"
              onClick={() =>
                set({
                  tiers: [
                    ...draft.tiers,
                    { from: draft.tiers.length === 0 ? '1' : '', amount: '' },
                  ],
                })
              }
            >
              {t('addTier')}
            </Button>
          )}
        </fieldset>
        <div className="ui-form-grid">
          <Field label={t('bonusOver')} hint={t('bonusOverHint')} error={error('bonusOver')}>
            <input
              id={`${base}-bonusOver`}
              name="bonusOver"
              inputMode="numeric"
              value={draft.bonusOver}
              onChange={(event) => set({ bonusOver: event.target.value })}
            />
          </Field>
          {amount('bonusAmount', t('bonusAmount'), t('bonusAmountHint'))}
        </div>
        <FailureText failure={failure} />
        {saved && (
          <p role="status" className="form-success">
            {saved}
          </p>
        )}
        <div className="ui-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('saving') : t('saveRate')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
