import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Toaster } from '../../components/ui/toast';
import { HOME_HREF } from '../../config/paths';
import { STUDIO_BRANCH, VERSION_LABEL } from '../../config/studio';
import type { Viewer } from '../../features/navigation';
import { SideMenu, TabBar } from '../../features/navigation';
import { ServiceWorkerGate } from '../../features/pwa';
import type { SessionApi } from '../../features/session';
import {
  GUEST_UID,
  useLangSwitch,
  useLogout,
  useSessionBootstrap,
  useSessionStore,
} from '../../features/session';
import type { SubscriptionApi } from '../../features/subscription';
import { SubscriptionModal } from '../../features/subscription';
import type { WaiverApi } from '../../features/waiver';
import { WaiverAlert } from '../../features/waiver';
import { useLangStore, useT } from '../../lib/i18n';
import { HeaderAvatar } from './header-avatar';
import { LanguageSwitch } from './language-switch';

export interface ShellApis {
  session: SessionApi;
  waiver: WaiverApi;
  subscription: SubscriptionApi;
}

export interface ShellProps {
  apis: ShellApis;
  children: ReactNode;
  /** Registers the service worker (production builds). */
  serviceWorker?: boolean;
  now?: () => number;
}

const SIDE_MENU_ID = 'side-menu';
const systemNow = (): number => Date.now();

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16M4 12h16M4 18h16"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The frame around every page: header (menu button, language, avatar), side menu, tab bar,
 * toasts, and the session-driven dialogs (waiver, subscription offer).
 */
export function Shell({ apis, children, serviceWorker = false, now = systemNow }: ShellProps) {
  const t = useT();
  useSessionBootstrap(apis.session, now);
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const role = useSessionStore((state) => state.role);
  const profile = useSessionStore((state) => state.profile);
  const waiverAccepted = useSessionStore((state) => state.waiverAccepted);
  const logout = useLogout(apis.session);
  const switchLang = useLangSwitch(apis.session);
  const lang = useLangStore((state) => state.lang);

  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const signedInUid = status === 'signed-in' ? uid : null;
  const viewer: Viewer = signedInUid ? (role ?? 'member') : 'guest';
  const menuUid = signedInUid ?? GUEST_UID;
  const waiverPending = Boolean(signedInUid && profile && !profile.conditions);

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <header className="app-header">
        <button
          ref={menuButton}
          type="button"
          className="icon-button menu-button"
          aria-label={t('openMenu')}
          aria-expanded={menuOpen}
          aria-controls={SIDE_MENU_ID}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link href={HOME_HREF} className="app-title">
          {t('appName')}
        </Link>
        <div className="header-end">
          <LanguageSwitch onChange={switchLang} />
          {signedInUid && <HeaderAvatar uid={signedInUid} img={profile?.img ?? null} />}
        </div>
      </header>
      <SideMenu
        id={SIDE_MENU_ID}
        viewer={viewer}
        uid={menuUid}
        versionLabel={VERSION_LABEL}
        open={menuOpen}
        onClose={closeMenu}
        onLogout={signedInUid ? logout : undefined}
      />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <TabBar uid={menuUid} />
      <Toaster label={t('notifications')} />
      {signedInUid && profile && (
        <WaiverAlert
          uid={signedInUid}
          accepted={profile.conditions}
          api={apis.waiver}
          onAccepted={waiverAccepted}
        />
      )}
      <SubscriptionModal
        api={apis.subscription}
        activeSubscription={profile?.activeSubscription ?? false}
        siteHost={window.location.hostname}
        branch={STUDIO_BRANCH}
        now={now}
        held={waiverPending}
      />
      <ServiceWorkerGate enabled={serviceWorker} />
    </div>
  );
}
