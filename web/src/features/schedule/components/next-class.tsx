import { scheduleMessages } from '../schedule-messages';
import type { UserClass } from '@studio/core';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useLive } from '../../../lib/use-live';
import type { ScheduleApi } from '../api/schedule-api';
import { classTitle, spotLabel } from '../../../lib/class-names';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

export interface NextClassProps {
  api: ScheduleApi;
  uid: string;
  now: () => number;
  myClassesHref: string;
  scheduleHref: string;
}

/**
 * The member's next booked class as a card on the home screen: the hour large, the class, the
 * day in words ("Tomorrow", "Thu 26 Nov"), the spot; the whole card opens My Classes. While the list loads a
 * skeleton of the card's size holds its place (nothing moves when it answers).
 */
export function NextClass({ api, uid, now, myClassesHref, scheduleHref }: NextClassProps) {
  const t = useT(scheduleMessages);
  const format = useFormat(now);
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
    <section aria-labelledby="next-class-title" className="card ui-card home-card next-class">
      <h2 id="next-class-title" className="home-card-title">
        {t('nextClass')}
      </h2>
      {!classes ? (
        <div className="next-class-body">
          <p role="status" className="visually-hidden">
            {t('loading')}
          </p>
          <Skeleton width="4.5rem" height="2.25rem" />
          <Skeleton lines={2} />
        </div>
      ) : next ? (
        <Link href={myClassesHref} className="next-class-body next-class-link">
          <span className="next-class-hour">{next.hour}</span>
          <span className="next-class-info">
            <span className="next-class-name">{classTitle(next)}</span>
            <span className="next-class-when">
              {format.day(next.date)}
              {' · '}
              {t('spotN', { spot: spotLabel(next) })}
            </span>
          </span>
        </Link>
      ) : (
        <div className="next-class-body next-class-empty">
          <p>{t('noUpcoming')}</p>
          <Link href={scheduleHref} className={buttonClass({ size: 's' })}>
            {t('openSchedule')}
          </Link>
        </div>
      )}
    </section>
  );
}
