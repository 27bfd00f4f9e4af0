import { Link, useSearch } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { CreditSummary, firebaseProfileApi } from '../../features/profile';
import { firebasePurchasesApi, PaymentOutcome, useCheckoutStore } from '../../features/purchases';
import { selectMemberUid, useSessionStore } from '../../features/session';
import { useT } from '../../lib/i18n';
import { appMessages } from '../app-messages';
import { useEffect } from 'react';

const systemNow = (): number => Date.now();

/**
 * Stripe Checkout returns here. The credits arrive when the payment webhook has run, so the
 * balance below is live and grows by itself.
 */
export default function GraciasCompraPage() {
  const t = useT(appMessages);
  const uid = useSessionStore(selectMemberUid);
  const clearCart = useCheckoutStore((state) => state.clearCart);
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  useEffect(() => clearCart(), [clearCart]);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('paymentThanks')}</h1>
      {uid && (
        <Card>
          <PaymentOutcome api={firebasePurchasesApi} uid={uid} sessionId={sessionId} />
        </Card>
      )}
      {uid && (
        <CreditSummary
          api={firebaseProfileApi}
          uid={uid}
          now={systemNow}
          buyHref={paths.paquetes.getHref({ number: 0 })}
        />
      )}
      <Link
        href={paths.calendario.getHref({ action: 'choose', type: 'user' })}
        className={buttonClass({ className: 'purchase-footer' })}
      >
        {t('menuReserveClass')}
      </Link>
    </section>
  );
}
