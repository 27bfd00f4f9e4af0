import { useEffect, useState } from 'react';
// Deep import: the profile's API alone, not its screens.
import { firebaseProfileApi } from '../features/profile/api/firebase-profile-api';
import type { MemberCutoff } from '../features/schedule';
import { useLive } from '../lib/use-live';

/**
 * The member's waiting-list cut-off for "My Waiting List": the studio's (`Settings`) and their
 * own (`Users/{uid}/PromotionCutoffHours`, live); null until both have answered.
 */
export function useMemberCutoff(uid: string): MemberCutoff | null {
  const [studioMinutes, setStudioMinutes] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    firebaseProfileApi.loadStudioCutoffMinutes().then(
      (minutes) => {
        if (current) setStudioMinutes(minutes);
      },
      (error: unknown) => console.error('studio cut-off not loaded', error),
    );
    return () => {
      current = false;
    };
  }, []);
  const memberHours = useLive<{ hours: number | undefined } | null>(
    (onChange) =>
      firebaseProfileApi.watchUser(uid, (user) => onChange({ hours: user?.PromotionCutoffHours })),
    null,
    [uid],
  );
  if (studioMinutes === null || memberHours === null) return null;
  return { studioMinutes, memberHours: memberHours.hours };
}
