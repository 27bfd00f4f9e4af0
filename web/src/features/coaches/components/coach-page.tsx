import type { Coach, Exercise, StudioClass } from '@studio/core';
import { formatDate } from '@studio/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../../../components/ui/avatar';
import { LoadingLine } from '../../../components/ui/loading-line';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { CoachesApi } from '../api/coaches-api';
import { coachesMessages } from '../coaches-messages';

export interface CoachPageProps {
  api: CoachesApi;
  coachId: string;
  now: () => number;
  /** How far ahead classes are listed (the studio's booking window). */
  days: number;
  scheduleHref: string;
}

const NO_CLASSES: Record<string, StudioClass> = {};
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
 * A coach's page (issue 20): photo, bio, specialities and their upcoming classes, live. Linked
 * from every class card and class detail; admins edit it in admin-coach.
 */
export function CoachPage({ api, coachId, now, days, scheduleHref }: CoachPageProps) {
  const t = useT(coachesMessages);
  const read = useLive<CoachRead>(
    (onChange) => api.watchCoach(coachId, (coach) => onChange({ state: 'loaded', coach })),
    LOADING,
    [api, coachId],
  );
  const nowMs = now();
  const from = formatDate(nowMs);
  const to = formatDate(nowMs + days * DAY_MS);
  const classes = useLive((onChange) => api.watchClasses(from, to, onChange), NO_CLASSES, [
    api,
    from,
    to,
  ]);
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
  const upcoming = upcomingOf(classes, coachId, nowMs);

  return (
    <section className="page coach-page" aria-labelledby="page-title">
      <h1 id="page-title">{coach?.name ?? t('coachTitle')}</h1>
      {read.state === 'loading' && <LoadingLine />}
      {read.state === 'loaded' && coach === null && <p role="alert">{t('coachNotFound')}</p>}
      {coach && (
        <>
          <div className="coach-card">
            <Avatar name={coach.name} src={coach.img} size="l" decorative />
            {coach.bio && <p className="coach-bio">{coach.bio}</p>}
          </div>
          {coach.specialities && coach.specialities.length > 0 && (
            <section aria-labelledby="coach-specialities">
              <h2 id="coach-specialities">{t('specialities')}</h2>
              <ul className="plain-list">
                {coach.specialities.map((speciality) => (
                  <li key={speciality}>{speciality}</li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="coach-upcoming">
            <h2 id="coach-upcoming">{t('upcomingClasses')}</h2>
            {upcoming.length === 0 ? (
              <p>{t('noUpcomingClasses', { days })}</p>
            ) : (
              <ul className="plain-list">
                {upcoming.map(([id, cls]) => (
                  <li key={id}>
                    {t('classAt', {
                      date: cls.date,
                      hour: cls.hour,
                      title: cls.name ?? exercises[cls.exercise]?.name ?? cls.exercise,
                    })}
                  </li>
                ))}
              </ul>
            )}
            <Link href={scheduleHref}>{t('seeSchedule')}</Link>
          </section>
        </>
      )}
    </section>
  );
}
