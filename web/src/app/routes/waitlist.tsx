import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { firebaseScheduleApi, MyWaitlist } from '../../features/schedule';
import { useSessionStore } from '../../features/session';
import { useT } from '../../lib/i18n';

export default function WaitlistPage() {
  const t = useT();
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  if (status !== 'signed-in' || !uid)
    return <SignInPrompt title={t('waitingListTitle')} loginHref={paths.login.getHref({})} />;
  return (
    <MyWaitlist
      api={firebaseScheduleApi}
      uid={uid}
      scheduleHref={paths.calendario.getHref({ action: 'choose', type: 'user' })}
    />
  );
}
