import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
// Deep import: the sign-in forms need not load with this page.
import { useSignInHref } from '../../features/auth/hooks/use-sign-in-href';
import { firebaseScheduleApi, MyWaitlist } from '../../features/schedule';
import { selectMemberUid, useSessionStore } from '../../features/session';
import { useT } from '../../lib/i18n';
import { appMessages } from '../app-messages';
import { PageLoading } from '../page-loading';
import { useMemberCutoff } from '../use-member-cutoff';

/** The list with the member's cut-off on each class and the way to change it. */
function MemberWaitlist({ uid }: { uid: string }) {
  const cutoff = useMemberCutoff(uid);
  return (
    <MyWaitlist
      api={firebaseScheduleApi}
      uid={uid}
      scheduleHref={paths.calendario.getHref({ action: 'choose', type: 'user' })}
      cutoff={cutoff}
      profileHref={paths.profileUser.getHref({ uid })}
    />
  );
}

export default function WaitlistPage() {
  const t = useT(appMessages);
  const status = useSessionStore((state) => state.status);
  // While sign-in is checked, the account this device last used: its reads start at once.
  const uid = useSessionStore(selectMemberUid);
  const signInHref = useSignInHref();
  // A member opening this page directly is not a guest while sign-in is still being checked.
  if (!uid && status === 'unknown') return <PageLoading title={t('waitingListTitle')} />;
  if (!uid) return <SignInPrompt title={t('waitingListTitle')} loginHref={signInHref} />;
  return <MemberWaitlist uid={uid} />;
}
