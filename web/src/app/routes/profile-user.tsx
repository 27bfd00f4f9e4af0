import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
// Deep import: the sign-in forms need not load with this page.
import { useSignInHref } from '../../features/auth/hooks/use-sign-in-href';
import {
  CalendarFeedSection,
  firebaseMemberMailApi,
  firebaseProfileApi,
  MailPreferencesSection,
  ProfileCard,
} from '../../features/profile';
import { GUEST_UID, useSessionStore } from '../../features/session';
import { firebasePlanApi, PlanPanel } from '../../features/subscription';
import { useRouteParams } from '../../hooks/use-route-params';
import { useT } from '../../lib/i18n';
import { appMessages } from '../app-messages';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();
const leaveForStripe = (url: string): void => window.location.assign(url);
const copyText = (text: string): Promise<void> => navigator.clipboard.writeText(text);

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
  const role = useSessionStore((state) => state.role);
  const signInHref = useSignInHref();
  if (status === 'unknown') return <PageLoading title={t('profileTitle')} />;
  if (status !== 'signed-in' || !uid)
    return <SignInPrompt title={t('profileTitle')} loginHref={signInHref} />;
  const shownUid = routeUid && routeUid !== GUEST_UID ? routeUid : uid;
  // The plan's state, and on the member's own profile the way to Stripe's customer portal.
  // On their own profile, the member's e-mail choices and calendar feed (issue 19).
  return (
    <ProfileCard
      api={firebaseProfileApi}
      uid={shownUid}
      now={systemNow}
      own={shownUid === uid}
      renderSubscription={(user) => (
        <PlanPanel
          api={firebasePlanApi}
          user={user}
          canManage={shownUid === uid}
          returnUrl={window.location.href}
          assign={leaveForStripe}
        />
      )}
    >
      {shownUid === uid && (
        <div className="page profile-settings">
          <MailPreferencesSection api={firebaseMemberMailApi} uid={uid} coach={role === 'coach'} />
          <CalendarFeedSection
            api={firebaseMemberMailApi}
            uid={uid}
            origin={window.location.origin}
            copy={copyText}
          />
        </div>
      )}
    </ProfileCard>
  );
}
