import type { PurchasesKey } from '../purchases-messages';
import { purchasesMessages } from '../purchases-messages';
import type { Payment, PaymentStatus } from '@studio/core';
import { formatDate } from '@studio/core';
import type { TextKey } from '../../../lib/i18n';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PurchasesApi } from '../api/purchases-api';
import { useOnline } from '../../../lib/use-online';
import { formatMoney } from '../money';

const NONE: Record<string, Payment> = {};

const STATUS_KEYS: Record<PaymentStatus, TextKey<PurchasesKey>> = {
  pending: 'paymentPending',
  paid: 'paymentPaid',
  failed: 'paymentFailedStatus',
  expired: 'paymentFailedStatus',
  refunded: 'paymentRefunded',
  'partially-refunded': 'paymentRefunded',
};

export interface PaymentListProps {
  api: PurchasesApi;
  uid: string;
}

/**
 * The member's purchases, newest first, with their status as the webhook records it. Until the
 * first answer it says it is loading, or offline that it cannot load: never "No purchases yet."
 */
export function PaymentList({ api, uid }: PaymentListProps) {
  const t = useT(purchasesMessages);
  const lang = useLangStore((state) => state.lang);
  const online = useOnline();
  const payments = useLive<Record<string, Payment> | null>(
    (onChange) => api.watchMyPayments(uid, onChange),
    null,
    [api, uid],
  );
  // Payments are not kept on the device, so offline there is nothing to show
  // (docs/architecture/web-app.md#offline).
  if (payments === null)
    return <p role="status">{online ? t('loading') : t('purchasesOffline')}</p>;
  const rows = Object.entries(payments).sort((a, b) => b[1].createdAt - a[1].createdAt);
  if (rows.length === 0) return <p>{t('noPurchases')}</p>;
  return (
    <ul className="plain-list">
      {rows.map(([id, payment]) => (
        <li key={id} className="card">
          <span>{formatDate(payment.createdAt)}</span> ·{' '}
          <span>{payment.items.map((item) => item.name).join(', ')}</span> ·{' '}
          <strong>{formatMoney(payment.amount, payment.currency, lang)}</strong> ·{' '}
          <span>{t(STATUS_KEYS[payment.status])}</span>
        </li>
      ))}
    </ul>
  );
}

export interface PaymentOutcomeProps {
  api: PurchasesApi;
  uid: string;
  /** Stripe's checkout session id from the return URL: the payment's id. */
  sessionId: string | null;
}

/** gracias-compra: the payment's status, live, until the webhook marks it paid or failed. */
export function PaymentOutcome({ api, uid, sessionId }: PaymentOutcomeProps) {
  const t = useT(purchasesMessages);
  const payments = useLive((onChange) => api.watchMyPayments(uid, onChange), NONE, [api, uid]);
  const payment = sessionId ? payments[sessionId] : undefined;
  return <p role="status">{t(payment ? STATUS_KEYS[payment.status] : 'paymentPending')}</p>;
}
