import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { selectMemberUid, useSessionStore } from '../../features/session/stores/session-store';
import { holdFirstRead } from '../../lib/first-reads';
import { useT } from '../../lib/i18n';
import '../home.css';

const HomeMemberPanels = lazy(() => import('../home-member-panels'));

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
  reserve: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18M9 15l2 2 4-4" />
    </>
  ),
  buy: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  mine: <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />,
  events: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  login: <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />,
} as const;

/**
 * Home: the usual places to go as large tiles (book, buy, my classes, events), then, for a
 * member, the next class and the credits with their expiry. The tiles come first so the member
 * panels, which arrive a moment later, add below them and move nothing. index.html paints the
 * same markup before the app starts (web/test/static-home.test.tsx keeps them equal).
 */
export default function InicioPage() {
  const t = useT();
  // While sign-in is checked, the account this device last used: its panels start at once.
  const signedInUid = useSessionStore(selectMemberUid);
  // The panels read only once their chunk has loaded: held until they have started their reads,
  // so the session layer waits for those too (lib/first-reads.ts).
  const panelsHold = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!signedInUid) return undefined;
    const release = holdFirstRead();
    panelsHold.current = release;
    return release;
  }, [signedInUid]);
  const scheduleHref = paths.calendario.getHref({ action: 'choose', type: 'user' });
  const myClassesHref = paths.misCompras.getHref({ type: 'user', action: 'view' });
  const buyHref = paths.paquetes.getHref({ number: 0 });
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
      <nav aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">{t('quickLinks')}</h2>
        <ul className="plain-list quick-links">
          {tile(scheduleHref, 'reserve', t('menuReserveClass'))}
          {tile(buyHref, 'buy', t('menuBuyCredits'))}
          {tile(myClassesHref, 'mine', t('menuMyClasses'))}
          {tile(paths.events.getHref({}), 'events', t('menuSpecialEvents'))}
          {!signedInUid && tile(paths.login.getHref({}), 'login', t('menuLogin'))}
        </ul>
      </nav>
      {signedInUid && (
        <Suspense fallback={null}>
          <div className="home-panels">
            <HomeMemberPanels uid={signedInUid} onReading={() => panelsHold.current?.()} />
          </div>
        </Suspense>
      )}
    </section>
  );
}
