import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type { Exercise, UserClass, UserClassStatus } from '@studio/core';
import { dayAndMonth } from '@studio/core';
import { useEffect, useMemo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'wouter';
import type { TextKey } from '../../../lib/i18n';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { ScheduleApi } from '../api/schedule-api';
import { useOnline } from '../../../lib/use-online';
import { classTitle, spotLabel } from '../../../lib/class-names';
import { AddToCalendar } from './add-to-calendar';
import { GuestSeatList, heldGuests } from './guest-seats';
import type { BadgeTone } from '../../../components/ui/badge';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { weekdayName } from '../../../lib/weekday-name';
import { useFormat } from '../../../lib/format';
import './my-classes.css';
import './class-time-block.css';
import './my-class-cards.css';
import { Picture } from '../../../components/ui/picture';
import { Skeleton } from '../../../components/ui/skeleton';

export interface MyClassesProps {
  api: ScheduleApi;
  uid: string;
  now: () => number;
  scheduleHref: string;
  /** Called once the list (or its offline copy) has answered, so what follows can appear then. */
  onLoaded?: () => void;
}

/** The status badge's tone; the words say the status too. */
const STATUS_TONES: Record<UserClassStatus, BadgeTone> = {
  booked: 'success',
  attended: 'primary',
  'no-show': 'warning',
  cancelled: 'neutral',
  'late-cancelled': 'warning',
  'class-cancelled': 'danger',
};

const STATUS_KEYS: Record<UserClassStatus, TextKey<ScheduleKey>> = {
  booked: 'statusBooked',
  attended: 'statusAttended',
  'no-show': 'statusNoShow',
  cancelled: 'statusCancelled',
  'late-cancelled': 'statusLateCancelled',
  'class-cancelled': 'statusClassCancelled',
};

function ClassRow({
  entry,
  now,
  colour,
  picture,
  calendar,
  guests,
}: {
  entry: UserClass;
  /** The clock "Today" and "Tomorrow" are read against. */
  now: () => number;
  /** The class type's colour (`Exercises/{id}.color`), its accent on the card as on the schedule. */
  colour: string | undefined;
  /** The class type's picture (`Exercises/{id}.img`), on the cards of classes to come. */
  picture?: string | undefined;
  calendar?: ReactNode;
  /** The guest seats the member booked in this class, each with its own cancel. */
  guests?: ReactNode;
}) {
  const t = useT(scheduleMessages);
  const lang = useLangStore((state) => state.lang);
  const format = useFormat(now);
  // The date block holds the day and month, so the line beside it says the day in words
  // ("Tomorrow", else the weekday) and the time; readers get the date from the line.
  const block = dayAndMonth(entry.date, lang);
  const words = format.day(entry.date);
  const relative = words !== format.date(entry.date);
  return (
    <li
      className={`card ui-card my-class my-class-${entry.status}`}
      style={colour ? ({ '--class-colour': colour } as CSSProperties) : undefined}
    >
      <span
        className={`class-time-block${entry.status === 'booked' ? ' class-time-block-solid' : ''}`}
        aria-hidden="true"
      >
        <span className="class-time-block-hour">{block.day}</span>
        <span className="class-time-block-weekday">{block.month}</span>
      </span>
      <span className="my-class-info">
        <span className="my-class-when">
          {relative ? words : weekdayName(entry.date, lang, 'long')}
          {!relative && <span className="visually-hidden"> {words}</span>} · {entry.hour}
        </span>
        <span className="visually-hidden"> </span>
        <span className="my-class-title">{classTitle(entry)}</span>
        <span className="my-class-meta">
          <span className="visually-hidden"> · </span>
          <span>{t('spotN', { spot: spotLabel(entry) })}</span>
          <span className="visually-hidden"> · </span>
          <Badge tone={STATUS_TONES[entry.status]}>{t(STATUS_KEYS[entry.status])}</Badge>
        </span>
      </span>
      {picture && (
        <Picture
          className="my-class-picture"
          src={picture}
          alt=""
          sizes="88px"
          width={88}
          height={64}
        />
      )}
      {calendar && <div className="my-class-actions">{calendar}</div>}
      {guests && <div className="my-class-guests">{guests}</div>}
    </li>
  );
}

/** The first section at its size while the list loads, so nothing moves when it answers. */
function MyClassesSkeleton() {
  const t = useT(scheduleMessages);
  return (
    <>
      <p role="status" className="visually-hidden">
        {t('loading')}
      </p>
      <div className="my-classes-section" aria-hidden="true">
        <Skeleton width="10em" height="1.75rem" />
        <ul className="plain-list my-class-list my-class-skeleton">
          {[0, 1].map((index) => (
            <li key={index} className="card ui-card my-class">
              <Skeleton shape="block" width="68px" height="64px" />
              <span className="my-class-info">
                <Skeleton width="9em" height="1.2em" />
                <Skeleton width="7em" height="1.4em" />
                <Skeleton width="11em" height="1.4em" />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/**
 * Offline the list is the copy kept on the device (docs/architecture/web-app.md#offline): say so,
 * and that it is read-only.
 */
function OfflineNotice() {
  const t = useT(scheduleMessages);
  return (
    <div className="offline-notice" role="status">
      <strong>{t('offlineTitle')}</strong>
      <p>{t('offlineCopy')}</p>
    </div>
  );
}

/**
 * The class types, for their colours and pictures: empty until the catalogue answers (and offline, if it
 * never does), and the cards keep their size meanwhile.
 */
function useExercises(api: ScheduleApi): Record<string, Exercise> {
  const [exercises, setExercises] = useState<Record<string, Exercise>>({});
  useEffect(() => {
    let current = true;
    api.loadCatalog().then(
      (catalog) => {
        if (current) setExercises(catalog.exercises);
      },
      (error: unknown) => console.error('catalogue not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [api]);
  return exercises;
}

/** "My Classes": what is coming (booked, not started) and the history, from `UserClasses`. */
export function MyClasses({ api, uid, now, scheduleHref, onLoaded }: MyClassesProps) {
  const t = useT(scheduleMessages);
  const online = useOnline();
  // Undefined until the list (or its offline copy) answers: "no classes" would be a guess.
  const classes = useLive<Record<string, UserClass> | undefined>(
    (onChange) => api.watchMyClasses(uid, onChange),
    undefined,
    [api, uid],
  );
  const exercises = useExercises(api);
  const exerciseOf = (entry: UserClass) =>
    entry.exercise && Object.hasOwn(exercises, entry.exercise)
      ? exercises[entry.exercise]
      : undefined;
  const colourOf = (entry: UserClass) => exerciseOf(entry)?.color;
  const loaded = classes !== undefined;
  useEffect(() => {
    if (loaded) onLoaded?.();
  }, [loaded, onLoaded]);
  const { upcoming, past } = useMemo(() => {
    const at = now();
    const all = Object.values(classes ?? {});
    // A class to come where the member still holds a seat: their own, or a guest's.
    const coming = (entry: UserClass) =>
      (entry.status === 'booked' || heldGuests(entry.guests).length > 0) && entry.startsAt >= at;
    return {
      upcoming: all.filter(coming).sort((a, b) => a.startsAt - b.startsAt),
      past: all.filter((entry) => !coming(entry)).sort((a, b) => b.startsAt - a.startsAt),
    };
  }, [classes, now]);

  const guestSeats = (entry: UserClass) =>
    entry.guests && (
      <GuestSeatList
        api={api}
        classId={entry.classId}
        guests={entry.guests}
        cancellable={online && entry.startsAt > now()}
        startsAt={entry.startsAt}
        rules={null}
        now={now}
      />
    );
  const row = (entry: UserClass) => (
    <ClassRow
      key={entry.classId}
      entry={entry}
      now={now}
      colour={colourOf(entry)}
      guests={guestSeats(entry)}
    />
  );
  // A booked class to come can be added to the member's calendar, while online.
  const { getClass, loadCatalog } = api;
  const upcomingRow = (entry: UserClass) => (
    <ClassRow
      key={entry.classId}
      entry={entry}
      now={now}
      colour={colourOf(entry)}
      picture={exerciseOf(entry)?.img}
      guests={guestSeats(entry)}
      calendar={
        getClass && online ? (
          <AddToCalendar
            api={{ getClass, loadCatalog }}
            entry={entry}
            now={now}
            host={window.location.hostname}
          />
        ) : undefined
      }
    />
  );

  if (!classes) {
    return online ? <MyClassesSkeleton /> : <OfflineNotice />;
  }
  return (
    <>
      {!online && <OfflineNotice />}
      <section aria-labelledby="upcoming-title" className="my-classes-section">
        <h2 id="upcoming-title">{t('upcomingClasses')}</h2>
        {upcoming.length === 0 ? (
          <EmptyState
            title={t('noUpcoming')}
            action={
              <Link href={scheduleHref} className={buttonClass({ variant: 'secondary' })}>
                {t('openSchedule')}
              </Link>
            }
          />
        ) : (
          <ul className="plain-list my-class-list">{upcoming.map(upcomingRow)}</ul>
        )}
      </section>
      <section aria-labelledby="past-title" className="my-classes-section">
        <h2 id="past-title">{t('pastClasses')}</h2>
        {past.length === 0 ? (
          <EmptyState title={t('noPast')} />
        ) : (
          <ul className="plain-list my-class-list">{past.map(row)}</ul>
        )}
      </section>
    </>
  );
}
