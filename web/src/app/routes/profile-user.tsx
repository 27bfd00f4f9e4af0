import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { firebaseProfileApi, ProfileCard } from '../../features/profile';
import { useSessionStore } from '../../features/session';
import { useRouteParams } from '../../hooks/use-route-params';
import { useT } from '../../lib/i18n';

const systemNow = (): number => Date.now();

/**
 * Spec `profile-user/{uid}`. The menu links a guest here with the guest placeholder uid; a
 * member sees their own profile (the database lets only them, coaches and admins read it).
 */
export default function ProfileUserPage() {
  const t = useT();
  const { uid: routeUid } = useRouteParams(paths.profileUser);
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  if (status !== 'signed-in' || !uid)
    return <SignInPrompt title={t('profileTitle')} loginHref={paths.login.getHref({})} />;
  return <ProfileCard api={firebaseProfileApi} uid={routeUid ?? uid} now={systemNow} />;
}
