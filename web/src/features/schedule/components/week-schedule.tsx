import { scheduleMessages } from '../schedule-messages';
import type { DateString, StudioClass, UserClass, UserWaitlistEntry } from '@studio/core';
import { addDays, startOfWeek, weekDates } from '@studio/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { useOnline } from '../../../lib/use-online';
import type { Catalog, ScheduleApi } from '../api/schedule-api';
import { ClassDetail } from './class-detail';
import './schedule.css';

export interface WeekScheduleProps {
  api: ScheduleApi;
  uid: string | null;
  waiverAccepted: boolean | null;
  now: () => number;
  loginHref: string;
  onWaiverNeeded: () => void;
}

const NO_USER_CLASSES: Record<string, UserClass> = {};
const NO_WAITING: Record<string, UserWaitlistEntry> = {};
const ALL = '';

function dayLabel(date: DateString, lang: string): string {
  // The date is already studio-local; UTC keeps the formatter from shifting it.
  return new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Spec route `calendario/{action}/{type}`: Monday to Sunday in the studio's time zone, one
 * week downloaded at a time, filtered by branch and class type, with the chosen class's live
 * spot map below.
 */
export function WeekSchedule(props: WeekScheduleProps) {
  const { api, uid, now } = props;
  const t = useT(scheduleMessages);
  const offlineT = useT(scheduleMessages);
  const online = useOnline();
  const lang = useLangStore((state) => state.lang);
  const branchId = useId();
  const typeId = useId();
  const [monday, setMonday] = useState(() => startOfWeek(now()));
  const [branch, setBranch] = useState(ALL);
  const [exercise, setExercise] = useState(ALL);
  const [selected, setSelected] = useState<string | null>(null);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const days = weekDates(monday);
  const sunday = addDays(monday, 6);

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
    (onChange) => api.watchClasses(monday, sunday, onChange),
    undefined,
    [api, monday, sunday],
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

  const status = (id: string, cls: StudioClass): string => {
    if (cls.status === 'cancelled') return t('cancelled');
    if (myClasses[id]?.status === 'booked') return t('booked');
    const waiting = waitingFor(id);
    if (waiting)
      return waiting.position !== undefined
        ? t('waiting', { position: waiting.position })
        : t('waitingNoPosition');
    const left = Math.max(0, cls.capacity - cls.bookedCount);
    return left > 0 ? t('spotsLeft', { count: left }) : t('full');
  };

  const waitingFor = (id: string) => {
    const entry = myWaitlist[id];
    return entry?.status === 'waiting' ? entry : undefined;
  };
  const selectedClass = selected !== null ? classes?.[selected] : undefined;
  const moveWeek = (days: number) => {
    setMonday(addDays(monday, days));
    setSelected(null);
  };

  return (
    <section className="page schedule" aria-labelledby="page-title">
      <h1 id="page-title">{t('scheduleTitle')}</h1>
      <div className="week-nav">
        <button type="button" className="button button-secondary" onClick={() => moveWeek(-7)}>
          {t('previousWeek')}
        </button>
        <p aria-live="polite">{t('weekOf', { from: monday, to: sunday })}</p>
        <button type="button" className="button button-secondary" onClick={() => moveWeek(7)}>
          {t('nextWeek')}
        </button>
      </div>
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
        />
      )}
      {!classes && <p role="status">{online ? t('loading') : offlineT('offlineTitle')}</p>}
      {classes && (
        <div className="week">
          {days.map((date) => {
            const list = byDay.get(date) ?? [];
            const headingId = `day-${date}`;
            return (
              <section key={date} className="day" aria-labelledby={headingId}>
                <h2 id={headingId}>{dayLabel(date, lang)}</h2>
                {list.length === 0 ? (
                  <p className="muted">{t('noClasses')}</p>
                ) : (
                  <ul className="class-list">
                    {list.map(([id, cls]) => {
                      const name =
                        cls.name ?? catalog?.exercises[cls.exercise]?.name ?? cls.exercise;
                      const coach = catalog?.coaches[cls.coach]?.name;
                      return (
                        <li key={id}>
                          <button
                            type="button"
                            className="class-item"
                            aria-expanded={selected === id}
                            onClick={() => setSelected(id)}
                          >
                            <span className="class-hour">{cls.hour}</span>
                            <span className="class-name">{name}</span>
                            {coach && <span className="class-coach">{coach}</span>}
                            <span className="class-status">{status(id, cls)}</span>
                          </button>
                        </li>
                      );
                    })}
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
