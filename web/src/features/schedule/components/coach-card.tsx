import { scheduleMessages } from '../schedule-messages';
import type { Coach } from '@studio/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { Avatar } from '../../../components/ui/avatar';

/**
 * The class's coach in the class detail: photo (or initials), name and bio from `Coaches`. The
 * photo and name are one link to the coach's page ("About {coach}").
 */
export function CoachCard({ coachId, coach }: { coachId: string; coach: Coach }) {
  const t = useT(scheduleMessages);
  const headingId = useId();
  return (
    <section className="coach-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="coach-name">
        <Link href={paths.coach.getHref({ coachId })} className="coach-card-link">
          <Avatar name={coach.name} src={coach.img} size="l" decorative />
          <span className="coach-card-text">
            <span className="coach-role">{t('aboutCoach')}</span> {coach.name}
          </span>
          <span className="coach-card-chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      </h3>
      {coach.bio && <p className="coach-bio">{coach.bio}</p>}
    </section>
  );
}
