import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { selectMemberUid, useSessionStore } from '../../features/session/stores/session-store';
import { BUILT_IN_LOOK, firstVisitCover, useBrandingStore } from '../../lib/branding';
import { holdFirstRead } from '../../lib/first-reads';
import { useT } from '../../lib/i18n';
import type { HomeMemberPanelsProps } from '../home-member-panels';
import '../home.css';

let loadedPanels: ComponentType<HomeMemberPanelsProps> | undefined;
const loadPanels = () =>
  import('../home-member-panels').then((module) => {
    loadedPanels = module.default;
    return module;
  });
const LazyPanels = lazy(loadPanels);

/**
 * Loads the member panels' chunk when home will show them: to a member, or while sign-in is
 * checked to the account this device last used (`selectMemberUid`). main.tsx waits for it
 * (router.tsx's `preloadPageAt`) when the app starts on home, so the first render draws the
 * panels and their reads start with it. For a guest it loads nothing: the first render is the
 * guest home index.html painted.
 */
export function preloadMemberPanels(): Promise<unknown> {
  return selectMemberUid(useSessionStore.getState()) ? loadPanels() : Promise.resolve();
}

/** The member panels: drawn at once when preloaded, else a moment later, below the tiles. */
function MemberPanels({ uid }: { uid: string }) {
  // Chosen once per mount, as router.tsx's lazy pages: switching later would remount them.
  const [preloaded] = useState(() => loadedPanels);
  const Panels = preloaded ?? LazyPanels;
  // Lazy panels read only once their chunk has loaded: held until they have started their
  // reads, so the session layer waits for those too (lib/first-reads.ts). Preloaded panels
  // start them in this render's effects, which hold for themselves.
  const hold = useRef<(() => void) | undefined>(undefined);
  const lazyLoad = !preloaded;
  useEffect(() => {
    if (!lazyLoad) return undefined;
    const release = holdFirstRead();
    hold.current = release;
    return release;
  }, [lazyLoad]);
  return (
    <Suspense fallback={null}>
      <div className="home-panels">
        <Panels uid={uid} onReading={lazyLoad ? () => hold.current?.() : undefined} />
      </div>
    </Suspense>
  );
}

/** Drawn at the page's width: the column from 1024 px (side navigation beside it), else the screen. */
export const HOME_COVER_SIZES = '(min-width: 1024px) 900px, 100vw';

/**
 * The studio's cover picture with its name, from the branding kept on the device (then live):
 * the box keeps its shape (the brand colour) while the picture loads or when there is none.
 * Decoration: the name is the header's, the picture says nothing the page needs.
 */
function HomeCover() {
  const branding = useBrandingStore((state) => state.branding);
  // Before the app has read the studio on a first visit: the picture index.html drew, if any.
  const cover = branding ? branding.cover : firstVisitCover();
  return (
    <figure className="home-cover" aria-hidden="true">
      {cover && (
        <img
          className="home-cover-picture"
          src={cover}
          srcSet={branding?.coverSrcSet}
          sizes={branding?.coverSrcSet ? HOME_COVER_SIZES : undefined}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
        />
      )}
      <figcaption className="home-cover-name">{branding?.name ?? BUILT_IN_LOOK.title}</figcaption>
    </figure>
  );
}

function QuickIcon({ children }: { children: ReactNode }) {
  return (
    <span className="quick-link-icon">
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {children}
      </svg>
    </span>
  );
}

const ICONS = {
  events: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  waitlist: <path d="M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z" />,
  about: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01" />,
  contact: <path d="M4 6h16v12H4zM4 7l8 6 8-6" />,
  login: <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />,
} as const;

/**
 * Home: the studio's cover, then the places the tabs do not lead to as large tiles (special events, the waiting list,
 * the studio's story and contact; Login for a guest), then, for a member, the next class and the
 * credits with their expiry. The tiles come first so the member
 * panels, when they arrive after the first render (the app started elsewhere, or as a guest who
 * then signed in), add below them and move nothing. index.html paints the guest's home before
 * the app starts (web/test/static-home.test.tsx keeps them equal).
 */
export default function InicioPage() {
  const t = useT();
  // While sign-in is checked, the account this device last used: its panels start at once.
  const signedInUid = useSessionStore(selectMemberUid);
  const tile = (href: string, icon: keyof typeof ICONS, label: string) => (
    <li>
      <Link href={href} className="quick-link">
        <QuickIcon>{ICONS[icon]}</QuickIcon>
        <span className="quick-link-label">{label}</span>
      </Link>
    </li>
  );
  return (
    <section className="page home" aria-labelledby="page-title">
      <h1 id="page-title">{t('menuHome')}</h1>
      <HomeCover />
      {!signedInUid && (
        // What a first-time visitor can do here: see the classes, make an account, an intro offer.
        <section className="home-welcome" aria-labelledby="home-welcome-title">
          <h2 id="home-welcome-title">{t('homeWelcomeTitle')}</h2>
          <p className="home-welcome-text">{t('homeWelcomeText')}</p>
          <p className="home-welcome-actions">
            <Link
              href={paths.calendario.getHref({ action: 'choose', type: 'user' })}
              className={buttonClass()}
            >
              {t('homeSeeSchedule')}
            </Link>
            <Link
              href={paths.registro.getHref({})}
              className={buttonClass({ variant: 'secondary' })}
            >
              {t('homeSignUp')}
            </Link>
          </p>
          <p className="home-welcome-offer">
            <Link href={paths.paquetes.getHref({ number: 0 })}>{t('homeIntroOffers')}</Link>
          </p>
        </section>
      )}
      <nav aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">{t('quickLinks')}</h2>
        <ul className="plain-list quick-links">
          {tile(paths.events.getHref({}), 'events', t('menuSpecialEvents'))}
          {tile(paths.waitlist.getHref({}), 'waitlist', t('menuMyWaitingList'))}
          {tile(paths.sobreNosotros.getHref({}), 'about', t('menuAboutUs'))}
          {tile(paths.contacto.getHref({}), 'contact', t('menuContact'))}
          {!signedInUid && tile(paths.login.getHref({}), 'login', t('menuLogin'))}
        </ul>
      </nav>
      {signedInUid && <MemberPanels uid={signedInUid} />}
    </section>
  );
}
