import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
// Deep import: the sign-in forms need not load with this page.
import { useSignInHref } from '../../features/auth/hooks/use-sign-in-href';
import { firebaseProfileApi, ProfileCard } from '../../features/profile';
import { GUEST_UID, useSessionStore } from '../../features/session';
import { useRouteParams } from '../../hooks/use-route-params';
import { useT } from '../../lib/i18n';
import { appMessages } from '../app-messages';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();

/**
 * Spec `profile-user/{uid}`. The menu links a guest here with the guest placeholder uid; a
 * member sees their own profile (the database lets only them, coaches and admins read it), also
 * from a link made while they were a guest (`profile-user/null`,
 * docs/architecture/web-app.md#reading-live-data).
 */
export default function ProfileUserPage() {
  const t = useT(appMessages);
  const { uid: routeUid } = useRouteParams(paths.profileUser);
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const signInHref = useSignInHref();
  if (status === 'unknown') return <PageLoading />;
  if (status !== 'signed-in' || !uid)
    return <SignInPrompt title={t('profileTitle')} loginHref={signInHref} />;
  const shownUid = routeUid && routeUid !== GUEST_UID ? routeUid : uid;
  return <ProfileCard api={firebaseProfileApi} uid={shownUid} now={systemNow} />;
}
