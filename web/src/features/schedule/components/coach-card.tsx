import { scheduleMessages } from '../schedule-messages';
import type { Coach } from '@studio/core';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { Avatar } from '../../../components/ui/avatar';

/** The class's coach in the class detail: photo (or initials), name and bio from `Coaches`. */
export function CoachCard({ coach }: { coach: Coach }) {
  const t = useT(scheduleMessages);
  const headingId = useId();
  return (
    <section className="coach-card" aria-labelledby={headingId}>
      <Avatar name={coach.name} src={coach.img} size="l" decorative />
      <div>
        <h3 id={headingId} className="coach-name">
          <span className="coach-role">{t('aboutCoach')}</span> {coach.name}
        </h3>
        {coach.bio && <p className="coach-bio">{coach.bio}</p>}
      </div>
    </section>
  );
}
