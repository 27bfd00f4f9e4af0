import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { DateRangeFields, isDateRange } from '../../../components/ui/date-range-fields';
import { Field } from '../../../components/ui/field';
import { addDays, formatDate, monthYear, planRollup, settingsFromStored } from '@studio/core';
import type {
  ClassFigures,
  CreditKind,
  LiabilityFigures,
  Plan,
  PlanRollupRow,
  RevenueFigures,
} from '@studio/core';
import { useFormat } from '../../../lib/format';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { CREDIT_KIND_LABELS, PAYMENT_KIND_LABELS, paymentWords } from '../../../lib/payment-words';
import type { InsightsApi } from '../api/insights-api';
import {
  DIMENSIONS,
  byDimension,
  classTotals,
  defaultFilter,
  filteredRows,
  insightsCsv,
  latestLiability,
  netRevenue,
  parsePeriods,
  periodRange,
  periodSummaries,
  rangeTotals,
  rates,
  revenueBy,
  revenueTotal,
} from '../insights';
import type { Dimension, InsightsFilter } from '../insights';
import { insightsMessages } from '../insights-messages';
import type { InsightsKey } from '../insights-messages';
import { BarChart } from './bar-chart';
import '../insights.css';

interface InsightsDashboardProps {
  api: InsightsApi;
  /** Hands the CSV to the person (a download in the app). */
  download: (fileName: string, csv: string) => void;
  now?: () => number;
  /** The branch a branch manager's account is scoped to: its classes only; null = the chain. */
  branchScope?: string | null;
}

const DIMENSION_LABELS: Record<Dimension, InsightsKey> = {
  exercise: 'dimExercise',
  coach: 'dimCoach',
  hour: 'dimHour',
  branch: 'dimBranch',
};

/** Catalogue node → id → display name (the id when the item has no name). */
function namesOf(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([id, item]) => {
      const name = (item as { name?: unknown } | null)?.name;
      return [id, typeof name === 'string' && name !== '' ? name : id];
    }),
  );
}

/**
 * admin-insights: the nightly rollups over a chosen range, filtered by branch, coach and class
 * type; summary figures, charts with table alternatives, breakdowns and a CSV.
 */
