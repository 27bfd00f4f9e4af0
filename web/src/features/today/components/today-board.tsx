import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type {
  ClassPhase,
  Coach,
  CurrencyTotals,
  Exercise,
  Roster,
  StudioClass,
} from '@studio/core';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { TodayApi } from '../api/today-api';
import { todayMessages } from '../today-messages';
import type { TodayClassRow } from '../today';
import { countOf, nextClassId, todayAlerts, todayClassRows, todaySummary } from '../today';
import '../today.css';

/** How many failed mails or past-due plans the board reads at most (it counts, never lists). */
const ALERT_LIMIT = 50;

const PHASE: Record<
  ClassPhase,
  { key: 'phaseUpcoming' | 'phaseInProgress' | 'phaseEnded' | 'phaseCancelled'; tone: BadgeTone }
> = {
  upcoming: { key: 'phaseUpcoming', tone: 'neutral' },
  'in-progress': { key: 'phaseInProgress', tone: 'primary' },
  ended: { key: 'phaseEnded', tone: 'neutral' },
  cancelled: { key: 'phaseCancelled', tone: 'danger' },
};

export interface TodayBoardProps {
  api: TodayApi;
  now: () => number;
  /** More cards other parts of the app add to the board (the route composes them). */
  children?: ReactNode;
}

function useRosters(api: TodayApi, classIds: readonly string[]) {
  const [rosters, setRosters] = useState<Record<string, Roster>>({});
  const key = classIds.join(',');
  useEffect(() => {
    const stops = key
      .split(',')
      .filter(Boolean)
      .map((id) =>
        api.watchRoster(id, (roster) => setRosters((all) => ({ ...all, [id]: roster }))),
      );
    return () => stops.forEach((stop) => stop());
  }, [api, key]);
  return rosters;
}

function useSalesToday(api: TodayApi, today: string) {
  const [sales, setSales] = useState<{ day: string; totals: CurrencyTotals[] | 'refused' } | null>(
    null,
  );
  useEffect(() => {
    let live = true;
    api.sumPayments(today, today).then(
      (result) => live && setSales({ day: today, totals: result.totals }),
      () => live && setSales({ day: today, totals: 'refused' }),
    );
    return () => {
      live = false;
    };
  }, [api, today]);
  return sales?.day === today ? sales.totals : undefined;
}

/**
 * The workspace's home: today's classes with their fill and check-ins (the next one marked),
 * sales today, and what needs someone.
 */
