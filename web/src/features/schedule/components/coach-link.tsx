import type { Coach } from '@studio/core';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { coachLinkMessages } from '../coach-link-messages';

/** "About {coach}": the class's coach page (issue 20); nothing until the coach is known. */
export function CoachLink({ coachId, coach }: { coachId: string; coach: Coach | undefined }) {
  const t = useT(coachLinkMessages);
  if (!coach) return null;
  return (
    <Link href={paths.coach.getHref({ coachId })} className="coach-link">
      {t('coachPage', { coach: coach.name })}
    </Link>
  );
}
