import { scheduleMessages } from '../schedule-messages';
import type { DateString, StudioClass, UserClass, UserWaitlistEntry } from '@studio/core';
import { addDays, datesFrom, formatDate, schedulePageStart } from '@studio/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { useOnline } from '../../../lib/use-online';
import type { Catalog, ScheduleApi } from '../api/schedule-api';
import { useFormat } from '../../../lib/format';
import { ClassCard } from './class-card';
import { ClassDetail, type ClassDetailProps } from './class-detail';
import { DayStrip } from './day-strip';
import { ScheduleSkeleton } from './schedule-skeleton';
import './schedule.css';

export interface WeekScheduleProps {
  api: ScheduleApi;
  uid: string | null;
  waiverAccepted: boolean | null;
  now: () => number;
  loginHref: string;
  onWaiverNeeded: () => void;
  /** A class to open at once, on its week (`?class=`: a push's tap, a shared link). */
  openClassId?: string | null;
  /** The class sheet's push part (`ClassDetailProps.renderPush`). */
  renderPush?: ClassDetailProps['renderPush'];
}

const NO_USER_CLASSES: Record<string, UserClass> = {};
const NO_WAITING: Record<string, UserWaitlistEntry> = {};
const ALL = '';

/**
 * Spec route `calendario/{action}/{type}`: seven days at a time in the studio's time zone, from
 * today on (the days already past are a page back), one page downloaded at a time, filtered by
 * branch and class type. A class opens as a sheet with its live spot map.
 */
