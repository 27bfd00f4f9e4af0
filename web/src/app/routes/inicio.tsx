import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useSessionStore } from '../../features/session/stores/session-store';
import { useT } from '../../lib/i18n';

const HomeMemberPanels = lazy(() => import('../home-member-panels'));

/** Home: the next class, credits, notifications and the usual places to go. */
export default function InicioPage() {
  const t = useT();
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const scheduleHref = paths.calendario.getHref({ action: 'choose', type: 'user' });
  const myClassesHref = paths.misCompras.getHref({ type: 'user', action: 'view' });
  const buyHref = paths.paquetes.getHref({ number: 0 });
  const signedInUid = status === 'signed-in' ? uid : null;
  return (
    <section className="page home" aria-labelledby="page-title">
      <h1 id="page-title">{t('menuHome')}</h1>
      {signedInUid && (
        <Suspense fallback={null}>
          <HomeMemberPanels uid={signedInUid} />
        </Suspense>
      )}
      <nav aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">{t('quickLinks')}</h2>
        <ul className="plain-list quick-links">
          <li>
            <Link href={scheduleHref}>{t('menuReserveClass')}</Link>
          </li>
          <li>
            <Link href={buyHref}>{t('menuBuyCredits')}</Link>
          </li>
          <li>
            <Link href={myClassesHref}>{t('menuMyClasses')}</Link>
          </li>
          <li>
            <Link href={paths.events.getHref({})}>{t('menuSpecialEvents')}</Link>
          </li>
          {!signedInUid && (
            <li>
              <Link href={paths.login.getHref({})}>{t('menuLogin')}</Link>
            </li>
          )}
        </ul>
      </nav>
    </section>
  );
}
