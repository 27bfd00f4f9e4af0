import type { LedgerEntry } from '@studio/core';
import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { CreditLedger, firebaseProfileApi } from '../../features/profile';
import { firebaseScheduleApi, MyClasses } from '../../features/schedule';
import { useSessionStore } from '../../features/session';
import { useT } from '../../lib/i18n';
import { useLive } from '../../lib/use-live';

const systemNow = (): number => Date.now();
const NO_ENTRIES: Record<string, LedgerEntry> = {};
const PURCHASES = ['grant'] as const;

function Purchases({ uid }: { uid: string }) {
  const t = useT();
  const ledger = useLive((onChange) => firebaseProfileApi.watchLedger(uid, onChange), NO_ENTRIES, [
    uid,
  ]);
  return (
    <section aria-labelledby="purchases-title">
      <h2 id="purchases-title">{t('myPurchases')}</h2>
      <CreditLedger entries={ledger} types={PURCHASES} emptyText={t('noPurchases')} />
    </section>
  );
}

/** Spec `mis-compras/{type}/{action}`: the member's classes (upcoming, past) and purchases. */
export default function MisComprasPage() {
  const t = useT();
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  if (status !== 'signed-in' || !uid)
    return <SignInPrompt title={t('menuMyClasses')} loginHref={paths.login.getHref({})} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menuMyClasses')}</h1>
      <MyClasses
        api={firebaseScheduleApi}
        uid={uid}
        now={systemNow}
        scheduleHref={paths.calendario.getHref({ action: 'choose', type: 'user' })}
      />
      <Purchases uid={uid} />
    </section>
  );
}
