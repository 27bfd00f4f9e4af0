import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
// Deep import: the sign-in forms need not load with this page.
import { useSignInHref } from '../../features/auth/hooks/use-sign-in-href';
import {
  CalendarFeedSection,
  firebaseMemberMailApi,
  firebaseProfileApi,
  LanguageSection,
  NotificationSettings,
  ProfileCard,
} from '../../features/profile';
import type { SessionApi } from '../../features/session';
import { GUEST_UID, selectMemberUid, useLangSwitch, useSessionStore } from '../../features/session';
import { firebasePushApi, PushHere, QuietHours, usePushChoices } from '../../features/push';
import { firebaseDeskApi, MemberPassCard } from '../../features/desk';
import { firebasePlanApi, PlanPanel } from '../../features/subscription';
import { firebasePlansApi, MembershipPanel } from '../../features/plans';
import { useRouteParams } from '../../hooks/use-route-params';
import { useT } from '../../lib/i18n';
import { appMessages } from '../app-messages';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();
const leaveForStripe = (url: string): void => window.location.assign(url);
const copyText = (text: string): Promise<void> => navigator.clipboard.writeText(text);
// The header's language switch keeps the choice on the profile the same way; loaded on use.
const langApi: Pick<SessionApi, 'saveLang'> = {
  saveLang: async (uid, lang) =>
    (await import('../../features/session/api/save-lang')).saveLang(uid, lang),
};

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
  // While sign-in is checked, the account this device last used: its reads start at once.
  const uid = useSessionStore(selectMemberUid);
  const role = useSessionStore((state) => state.role);
  const signInHref = useSignInHref();
  const switchLang = useLangSwitch(langApi);
  if (!uid && status === 'unknown') return <PageLoading title={t('profileTitle')} />;
  if (!uid) return <SignInPrompt title={t('profileTitle')} loginHref={signInHref} />;
  const shownUid = routeUid && routeUid !== GUEST_UID ? routeUid : uid;
  // The plan's state, and on the member's own profile the way to Stripe's customer portal.
  // On their own profile, the member's e-mail choices and calendar feed.
  return (
    <ProfileCard
      api={firebaseProfileApi}
      uid={shownUid}
      now={systemNow}
      own={shownUid === uid}
      buyHref={shownUid === uid ? paths.paquetes.getHref({ number: 0 }) : undefined}
      mainSections={
        shownUid === uid && (
          <>
            <MemberPassCard api={firebaseDeskApi} uid={uid} />
            <CalendarFeedSection
              api={firebaseMemberMailApi}
              uid={uid}
              origin={window.location.origin}
              copy={copyText}
            />
          </>
        )
      }
      renderSubscription={(user) => (
        <>
          {user?.membership !== undefined && user.membership.status !== 'ended' && (
            <MembershipPanel api={firebasePlansApi} uid={shownUid} canManage={shownUid === uid} />
          )}
          <PlanPanel
            api={firebasePlanApi}
            user={user}
            canManage={shownUid === uid}
            returnUrl={window.location.href}
            assign={leaveForStripe}
            planHref={paths.paquetes.getHref({ number: 0 })}
          />
        </>
      )}
    >
      {shownUid === uid && (
        <>
          <LanguageSection onChange={switchLang} />
          <Notifications uid={uid} coach={role === 'coach'} />
        </>
      )}
    </ProfileCard>
  );
}

/** E-mail and push in one table, with push on this device and quiet hours. */
function Notifications({ uid, coach }: { uid: string; coach: boolean }) {
  const push = usePushChoices(firebasePushApi, uid);
  return (
    <NotificationSettings
      api={firebaseMemberMailApi}
      uid={uid}
      coach={coach}
      push={push}
      pushHere={<PushHere api={firebasePushApi} uid={uid} now={systemNow} />}
      quietHours={<QuietHours api={firebasePushApi} uid={uid} />}
    />
  );
}
