import { DEFAULT_SETTINGS } from '@studio/core';
import { paths } from '../../config/paths';
import { CoachPage, firebaseCoachesApi } from '../../features/coaches';
import { useRouteParams } from '../../hooks/use-route-params';

const systemNow = (): number => Date.now();

/** A coach's page, linked from the class cards and the class detail. */
export default function CoachRoute() {
  const { coachId } = useRouteParams(paths.coach);
  return (
    <CoachPage
      api={firebaseCoachesApi}
      coachId={coachId ?? ''}
      now={systemNow}
      days={DEFAULT_SETTINGS.bookingWindowDays}
      scheduleHref={paths.calendario.getHref({ action: 'choose', type: 'user' })}
    />
  );
}
