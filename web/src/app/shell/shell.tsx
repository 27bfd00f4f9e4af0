import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Toaster } from '../../components/ui/toast';
import { HOME_HREF, paths } from '../../config/paths';
import { BUILT_IN_STUDIO_NAME } from '../../config/studio';
// Deep imports: a feature's index also re-exports code the first route must not load.
import { TabBar } from '../../features/navigation/components/tab-bar';
import type { Viewer } from '../../features/navigation/menu-items';
import { isWorkspaceViewer } from '../../features/navigation/menu-items';
import { useLangSwitch } from '../../features/session/hooks/use-lang-switch';
import { selectBranchScope, useSessionStore } from '../../features/session/stores/session-store';
import { APP_STARTED_AT } from '../../lib/app-start';
import { useBrandingStore } from '../../lib/branding';
import { firstAnswersPresented } from '../../lib/first-reads';
import { useLangStore, useT } from '../../lib/i18n';
import { HeaderAvatar } from './header-avatar';
import { HeaderCart } from './header-cart';
import { LanguageSwitch } from './language-switch';
import type { ShellApis } from './shell-apis';
import type * as ShellDeferred from './shell-deferred';

/**
 * The longest the session layer waits for the page's first reads (lib/first-reads.ts): a read
 * that never answers (offline, refused) must not keep the session from starting.
 */
const SESSION_LAYER_WAIT_MS = 2000;

/** Resolved by the frame's first commit, after the page's effects have started its reads. */
let frameCommitted: () => void = () => undefined;
const firstCommit = new Promise<void>((resolve) => {
  frameCommitted = resolve;
});

// One chunk for all three, fetched once the frame has rendered, the page's first reads have
// answered and what they drew is on screen, the largest paint settled (lib/first-reads.ts;
// docs/architecture/web-app.md#first-route-and-the-deferred-shell,
// docs/architecture/performance.md#the-load-chain-of-a-data-page). The import runs in a task of
// its own: with it Vite's helper inserts a preload link for each of the chunk's ~20
// dependencies, work that made the first render's slice a long task
// (docs/decisions/128-main-thread-tasks-after-the-first-paint.md).
let deferredChunk: Promise<typeof ShellDeferred> | undefined;
const loadDeferred = () =>
  (deferredChunk ??= firstCommit
    .then(() => firstAnswersPresented(SESSION_LAYER_WAIT_MS))
    .then(() => import('./shell-deferred')));
const SessionLayer = lazy(() => loadDeferred().then((m) => ({ default: m.SessionLayer })));
const SideMenuPanel = lazy(() => loadDeferred().then((m) => ({ default: m.SideMenuPanel })));
const NotificationBell = lazy(() => loadDeferred().then((m) => ({ default: m.NotificationBell })));

export interface ShellProps {
  apis: ShellApis;
  children: ReactNode;
  /** Registers the service worker (production builds). */
  serviceWorker?: boolean;
  now?: () => number;
  /** When the app started: the spec's delays "after start" count from it (lib/app-start.ts). */
  startedAt?: number;
}

const SIDE_MENU_ID = 'side-menu';
/**
 * A guest's UID is the text null (features/session's GUEST_UID). Not imported from
 * there, so the session code stays out of the first route.
 */
const GUEST_UID = 'null';
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
 * The frame around every page: header (menu button, language, bell, avatar), side menu, tab
 * bar, toasts, and the session-driven dialogs (waiver, subscription offer). The frame renders
 * at once; the session, the dialogs, the side menu and the bell follow in one lazy chunk.
 */
export function Shell({
  apis,
  children,
  serviceWorker = false,
  now = systemNow,
  startedAt = APP_STARTED_AT,
}: ShellProps) {
  const t = useT();
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const branchScope = useSessionStore(selectBranchScope);
  const role = useSessionStore((state) => state.role);
  const profile = useSessionStore((state) => state.profile);
  const switchLang = useLangSwitch(apis.session);
  const lang = useLangStore((state) => state.lang);
  const branding = useBrandingStore((state) => state.branding);

  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // The page's effects, which start its reads, ran before this one (children first).
  useEffect(() => frameCommitted(), []);

  const signedInUid = status === 'signed-in' ? uid : null;
  const viewer: Viewer = signedInUid ? (role ?? 'member') : 'guest';
  const menuUid = signedInUid ?? GUEST_UID;
  const workspace = isWorkspaceViewer(viewer);
  return (
    <div className={workspace ? 'app is-workspace' : 'app'}>
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
          aria-controls={menuOpen ? SIDE_MENU_ID : undefined}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        {/* index.html paints the same name and logo from the cached branding before React runs. */}
        <Link href={workspace ? paths.adminToday.getHref({}) : HOME_HREF} className="app-title">
          {branding?.logo && (
            <img className="app-logo" src={branding.logo} alt="" width="32" height="32" />
          )}
          <span className="app-title-text">
            {branding?.name ?? BUILT_IN_STUDIO_NAME ?? t('appName')}
          </span>
        </Link>
        {/* A box of one width whoever is signed in; index.html paints it empty (styles.css). */}
        <div className={signedInUid ? 'header-end header-end-signed-in' : 'header-end'}>
          <LanguageSwitch onChange={switchLang} />
          <HeaderCart />
          {signedInUid && (
            <Suspense fallback={null}>
              <NotificationBell api={apis.notifications} uid={signedInUid} />
            </Suspense>
          )}
          {signedInUid && <HeaderAvatar uid={signedInUid} img={profile?.img ?? null} />}
        </div>
      </header>
      <Suspense fallback={null}>
        <SideMenuPanel
          id={SIDE_MENU_ID}
          apis={apis}
          viewer={viewer}
          branchScope={branchScope}
          uid={menuUid}
          signedIn={signedInUid !== null}
          open={menuOpen}
          onClose={closeMenu}
        />
      </Suspense>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <TabBar viewer={viewer} uid={menuUid} branchScope={branchScope} />
      <Toaster label={t('notifications')} />
      <Suspense fallback={null}>
        <SessionLayer apis={apis} serviceWorker={serviceWorker} now={now} startedAt={startedAt} />
      </Suspense>
    </div>
  );
}
