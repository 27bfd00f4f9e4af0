/**
 * The parts of the shell that are not needed for the first paint, in one chunk loaded right
 * after it: the session bootstrap (auth listener, server-time check, user details), the
 * waiver and subscription dialogs, the service worker, the side menu and the notification bell.
 * They pull in the date helpers and the schemas of `@studio/core`, which the first route
 * leaves out (docs/architecture/web-app.md#first-route-and-the-deferred-shell).
 */
import { useLocation } from 'wouter';
import { STUDIO_BRANCH, VERSION_LABEL } from '../../config/studio';
import { BrandingSync } from '../../features/branding';
import type { Viewer } from '../../features/navigation';
import { SideMenu } from '../../features/navigation';
import { NotificationBell } from '../../features/notifications';
import { ServiceWorkerGate } from '../../features/pwa';
import { useLogout, useSessionBootstrap, useSessionStore } from '../../features/session';
import { SubscriptionModal } from '../../features/subscription';
import { WaiverAlert } from '../../features/waiver';
import { isKioskPath } from '../../lib/kiosk-lock';
import { clearOfflineCopies } from '../../lib/offline-copy';
import type { ShellApis } from './shell-apis';

export interface SessionLayerProps {
  apis: ShellApis;
  serviceWorker: boolean;
  now: () => number;
  /** When the app started: the offer, the prices and the service worker count from it. */
  startedAt: number;
}

/**
 * Starts the session and shows what it decides: waiver, subscription offer, update prompt; and
 * follows the studio's branding. It mounts after the page's first answer has been presented, so
 * the spec's delays "after start" count from `startedAt`, not from its mount; the user details
 * count from the sign-in, when auth reports the account.
 */
export function SessionLayer({ apis, serviceWorker, now, startedAt }: SessionLayerProps) {
  useSessionBootstrap(apis.session, now);
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const profile = useSessionStore((state) => state.profile);
  const waiverAccepted = useSessionStore((state) => state.waiverAccepted);
  const signedInUid = status === 'signed-in' ? uid : null;
  const waiverPending = Boolean(signedInUid && profile && !profile.conditions);
  // The kiosk is the members' screen at the door: the desk account's own dialogs wait.
  const onKiosk = isKioskPath(useLocation()[0]);
  return (
    <>
      {signedInUid && profile && !onKiosk && (
        <WaiverAlert
          uid={signedInUid}
          accepted={profile.conditions}
          api={apis.waiver}
          onAccepted={waiverAccepted}
          name={profile.name ?? undefined}
        />
      )}
      <SubscriptionModal
        api={apis.subscription}
        activeSubscription={profile?.activeSubscription ?? false}
        siteHost={window.location.hostname}
        branch={STUDIO_BRANCH}
        now={now}
        held={waiverPending || onKiosk}
        startedAt={startedAt}
      />
      <ServiceWorkerGate enabled={serviceWorker} startedAt={startedAt} />
      <BrandingSync api={apis.studio} />
    </>
  );
}

export interface SideMenuPanelProps {
  id: string;
  apis: ShellApis;
  viewer: Viewer;
  /** The branch a branch manager manages (their menu); null: the chain. */
  branchScope: string | null;
  uid: string;
  signedIn: boolean;
  open: boolean;
  onClose: () => void;
}

/**
 * The spec's side menu (items per role, version label) with Logout for the signed-in. Logout
 * also drops the offline copies (My Classes) before the page reloads.
 */
export function SideMenuPanel({ apis, signedIn, ...menu }: SideMenuPanelProps) {
  const logout = useLogout(apis.session);
  const logoutAndForget = () => {
    clearOfflineCopies()
      .catch((error: unknown) => console.error('offline copies not cleared', error))
      .finally(logout);
  };
  return (
    <SideMenu
      {...menu}
      versionLabel={VERSION_LABEL}
      onLogout={signedIn ? logoutAndForget : undefined}
    />
  );
}

export { NotificationBell };
