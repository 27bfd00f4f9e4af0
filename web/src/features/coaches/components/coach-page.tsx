import type { Coach, Exercise, StudioClass } from '@studio/core';
import { formatDate } from '@studio/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingLine } from '../../../components/ui/loading-line';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLangStore, useT } from '../../../lib/i18n';
import { weekdayName } from '../../../lib/weekday-name';
import { useLive } from '../../../lib/use-live';
import type { CoachesApi } from '../api/coaches-api';
import { coachesMessages } from '../coaches-messages';
import './coach-page.css';

export interface CoachPageProps {
  api: CoachesApi;
  coachId: string;
  now: () => number;
  /** How far ahead classes are listed (the studio's booking window). */
  days: number;
  scheduleHref: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
type CoachRead = { state: 'loading' } | { state: 'loaded'; coach: Coach | null };
const LOADING: CoachRead = { state: 'loading' };

/** The coach's classes still to come, soonest first. */
export function upcomingOf(
  classes: Record<string, StudioClass>,
  coachId: string,
  nowMs: number,
): [string, StudioClass][] {
  return Object.entries(classes)
    .filter(
      ([, cls]) => cls.coach === coachId && cls.status !== 'cancelled' && cls.startsAt > nowMs,
    )
    .sort(([, a], [, b]) => a.startsAt - b.startsAt);
}

/**
 * A coach's page: photo, bio, specialities and their upcoming classes, live. Linked
 * from the coach card in the class sheet; admins edit it in admin-coach.
 */
export function CoachPage({ api, coachId, now, days, scheduleHref }: CoachPageProps) {
  const t = useT(coachesMessages);
  const lang = useLangStore((state) => state.lang);
  const read = useLive<CoachRead>(
    (onChange) => api.watchCoach(coachId, (coach) => onChange({ state: 'loaded', coach })),
    LOADING,
    [api, coachId],
  );
  const nowMs = now();
  const from = formatDate(nowMs);
  const to = formatDate(nowMs + days * DAY_MS);
  // Undefined until the classes answer: "no upcoming classes" would be a guess, and the list
  // replacing it would push the link below it down.
  const classes = useLive<Record<string, StudioClass> | undefined>(
    (onChange) => api.watchClasses(from, to, onChange),
    undefined,
    [api, from, to],
  );
  const [exercises, setExercises] = useState<Record<string, Exercise>>({});
  useEffect(() => {
    let current = true;
    api.loadExercises().then(
      (loaded) => {
        if (current) setExercises(loaded);
      },
      (error: unknown) => console.error('exercises not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const coach = read.state === 'loaded' ? read.coach : null;
  const upcoming = classes && upcomingOf(classes, coachId, nowMs);

  return (
    <section className="page coach-page" aria-labelledby="page-title">
      <div className="coach-header">
        {coach && <Avatar name={coach.name} src={coach.img} size="l" decorative />}
        <h1 id="page-title">{coach?.name ?? t('coachTitle')}</h1>
      </div>
      {read.state === 'loading' && <LoadingLine />}
      {read.state === 'loaded' && coach === null && <p role="alert">{t('coachNotFound')}</p>}
      {coach && (
        <>
          {(coach.bio || (coach.specialities && coach.specialities.length > 0)) && (
            <Card className="coach-hero">
              {coach.bio && <p className="coach-bio">{coach.bio}</p>}
              {coach.specialities && coach.specialities.length > 0 && (
                <section aria-labelledby="coach-specialities">
                  <h2 id="coach-specialities" className="coach-hero-heading">
                    {t('specialities')}
                  </h2>
                  <ul className="coach-specialities">
                    {coach.specialities.map((speciality) => (
                      <li key={speciality}>
                        <Badge tone="primary">{speciality}</Badge>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </Card>
          )}
          <section aria-labelledby="coach-upcoming" className="coach-upcoming">
            <h2 id="coach-upcoming">{t('upcomingClasses')}</h2>
            {upcoming === undefined ? (
              // Below it nothing yet: the link comes with the answer, so nothing shifts.
              <Skeleton lines={2} height="var(--text-m)" />
            ) : upcoming.length === 0 ? (
              <EmptyState title={t('noUpcomingClasses', { days })} />
            ) : (
              <ul className="ui-list coach-classes">
                {upcoming.map(([id, cls]) => (
                  <li key={id}>
                    <span className="coach-class-day" aria-hidden="true">
                      <span>{weekdayName(cls.date, lang, 'short')}</span>
                      <strong>{Number(cls.date.slice(8))}</strong>
                    </span>
                    <span className="coach-class-text">
                      <span className="visually-hidden">
                        {weekdayName(cls.date, lang, 'long')}{' '}
                      </span>
                      <span>
                        {t('classAt', {
                          date: cls.date,
                          hour: cls.hour,
                          title: cls.name ?? exercises[cls.exercise]?.name ?? cls.exercise,
                        })}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {upcoming !== undefined && (
              <Link href={scheduleHref} className={buttonClass({ variant: 'secondary' })}>
                {t('seeSchedule')}
              </Link>
            )}
          </section>
        </>
      )}
    </section>
  );
}
