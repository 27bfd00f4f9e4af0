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
  const bookHref = paths.calendario.getHref({ action: 'choose', type: 'user' });
  const packagesHref = paths.paquetes.getHref({ number: 0 });
  return (
    <section className="page thanks" aria-labelledby="page-title">
      <h1 id="page-title">{t('paymentThanks')}</h1>
      {uid ? (
        <Card className="thanks-card">
          <PaymentOutcome
            api={firebasePurchasesApi}
            uid={uid}
            sessionId={sessionId}
            bookHref={bookHref}
            packagesHref={packagesHref}
            purchasesHref={paths.misCompras.getHref({ type: 'user', action: 'view' })}
            paid={
              <CreditSummary
                api={firebaseProfileApi}
                uid={uid}
                now={systemNow}
                buyHref={packagesHref}
              />
            }
          />
        </Card>
      ) : (
        <Link href={bookHref} className={buttonClass({ className: 'purchase-footer' })}>
          {t('menuReserveClass')}
        </Link>
      )}
    </section>
  );
}