export function WeekSchedule(props: WeekScheduleProps) {
  const { api, uid, now } = props;
  const t = useT(scheduleMessages);
  const offlineT = useT(scheduleMessages);
  const online = useOnline();
  const branchId = useId();
  const typeId = useId();
  const [today] = useState(() => formatDate(now()));
  const [clock] = useState(now);
  const format = useFormat(now);
  const [first, setFirst] = useState(today);
  const [branch, setBranch] = useState(ALL);
  const [exercise, setExercise] = useState(ALL);
  const [selected, setSelected] = useState<string | null>(null);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const days = datesFrom(first, 7);
  const last = addDays(first, 6);
  const { openClassId } = props;

  useEffect(() => {
    if (!openClassId || !api.getClass) return;
    let current = true;
    api.getClass(openClassId).then(
      (cls) => {
        if (!current || !cls) return;
        setFirst(schedulePageStart(cls.date, today));
        setSelected(openClassId);
      },
      (error: unknown) => console.error('class not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [api, openClassId, today]);

  useEffect(() => {
    let current = true;
    api.loadCatalog().then(
      (loaded) => {
        if (current) setCatalog(loaded);
      },
      (error: unknown) => console.error('catalogue not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [api]);

  // Undefined until the shown week has answered: "no classes this day" would be a guess.
  const classes = useLive<Record<string, StudioClass> | undefined>(
    (onChange) => api.watchClasses(first, last, onChange),
    undefined,
    [api, first, last],
  );
  const myClasses = useLive(
    uid ? (onChange) => api.watchMyClasses(uid, onChange) : null,
    NO_USER_CLASSES,
    [api, uid],
  );
  const myWaitlist = useLive(
    uid ? (onChange) => api.watchMyWaitlist(uid, onChange) : null,
    NO_WAITING,
    [api, uid],
  );

  const byDay = useMemo(() => {
    const grouped = new Map<DateString, Array<[string, StudioClass]>>();
    for (const [id, cls] of Object.entries(classes ?? {})) {
      if (branch !== ALL && cls.branch !== branch) continue;
      if (exercise !== ALL && cls.exercise !== exercise) continue;
      const list = grouped.get(cls.date) ?? [];
      list.push([id, cls]);
      grouped.set(cls.date, list);
    }
    for (const list of grouped.values()) list.sort((a, b) => a[1].startsAt - b[1].startsAt);
    return grouped;
  }, [classes, branch, exercise]);

  /** The member's own place in a class, which a card shows instead of how full it is. */
  const memberStatus = (id: string): string | undefined => {
    if (myClasses[id]?.status === 'booked') return t('booked');
    const waiting = waitingFor(id);
    if (!waiting) return undefined;
    return waiting.position !== undefined
      ? t('waiting', { position: waiting.position })
      : t('waitingNoPosition');
  };

  const waitingFor = (id: string) => {
    const entry = myWaitlist[id];
    return entry?.status === 'waiting' ? entry : undefined;
  };
  const selectedClass = selected !== null ? classes?.[selected] : undefined;
  const moveWeek = (days: number) => {
    setFirst(addDays(first, days));
    setSelected(null);
  };
  const pickDay = (date: DateString) => {
    document.getElementById(`day-${date}`)?.scrollIntoView({ block: 'start' });
  };

  return (
    <section className="page schedule" aria-labelledby="page-title">
      <h1 id="page-title">{t('scheduleTitle')}</h1>
      {/* Static, so index.html paints it with the heading: larger than a day's heading, which
          waits for the week's classes (docs/architecture/performance.md#member-pages-painted-by-indexhtml). */}
      <p>{t('scheduleLead')}</p>
      <div className="week-nav">
        <IconButton
          label={t('previousWeek')}
          icon="‹"
          variant="secondary"
          onClick={() => moveWeek(-7)}
        />
        <p aria-live="polite">{t('weekShown', { range: format.weekRange(first, last) })}</p>
        <IconButton
          label={t('nextWeek')}
          icon="›"
          variant="secondary"
          onClick={() => moveWeek(7)}
        />
      </div>
      <DayStrip days={days} today={today} format={format} onPick={pickDay} />
      <div className="filters">
        <label htmlFor={branchId}>{t('branch')}</label>
        <select id={branchId} value={branch} onChange={(event) => setBranch(event.target.value)}>
          <option value={ALL}>{t('all')}</option>
          {Object.entries(catalog?.branches ?? {}).map(([id, entry]) => (
            <option key={id} value={id}>
              {entry.name}
            </option>
          ))}
        </select>
        <label htmlFor={typeId}>{t('classType')}</label>
        <select id={typeId} value={exercise} onChange={(event) => setExercise(event.target.value)}>
          <option value={ALL}>{t('all')}</option>
          {Object.entries(catalog?.exercises ?? {}).map(([id, entry]) => (
            <option key={id} value={id}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      {selected !== null && selectedClass && (
        <ClassDetail
          api={api}
          classId={selected}
          cls={selectedClass}
          catalog={catalog}
          uid={uid}
          myClass={myClasses[selected]}
          waiting={waitingFor(selected)}
          waiverAccepted={props.waiverAccepted}
          now={now}
          loginHref={props.loginHref}
          onWaiverNeeded={props.onWaiverNeeded}
          onClose={() => setSelected(null)}
          renderPush={props.renderPush}
        />
      )}
      {!classes && (
        <>
          <p role="status" className="schedule-loading">
            {online ? t('loading') : offlineT('offlineTitle')}
          </p>
          <ScheduleSkeleton />
        </>
      )}
      {classes && (
        <div className="week">
          {days.map((date) => {
            const list = byDay.get(date) ?? [];
            const headingId = `day-${date}`;
            return (
              <section
                key={date}
                className={date === today ? 'day is-today' : date < today ? 'day is-past' : 'day'}
                aria-labelledby={headingId}
              >
                <h2 id={headingId} className="day-heading">
                  {format.heading(date)}
                </h2>
                {list.length === 0 ? (
                  // A past day shows no classes (the schedule is for booking): it says so,
                  // rather than that the studio held none.
                  <p className="muted day-empty">{t(date < today ? 'dayPassed' : 'noClasses')}</p>
                ) : (
                  <ul className="class-list">
                    {list.map(([id, cls]) => (
                      <li key={id}>
                        <ClassCard
                          cls={cls}
                          name={cls.name ?? catalog?.exercises[cls.exercise]?.name ?? cls.exercise}
                          colour={catalog?.exercises[cls.exercise]?.color}
                          coach={catalog?.coaches[cls.coach]}
                          branch={catalog?.branches[cls.branch]?.name}
                          memberStatus={memberStatus(id)}
                          open={selected === id}
                          onOpen={() => setSelected(id)}
                          now={clock}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
