import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
// Deep import: the sign-in forms need not load with this page.
import { useSignInHref } from '../../features/auth/hooks/use-sign-in-href';
import { firebaseScheduleApi, MyWaitlist } from '../../features/schedule';
import { useSessionStore } from '../../features/session';
import { useT } from '../../lib/i18n';
import { appMessages } from '../app-messages';
import { PageLoading } from '../page-loading';

export default function WaitlistPage() {
  const t = useT(appMessages);
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const signInHref = useSignInHref();
  // A member opening this page directly is not a guest while sign-in is still being checked.
  if (status === 'unknown') return <PageLoading title={t('waitingListTitle')} />;
  if (status !== 'signed-in' || !uid)
    return <SignInPrompt title={t('waitingListTitle')} loginHref={signInHref} />;
  return (
    <MyWaitlist
      api={firebaseScheduleApi}
      uid={uid}
      scheduleHref={paths.calendario.getHref({ action: 'choose', type: 'user' })}
    />
  );
}
