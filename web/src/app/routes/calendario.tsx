import { lazy, Suspense, useState } from 'react';
import { useSearch } from 'wouter';
// Deep import: the sign-in forms need not load with this page.
import { useSignInHref } from '../../features/auth/hooks/use-sign-in-href';
import { firebaseScheduleApi, WeekSchedule } from '../../features/schedule';
import { useSessionStore } from '../../features/session';
import { firebaseWaiverApi } from '../../features/waiver/api/firebase-waiver-api';
import { WaiverAlert } from '../../features/waiver';

const systemNow = (): number => Date.now();
// Watching a full class and the push offer: loaded with the first sheet that shows them.
const ClassPush = lazy(() => import('../../features/push/components/class-push-live'));

/** The schedule; `?class=` opens that class's sheet on its week (a push's tap). */
export default function CalendarioPage() {
  const openClassId = new URLSearchParams(useSearch()).get('class');
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const profile = useSessionStore((state) => state.profile);
  const waiverAccepted = useSessionStore((state) => state.waiverAccepted);
  const signInHref = useSignInHref();
  const [waiverAsked, setWaiverAsked] = useState(false);
  const signedInUid = status === 'signed-in' ? uid : null;
  // The shell already shows the waiver once the profile says it is missing; this covers the
  // seconds before the profile loads, when only the server's refusal tells.
  const shellShowsWaiver = Boolean(profile && !profile.conditions);

  return (
    <>
      <WeekSchedule
        api={firebaseScheduleApi}
        uid={signedInUid}
        waiverAccepted={profile ? profile.conditions : null}
        now={systemNow}
        loginHref={signInHref}
        onWaiverNeeded={() => setWaiverAsked(true)}
        openClassId={openClassId}
        renderPush={
          signedInUid
            ? (state) => (
                <Suspense fallback={null}>
                  <ClassPush uid={signedInUid} {...state} />
                </Suspense>
              )
            : undefined
        }
      />
      {signedInUid && waiverAsked && !shellShowsWaiver && (
        <WaiverAlert
          uid={signedInUid}
          accepted={false}
          api={firebaseWaiverApi}
          name={profile?.name ?? undefined}
          onAccepted={() => {
            waiverAccepted();
            setWaiverAsked(false);
          }}
        />
      )}
    </>
  );
}
