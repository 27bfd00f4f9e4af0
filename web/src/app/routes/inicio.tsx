import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { firebaseNotificationsApi, NotificationList } from '../../features/notifications';
import { CreditSummary, firebaseProfileApi } from '../../features/profile';
import { firebaseScheduleApi, NextClass } from '../../features/schedule';
import { useSessionStore } from '../../features/session';
import { useT } from '../../lib/i18n';

const systemNow = (): number => Date.now();

/** Home: the next class, credits, notifications and the usual places to go. */
export default function InicioPage() {
  const t = useT();
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const signedIn = status === 'signed-in' && uid !== null;
  const scheduleHref = paths.calendario.getHref({ action: 'choose', type: 'user' });
  const myClassesHref = paths.misCompras.getHref({ type: 'user', action: 'view' });
  const buyHref = paths.paquetes.getHref({ number: 0 });
  return (
    <section className="page home" aria-labelledby="page-title">
      <h1 id="page-title">{t('menuHome')}</h1>
      {signedIn && (
        <>
          <NextClass
            api={firebaseScheduleApi}
            uid={uid}
            now={systemNow}
            myClassesHref={myClassesHref}
            scheduleHref={scheduleHref}
          />
          <CreditSummary api={firebaseProfileApi} uid={uid} now={systemNow} buyHref={buyHref} />
          <NotificationList api={firebaseNotificationsApi} uid={uid} />
        </>
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
          {!signedIn && (
            <li>
              <Link href={paths.login.getHref({})}>{t('menuLogin')}</Link>
            </li>
          )}
        </ul>
      </nav>
    </section>
  );
}
