import { scheduleMessages } from '../schedule-messages';
import type { UserClass } from '@studio/core';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { ScheduleApi } from '../api/schedule-api';
import { classTitle, spotLabel } from '../../../lib/class-names';
import { LoadingLine } from '../../../components/ui/loading-line';

export interface NextClassProps {
  api: ScheduleApi;
  uid: string;
  now: () => number;
  myClassesHref: string;
  scheduleHref: string;
}

/** The member's next booked class, for the home screen. */
export function NextClass({ api, uid, now, myClassesHref, scheduleHref }: NextClassProps) {
  const t = useT(scheduleMessages);
  // Undefined until the list answers: "no upcoming classes" would be a guess.
  const classes = useLive<Record<string, UserClass> | undefined>(
    (onChange) => api.watchMyClasses(uid, onChange),
    undefined,
    [api, uid],
  );
  const at = now();
  const next = Object.values(classes ?? {})
    .filter((entry) => entry.status === 'booked' && entry.startsAt >= at)
    .sort((a, b) => a.startsAt - b.startsAt)[0];
  return (
    <section aria-labelledby="next-class-title" className="card">
      <h2 id="next-class-title">{t('nextClass')}</h2>
      {!classes ? (
        <LoadingLine />
      ) : next ? (
        <p>
          <Link href={myClassesHref}>
            {next.date} {next.hour} {classTitle(next)} · {t('spotN', { spot: spotLabel(next) })}
          </Link>
        </p>
      ) : (
        <p>
          {t('noUpcoming')} <Link href={scheduleHref}>{t('openSchedule')}</Link>
        </p>
      )}
    </section>
  );
}
