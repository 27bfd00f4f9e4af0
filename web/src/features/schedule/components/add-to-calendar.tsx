import type { UserClass } from '@studio/core';
import { useState } from 'react';
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
}

/** "Add to calendar" on a booked class: builds its .ics in the browser and hands it over. */
export function AddToCalendar({
  api,
  entry,
  now,
  host,
  save = saveCalendarFile,
}: AddToCalendarProps) {
  const t = useT(calendarFileMessages);
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
        className="link-button"
        disabled={state === 'working'}
        aria-label={t('addToCalendarFor', { title: classTitle(entry), date: entry.date })}
        onClick={add}
      >
        {t('addToCalendar')}
      </button>
      {state === 'failed' && <span role="alert"> {t('calendarFileFailed')}</span>}
    </>
  );
}