export function InsightsDashboard({
  api,
  download,
  now = Date.now,
  branchScope = null,
}: InsightsDashboardProps) {
  // A branch manager reads their branch's class figures only (Insights/branches/{branchId}).
  const scoped = branchScope !== null;
  const t = useT(insightsMessages);
  const pw = useT(paymentWords);
  const format = useFormat();
  const lang = useLangStore((state) => state.lang);
  // A day or month of the rollups in a sentence: "Sat 28 Nov", "November 2026".
  const periodWords = (key: string) =>
    key.length === 7 ? monthYear(`${key}-01`, lang) : format.date(key);
  const baseId = useId();
  const [chosen, setFilter] = useState<InsightsFilter>(() => defaultFilter(formatDate(now())));
  const filter = branchScope === null ? chosen : { ...chosen, branch: branchScope };
  const valid = isDateRange(filter);
  const range = valid ? periodRange(filter) : null;
  const stored = useLive<unknown>(
    range ? (onChange) => api.watchPeriods(range.granularity, range, onChange, branchScope) : null,
    undefined,
    [api, range?.granularity, range?.start, range?.end, branchScope],
  );
  const liabilityValue = useLive<unknown>(
    valid && !scoped ? (onChange) => api.watchLiability(addDays(filter.to, 1), onChange) : null,
    null,
    [api, valid ? filter.to : ''],
  );
  const branches = namesOf(
    useLive<unknown>((onChange) => api.watchNames('branches', onChange), null, [api]),
  );
  const coaches = namesOf(
    useLive<unknown>((onChange) => api.watchNames('coaches', onChange), null, [api]),
  );
  const exercises = namesOf(
    useLive<unknown>((onChange) => api.watchNames('exercises', onChange), null, [api]),
  );
  const { currency } = settingsFromStored(
    useLive<unknown>((onChange) => api.watchSettings(onChange), null, [api]),
  );
  const catalogue = useLive<Record<string, Plan>>(
    scoped ? null : (onChange) => api.watchPlans(onChange),
    {},
    [api, scoped],
  );
  const dimensionNames: Record<Dimension, Record<string, string>> = {
    branch: branches,
    coach: coaches,
    exercise: exercises,
    hour: {},
  };

  const periods = range ? parsePeriods(stored, range.granularity) : [];
  const rows = filteredRows(periods, filter);
  const totals = classTotals(rows);
  const totalRates = rates(totals);
  const summaries = periodSummaries(periods, filter);
  const range_ = rangeTotals(summaries);
  const revenue = revenueTotal(summaries.map((s) => s.revenue));
  const liability = latestLiability(liabilityValue);
  const plans = planRollup(periods, catalogue);
  const lastKey = periods.at(-1)?.key;

  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  const number = new Intl.NumberFormat(lang);
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency });
  const pct = (value: number | null) => (value === null ? t('none') : percent.format(value));
  const cents = (value: number) => money.format(value / 100);
  const centsIn = (value: number, of: string) =>
    new Intl.NumberFormat(lang, { style: 'currency', currency: of }).format(value / 100);
  /** Sums per currency ("MX$1,200.00 + US$40.00"); nothing to sum reads as zero. */
  const byCurrency = (totals: Record<string, number>) => {
    const entries = Object.entries(totals);
    return entries.length === 0
      ? cents(0)
      : entries.map(([of, value]) => centsIn(value, of)).join(' + ');
  };
  const planMoney = (row: PlanRollupRow, value: number | null) =>
    value === null || row.plan === undefined ? t('none') : centsIn(value, row.plan.currency);
  const set = (patch: Partial<InsightsFilter>) => setFilter({ ...filter, ...patch });
  const periodWord = t(range?.granularity === 'month' ? 'month' : 'day');

  const select = (
    key: 'branch' | 'coach' | 'exercise',
    names: Record<string, string>,
    label: InsightsKey,
  ) => (
    <Field label={t(label)}>
      <select
        id={`${baseId}-${key}`}
        value={filter[key]}
        onChange={(event) => set({ [key]: event.target.value })}
      >
        <option value="">{t('all')}</option>
        {Object.entries(names).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );

  type DimensionRow = { value: string; figures: ClassFigures };
  const countColumn = (
    id: string,
    label: InsightsKey,
    pick: (figures: ClassFigures) => number,
  ): DataTableColumn<DimensionRow> => ({
    id,
    header: t(label),
    align: 'end',
    sortValue: (row) => pick(row.figures),
    cell: (row) => number.format(pick(row.figures)),
  });
  const rateColumn = (
    id: 'occupancy' | 'attendance',
    label: InsightsKey,
  ): DataTableColumn<DimensionRow> => ({
    id,
    header: t(label),
    align: 'end',
    sortValue: (row) => rates(row.figures)[id] ?? -1,
    cell: (row) => pct(rates(row.figures)[id]),
  });
  const dimensionColumns = (dimension: Dimension): DataTableColumn<DimensionRow>[] => [
    {
      id: 'value',
      header: t(DIMENSION_LABELS[dimension]),
      rowHeader: true,
      sortValue: (row) => row.value,
      cell: (row) => dimensionNames[dimension][row.value] ?? row.value,
    },
    countColumn('held', 'classesHeld', (figures) => figures.held),
    countColumn('booked', 'booked', (figures) => figures.booked),
    rateColumn('occupancy', 'occupancy'),
    rateColumn('attendance', 'attendance'),
    countColumn('noShow', 'noShows', (figures) => figures.noShow),
    countColumn('late', 'lateCancels', (figures) => figures.lateCancels),
    countColumn('turnedAway', 'turnedAway', (figures) => figures.turnedAway),
  ];

  /** A purchase kind in words, as on lista-pagos; a kind this app does not know stays as stored. */
  const kindWord = (key: string): string =>
    Object.hasOwn(PAYMENT_KIND_LABELS, key)
      ? pw(PAYMENT_KIND_LABELS[key as keyof typeof PAYMENT_KIND_LABELS])
      : key;
  const revenueColumns = (
    header: InsightsKey,
    label: (key: string) => string = (key) => key,
  ): DataTableColumn<{ key: string; figures: RevenueFigures }>[] => [
    { id: 'key', header: t(header), rowHeader: true, cell: (row) => label(row.key) },
    {
      id: 'payments',
      header: t('payments'),
      align: 'end',
      sortValue: (row) => row.figures.payments,
      cell: (row) => number.format(row.figures.payments),
    },
    {
      id: 'gross',
      header: t('gross'),
      align: 'end',
      sortValue: (row) => row.figures.gross,
      cell: (row) => cents(row.figures.gross),
    },
    {
      id: 'discount',
      header: t('discount'),
      align: 'end',
      cell: (row) => cents(row.figures.discount),
    },
    {
      id: 'refunded',
      header: t('refunded'),
      align: 'end',
      cell: (row) => cents(row.figures.refunded),
    },
    {
      id: 'net',
      header: t('net'),
      align: 'end',
      sortValue: (row) => netRevenue(row.figures),
      cell: (row) => cents(netRevenue(row.figures)),
    },
  ];

  const allSummaryItems: [InsightsKey, string][] = [
    ['classesHeld', number.format(totals.held)],
    ['classesCancelled', number.format(totals.cancelled)],
    ['occupancy', pct(totalRates.occupancy)],
    ['attendance', pct(totalRates.attendance)],
    ['noShows', pct(totalRates.noShow)],
    ['lateCancels', number.format(totals.lateCancels)],
    ['turnedAway', number.format(totals.turnedAway)],
    ['netRevenue', cents(netRevenue(revenue))],
    ['newMembers', number.format(range_.firstVisits)],
    [
      'conversion',
      range_.firstVisits > 0 ? pct(range_.secondVisits / range_.firstVisits) : t('none'),
    ],
    ['lapsed', number.format(range_.lapsed)],
    ['subscribers', number.format(range_.subscribersAtEnd)],
    ['started', number.format(range_.started)],
    ['churned', number.format(range_.churned)],
    ['planMembers', number.format(plans.members + plans.frozen + plans.comped)],
    ['mrr', byCurrency(plans.mrr)],
    ['planChurn', pct(plans.churnRate)],
  ];
  // The chain's members and plans are not a branch manager's: their branch's classes and the
  // money of its payments only.
  const summaryItems = scoped ? allSummaryItems.slice(0, 8) : allSummaryItems;

  const planCount = (
    id: string,
    label: InsightsKey,
    pick: (row: PlanRollupRow) => number,
  ): DataTableColumn<PlanRollupRow> => ({
    id,
    header: t(label),
    align: 'end',
    sortValue: pick,
    cell: (row) => number.format(pick(row)),
  });
  const planColumns: DataTableColumn<PlanRollupRow>[] = [
    {
      id: 'plan',
      header: t('plan'),
      rowHeader: true,
      sortValue: (row) => row.name,
      cell: (row) => row.name,
    },
    planCount('members', 'planRunning', (row) => row.members),
    planCount('frozen', 'planFrozen', (row) => row.frozen),
    planCount('comped', 'planComped', (row) => row.comped),
    {
      id: 'mrr',
      header: t('planMrr'),
      align: 'end',
      sortValue: (row) => row.mrr ?? -1,
      cell: (row) => planMoney(row, row.mrr),
    },
    {
      id: 'frozenMrr',
      header: t('planFrozenMrr'),
      align: 'end',
      sortValue: (row) => row.frozenMrr ?? -1,
      cell: (row) => planMoney(row, row.frozenMrr),
    },
    planCount('started', 'planStarted', (row) => row.started),
    planCount('churned', 'planChurned', (row) => row.churned),
    {
      id: 'churnRate',
      header: t('planChurnRate'),
      align: 'end',
      sortValue: (row) => row.churnRate ?? -1,
      cell: (row) => pct(row.churnRate),
    },
  ];

  return (
    <section aria-labelledby={`${baseId}-title`} className="admin-page insights">
      <h1 id={`${baseId}-title`}>{t('title')}</h1>
      <p className="insights-intro">
        {scoped ? t('branchOnly', { branch: branches[branchScope] ?? '' }) : t('intro')}
      </p>
      <form
        className="card ui-form ui-form-grid ui-form-pairs"
        aria-label={t('filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <DateRangeFields
          idPrefix={baseId}
          value={{ from: filter.from, to: filter.to }}
          onChange={(range) => set(range)}
        />
        {!scoped && select('branch', branches, 'branch')}
        {select('coach', coaches, 'coach')}
        {select('exercise', exercises, 'exercise')}
      </form>
      {!valid ? (
        <p role="alert">{t('badRange')}</p>
      ) : stored === undefined ? (
        <p role="status">{t('loading')}</p>
      ) : periods.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          <div className="insights-actions">
            <Button
              variant="secondary"
              onClick={() =>
                download(
                  `insights-${filter.from}-${filter.to}.csv`,
                  insightsCsv(summaries, { branch: scoped }),
                )
              }
            >
              {t('exportCsv')}
            </Button>
          </div>
          <h2>{t('summary')}</h2>
          <dl className="insights-summary">
            {summaryItems.map(([key, value]) => (
              <div key={key} className="insights-figure card">
                <dt>{t(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {!scoped && <p className="insights-note">{t('studioWide')}</p>}
          <div className="insights-charts">
            <BarChart
              title={t('occupancyChart', { period: periodWord })}
              data={summaries.map((s) => ({
                label: periodWords(s.key),
                value: rates(s.classes).occupancy,
              }))}
              format={(v) => percent.format(v)}
              labelHeader={t('period')}
              valueHeader={t('occupancy')}
              tableToggle={t('showTable')}
              none={t('none')}
            />
            <BarChart
              title={t('revenueChart', { period: periodWord })}
              data={summaries.map((s) => ({
                label: periodWords(s.key),
                value: netRevenue(s.revenue),
              }))}
              format={cents}
              labelHeader={t('period')}
              valueHeader={t('net')}
              tableToggle={t('showTable')}
              none={t('none')}
            />
            {!scoped && (
              <>
                <BarChart
                  title={t('activeChart', { period: periodWord })}
                  data={summaries.map((s) => ({
                    label: periodWords(s.key),
                    value: s.members.active,
                  }))}
                  format={(v) => number.format(v)}
                  labelHeader={t('period')}
                  valueHeader={t('active')}
                  tableToggle={t('showTable')}
                  none={t('none')}
                />
              </>
            )}
          </div>
          {DIMENSIONS.filter((dimension) => !scoped || dimension !== 'branch').map((dimension) => (
            <div key={dimension} className="insights-block">
              <h2>{t('byDimension', { dimension: t(DIMENSION_LABELS[dimension]) })}</h2>
              <DataTable
                caption={t('byDimension', { dimension: t(DIMENSION_LABELS[dimension]) })}
                columns={dimensionColumns(dimension)}
                rows={byDimension(rows, dimension)}
                rowKey={(row) => row.value}
                pageSize={12}
              />
            </div>
          ))}
          <div className="insights-block">
            <h2>{t('revenueByKind')}</h2>
            <DataTable
              caption={t('revenueByKind')}
              columns={revenueColumns('kind', kindWord)}
              rows={revenueBy(periods, 'byKind')}
              rowKey={(row) => row.key}
              empty={<p className="ui-muted">{t('noRevenue')}</p>}
            />
          </div>
          <div className="insights-block">
            <h2>{t('revenueByCoupon')}</h2>
            <DataTable
              caption={t('revenueByCoupon')}
              columns={revenueColumns('coupon')}
              rows={revenueBy(periods, 'byCoupon')}
              rowKey={(row) => row.key}
              empty={<p className="ui-muted">{t('noCouponRevenue')}</p>}
            />
          </div>
          {!scoped && (
            <>
              <div className="insights-block">
                <h2>{t('members')}</h2>
                <DataTable
                  caption={t('members')}
                  columns={[
                    {
                      id: 'period',
                      header: t('period'),
                      rowHeader: true,
                      cell: (s) => <span className="insights-period">{periodWords(s.key)}</span>,
                    },
                    {
                      id: 'active',
                      header: t('active'),
                      align: 'end',
                      cell: (s) => s.members.active,
                    },
                    {
                      id: 'first',
                      header: t('firstVisits'),
                      align: 'end',
                      cell: (s) => s.members.firstVisits,
                    },
                    {
                      id: 'second',
                      header: t('secondVisits'),
                      align: 'end',
                      cell: (s) => s.members.secondVisits,
                    },
                    {
                      id: 'lapsed',
                      header: t('lapsed'),
                      align: 'end',
                      cell: (s) => s.members.lapsed,
                    },
                    {
                      id: 'subscribers',
                      header: t('subscribers'),
                      align: 'end',
                      cell: (s) => s.subscriptions.active,
                    },
                    {
                      id: 'started',
                      header: t('started'),
                      align: 'end',
                      cell: (s) => s.subscriptions.started,
                    },
                    {
                      id: 'churned',
                      header: t('churned'),
                      align: 'end',
                      cell: (s) => s.subscriptions.churned,
                    },
                  ]}
                  rows={summaries}
                  rowKey={(s) => s.key}
                  pageSize={31}
                />
              </div>
              <div className="insights-block">
                <h2>{t('plans')}</h2>
                <p className="insights-note">
                  {t('plansNote', {
                    date: lastKey === undefined ? t('none') : periodWords(lastKey),
                  })}
                </p>
                <DataTable
                  caption={t('plans')}
                  columns={planColumns}
                  rows={plans.rows}
                  rowKey={(row) => row.planId}
                  empty={<p>{t('noPlans')}</p>}
                />
              </div>
            </>
          )}
        </>
      )}
      {valid && !scoped && (
        <div className="insights-block">
          <h2>{t('liability', { date: liability ? format.date(liability.date) : t('none') })}</h2>
          {liability === null ? (
            <p>{t('noLiability')}</p>
          ) : (
            <DataTable
              caption={t('liability', { date: format.date(liability.date) })}
              columns={[
                {
                  id: 'kind',
                  header: t('creditKind'),
                  rowHeader: true,
                  cell: (row) => pw(CREDIT_KIND_LABELS[row[0]]),
                },
                {
                  id: 'outstanding',
                  header: t('outstanding'),
                  align: 'end',
                  cell: (row) => number.format(row[1].outstanding),
                },
                {
                  id: 'expiring7',
                  header: t('expiring7'),
                  align: 'end',
                  cell: (row) => number.format(row[1].expiring7),
                },
                {
                  id: 'expiring30',
                  header: t('expiring30'),
                  align: 'end',
                  cell: (row) => number.format(row[1].expiring30),
                },
              ]}
              rows={Object.entries(liability.byKind) as [CreditKind, LiabilityFigures][]}
              rowKey={(row) => row[0]}
            />
          )}
        </div>
      )}
    </section>
  );
}
