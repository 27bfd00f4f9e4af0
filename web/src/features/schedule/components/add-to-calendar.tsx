import type { UserClass } from '@studio/core';
import { useState } from 'react';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { classTitle } from '../../../lib/class-names';
import type { ScheduleApi } from '../api/schedule-api';
import { calendarFileMessages } from '../calendar-file-messages';
import { classCalendarFile, saveCalendarFile } from '../calendar-file';

export interface AddToCalendarProps {
  api: Required<Pick<ScheduleApi, 'getClass' | 'loadCatalog'>>;
  entry: UserClass;
  now: () => number;
  /** The app's host: the right-hand side of the event's UID. */
  host: string;
  save?: (filename: string, text: string) => void;
  /** The button's look: a link in a list (default) or a button (the class sheet). */
  className?: string;
}

/** "Add to calendar" on a booked class: builds its .ics in the browser and hands it over. */
export function AddToCalendar({
  api,
  entry,
  now,
  host,
  save = saveCalendarFile,
  className = 'link-button',
}: AddToCalendarProps) {
  const t = useT(calendarFileMessages);
  const format = useFormat(now);
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');

  const add = () => {
    setState('working');
    Promise.all([api.getClass(entry.classId), api.loadCatalog()])
      .then(([cls, catalog]) => {
        if (!cls) throw new Error(`class ${entry.classId} not found`);
        const text = classCalendarFile(
          entry,
          cls,
          catalog,
          {
            spot: (spot) => t('calendarSpot', { spot }),
            coach: (coach) => t('calendarCoach', { coach }),
          },
          { uidDomain: host, stamp: now() },
        );
        save(`class-${entry.date}.ics`, text);
        setState('idle');
      })
      .catch((error: unknown) => {
        console.error('calendar file not made', entry.classId, error);
        setState('failed');
      });
  };

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={state === 'working'}
        aria-label={t('addToCalendarFor', {
          title: classTitle(entry),
          date: `${format.date(entry.date)} ${entry.hour}`,
        })}
        onClick={add}
      >
        {t('addToCalendar')}
      </button>
      {state === 'failed' && <span role="alert"> {t('calendarFileFailed')}</span>}
    </>
  );
}
