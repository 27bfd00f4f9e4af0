import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type { UserClass, UserClassStatus } from '@studio/core';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { TextKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { ScheduleApi } from '../api/schedule-api';
import { useOnline } from '../../../lib/use-online';
import { classTitle, spotLabel } from '../../../lib/class-names';
import { AddToCalendar } from './add-to-calendar';
import './my-classes.css';
import { LoadingLine } from '../../../components/ui/loading-line';

export interface MyClassesProps {
  api: ScheduleApi;
  uid: string;
  now: () => number;
  scheduleHref: string;
}

const STATUS_KEYS: Record<UserClassStatus, TextKey<ScheduleKey>> = {
  booked: 'statusBooked',
  attended: 'statusAttended',
  'no-show': 'statusNoShow',
  cancelled: 'statusCancelled',
  'late-cancelled': 'statusLateCancelled',
  'class-cancelled': 'statusClassCancelled',
};

function ClassRow({ entry, calendar }: { entry: UserClass; calendar?: ReactNode }) {
  const t = useT(scheduleMessages);
  return (
    <li className="card">
      <strong>
        {entry.date} {entry.hour}
      </strong>{' '}
      {classTitle(entry)} · {t('spotN', { spot: spotLabel(entry) })} ·{' '}
      {t(STATUS_KEYS[entry.status])}
      {calendar && <> · {calendar}</>}
    </li>
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

/** "My Classes": what is coming (booked, not started) and the history, from `UserClasses`. */
export function MyClasses({ api, uid, now, scheduleHref }: MyClassesProps) {
  const t = useT(scheduleMessages);
  const online = useOnline();
  // Undefined until the list (or its offline copy) answers: "no classes" would be a guess.
  const classes = useLive<Record<string, UserClass> | undefined>(
    (onChange) => api.watchMyClasses(uid, onChange),
    undefined,
    [api, uid],
  );
  const { upcoming, past } = useMemo(() => {
    const at = now();
    const all = Object.values(classes ?? {});
    return {
      upcoming: all
        .filter((entry) => entry.status === 'booked' && entry.startsAt >= at)
        .sort((a, b) => a.startsAt - b.startsAt),
      past: all
        .filter((entry) => !(entry.status === 'booked' && entry.startsAt >= at))
        .sort((a, b) => b.startsAt - a.startsAt),
    };
  }, [classes, now]);

  const row = (entry: UserClass) => <ClassRow key={entry.classId} entry={entry} />;
  // A booked class to come can be added to the member's calendar (issue 19), while online.
  const { getClass, loadCatalog } = api;
  const upcomingRow = (entry: UserClass) => (
    <ClassRow
      key={entry.classId}
      entry={entry}
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
    return online ? <LoadingLine /> : <OfflineNotice />;
  }
  return (
    <>
      {!online && <OfflineNotice />}
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t('upcomingClasses')}</h2>
        {upcoming.length === 0 ? (
          <p>
            {t('noUpcoming')} <Link href={scheduleHref}>{t('openSchedule')}</Link>
          </p>
        ) : (
          <ul className="plain-list">{upcoming.map(upcomingRow)}</ul>
        )}
      </section>
      <section aria-labelledby="past-title">
        <h2 id="past-title">{t('pastClasses')}</h2>
        {past.length === 0 ? <p>{t('noPast')}</p> : <ul className="plain-list">{past.map(row)}</ul>}
      </section>
    </>
  );
}
