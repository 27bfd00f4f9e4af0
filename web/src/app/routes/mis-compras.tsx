import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
// Deep import: the sign-in forms need not load with this page.
import { useSignInHref } from '../../features/auth/hooks/use-sign-in-href';
import { firebasePurchasesApi, PaymentList } from '../../features/purchases';
import { firebaseScheduleApi, MyClasses } from '../../features/schedule';
import { scheduleMessages } from '../../features/schedule/schedule-messages';
import { selectMemberUid, useSessionStore } from '../../features/session';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { appMessages } from '../app-messages';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();

function Purchases({ uid }: { uid: string }) {
  const t = useT(appMessages);
  return (
    <section aria-labelledby="purchases-title" className="my-classes-section">
      <h2 id="purchases-title">{t('myPurchases')}</h2>
      <PaymentList
        api={firebasePurchasesApi}
        uid={uid}
        packagesHref={paths.paquetes.getHref({ number: 0 })}
      />
    </section>
  );
}

/** Spec `mis-compras/{type}/{action}`: the member's classes (upcoming, past) and purchases. */
export default function MisComprasPage() {
  const t = useT(appMessages);
  const ts = useT(scheduleMessages);
  const status = useSessionStore((state) => state.status);
  // While sign-in is checked, the account this device last used: its reads start at once.
  const uid = useSessionStore(selectMemberUid);
  const signInHref = useSignInHref();
  // The purchases read at once but appear with the classes above them, which would otherwise
  // push them down when they answer (a layout shift).
  const [classesLoaded, setClassesLoaded] = useState(false);
  // A member opening this page directly is not a guest while sign-in is still being checked.
  if (!uid && status === 'unknown') return <PageLoading title={t('menuMyClasses')} />;
  if (!uid) return <SignInPrompt title={t('menuMyClasses')} loginHref={signInHref} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menuMyClasses')}</h1>
      {/* Static, so index.html paints it with the heading: larger than what the classes draw
          (docs/architecture/performance.md#member-pages-painted-by-indexhtml). */}
      <p>{ts('myClassesLead')}</p>
      <MyClasses
        api={firebaseScheduleApi}
        uid={uid}
        now={systemNow}
        scheduleHref={paths.calendario.getHref({ action: 'choose', type: 'user' })}
        onLoaded={() => setClassesLoaded(true)}
      />
      <div hidden={!classesLoaded}>
        <Purchases uid={uid} />
      </div>
    </section>
  );
}