export function TodayBoard({ api, now, children }: TodayBoardProps) {
  const t = useT(todayMessages);
  const format = useFormat(now);
  const { today } = format;
  const [clock] = useState(now);
  const classes = useLive<Record<string, StudioClass> | null>(
    (onChange) => api.watchClasses(today, today, onChange),
    null,
    [api, today],
  );
  const coaches = useLive<Record<string, Coach>>((on) => api.watchCoaches(on), {}, [api]);
  const exercises = useLive<Record<string, Exercise>>((on) => api.watchExercises(on), {}, [api]);
  const rosters = useRosters(api, classes ? Object.keys(classes).sort() : []);
  const failedMail = useLive<unknown>((on) => api.watchFailedMail(ALERT_LIMIT, on), undefined, [
    api,
  ]);
  const pastDue = useLive<unknown>((on) => api.watchPastDuePlans(ALERT_LIMIT, on), undefined, [
    api,
  ]);
  const sales = useSalesToday(api, today);

  const rows = classes ? todayClassRows(classes, rosters, coaches, exercises, clock) : null;
  const summary = rows ? todaySummary(rows) : null;
  const current = rows ? nextClassId(rows) : undefined;
  const alerts = todayAlerts(
    failedMail === undefined ? undefined : countOf(failedMail, ALERT_LIMIT),
    pastDue === undefined ? undefined : countOf(pastDue, ALERT_LIMIT),
  );

  return (
    <section className="page today" aria-labelledby="today-title">
      <header className="today-header">
        <h1 id="today-title">{t('title')}</h1>
        <p className="today-date">{format.longDate(today)}</p>
      </header>

      <div className="today-figures" aria-live="polite">
        <Figure label={t('classesToday')} value={summary ? String(summary.classes) : null} />
        <Figure
          label={t('booked')}
          value={
            summary ? t('bookedOf', { booked: summary.booked, capacity: summary.capacity }) : null
          }
        />
        <Figure label={t('checkedIn')} value={summary ? String(summary.checkedIn) : null} />
        <Figure
          label={t('salesToday')}
          value={
            sales === undefined
              ? null
              : sales === 'refused'
                ? '—'
                : sales.length === 0
                  ? format.money(0, 'USD')
                  : sales.map((total) => format.money(total.net, total.currency)).join(' · ')
          }
        />
      </div>

      <div className="today-grid">
        <Card as="section" className="today-card today-classes" title={t('classesToday')}>
          {rows === null ? (
            <Skeleton height="240px" shape="block" />
          ) : rows.length === 0 ? (
            <EmptyState
              title={t('noClassesToday')}
              action={
                <Link
                  href={paths.crearClases.getHref({})}
                  className={buttonClass({ variant: 'secondary', size: 's' })}
                >
                  {t('scheduleClasses')}
                </Link>
              }
            />
          ) : (
            <ol className="plain-list today-class-list">
              {rows.map((row) => (
                <TodayClass key={row.id} row={row} current={row.id === current} />
              ))}
            </ol>
          )}
        </Card>

        <div className="today-side">
          <Card as="section" className="today-card" title={t('alerts')}>
            {failedMail === undefined && pastDue === undefined ? (
              <Skeleton height="48px" shape="block" />
            ) : alerts.length === 0 ? (
              <p className="today-muted">{t('allClear')}</p>
            ) : (
              <ul className="plain-list today-alerts">
                {alerts.map((alert) => (
                  <li key={alert.kind} className="today-alert">
                    <span>
                      {alert.kind === 'failed-mail'
                        ? alert.count === 1
                          ? t('failedMailOne')
                          : t('failedMail', { count: alert.count })
                        : alert.count === 1
                          ? t('pastDuePlansOne')
                          : t('pastDuePlans', { count: alert.count })}
                      {alert.more ? ` (${t('andMore')})` : ''}
                    </span>
                    <Link
                      className={buttonClass({ variant: 'secondary', size: 's' })}
                      href={
                        alert.kind === 'failed-mail'
                          ? paths.adminMail.getHref({})
                          : paths.adminSuscripcion.getHref({})
                      }
                    >
                      {t('review')}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card as="section" className="today-card" title={t('salesToday')}>
            {sales === undefined ? (
              <Skeleton height="48px" shape="block" />
            ) : sales === 'refused' ? (
              <p className="today-muted">{t('salesUnavailable')}</p>
            ) : sales.length === 0 ? (
              <p className="today-muted">{t('noSales')}</p>
            ) : (
              <ul className="plain-list">
                {sales.map((total) => (
                  <li key={total.currency} className="today-sale">
                    <strong>{format.money(total.net, total.currency)}</strong>
                    <span className="today-muted">
                      {total.count === 1 ? t('salesOne') : t('salesCount', { count: total.count })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Link href={paths.listaPagos.getHref({})}>{t('seePayments')}</Link>
          </Card>
          {children}
        </div>
      </div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="today-figure">
      <span className="today-figure-label">{label}</span>
      {value === null ? (
        <Skeleton height="32px" width="60%" />
      ) : (
        <span className="today-figure-value">{value}</span>
      )}
    </div>
  );
}

function TodayClass({ row, current }: { row: TodayClassRow; current: boolean }) {
  const t = useT(todayMessages);
  const phase = PHASE[row.phase];
  const listHref = paths.userListClass.getHref({
    fecha: row.date,
    hora: row.hour,
    key: row.id,
    coach: row.coachId,
    classtype: row.exerciseId,
  });
  return (
    <li className={current ? 'today-class is-current' : 'today-class'}>
      <div className="today-class-time">
        <strong>{row.hour}</strong>
        <span className="today-muted">{t('minutes', { minutes: row.duration })}</span>
      </div>
      <div className="today-class-main">
        <div className="today-class-title">
          <strong>{row.name}</strong>
          <Badge tone={current ? 'primary' : phase.tone}>
            {current && row.phase === 'upcoming' ? t('now') : t(phase.key)}
          </Badge>
        </div>
        <span className="today-muted">{row.coachName}</span>
        {row.phase !== 'cancelled' && (
          <div
            className="today-fill"
            role="img"
            aria-label={t('fillLabel', { booked: row.booked, capacity: row.capacity })}
          >
            <span style={{ width: `${Math.round(row.fill * 100)}%` }} />
          </div>
        )}
      </div>
      {row.phase !== 'cancelled' && (
        <dl className="today-class-counts">
          <div>
            <dt>{t('booked')}</dt>
            <dd>{t('bookedOf', { booked: row.booked, capacity: row.capacity })}</dd>
          </div>
          <div>
            <dt>{t('checkedIn')}</dt>
            <dd>{row.checkedIn ?? '…'}</dd>
          </div>
          {row.waiting > 0 && (
            <div>
              <dt>{t('waiting')}</dt>
              <dd>{row.waiting}</dd>
            </div>
          )}
        </dl>
      )}
      <div className="today-class-actions">
        <Link href={listHref} className={buttonClass({ variant: 'secondary', size: 's' })}>
          {t('list')}
          <span className="visually-hidden">
            {' '}
            {t('classOf', { hour: row.hour, name: row.name, coach: row.coachName })}
          </span>
        </Link>
      </div>
    </li>
  );
}
