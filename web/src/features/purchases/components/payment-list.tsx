import type { PurchasesKey } from '../purchases-messages';
import { purchasesMessages } from '../purchases-messages';
import '../purchases.css';
import type { Payment, PaymentStatus } from '@studio/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { BadgeTone } from '../../../components/ui/badge';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TextKey } from '../../../lib/i18n';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PurchasesApi } from '../api/purchases-api';
import { useOnline } from '../../../lib/use-online';
import { dayLabel, formatMoney } from '../money';

const NONE: Record<string, Payment> = {};

const STATUS_KEYS: Record<PaymentStatus, TextKey<PurchasesKey>> = {
  pending: 'paymentPending',
  paid: 'paymentPaid',
  failed: 'paymentFailedStatus',
  expired: 'paymentFailedStatus',
  refunded: 'paymentRefunded',
  'partially-refunded': 'paymentRefunded',
};

/** Placeholder rows while the first answer is on its way. */
const SKELETON_ROWS = 2;

const STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  expired: 'danger',
  refunded: 'neutral',
  'partially-refunded': 'neutral',
};

export interface PaymentListProps {
  api: PurchasesApi;
  uid: string;
  /** Where an empty list sends the member to buy (paquetes). */
  packagesHref?: string;
}

/**
 * The member's purchases, newest first, with their status as the webhook records it. Until the
 * first answer it says it is loading, or offline that it cannot load: never "No purchases yet."
 */
export function PaymentList({ api, uid, packagesHref }: PaymentListProps) {
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
  if (payments === null) {
    if (!online)
      return (
        <div role="status">
          <EmptyState title={t('purchasesOffline')} />
        </div>
      );
    return (
      <>
        <p role="status" className="visually-hidden">
          {t('loading')}
        </p>
        <ul className="plain-list" aria-hidden="true">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <Card as="li" compact key={index} className="payment-row">
              <span className="payment-what">
                <Skeleton width="10em" height="1.5em" />
                <Skeleton width="7em" height="1.3em" />
              </span>
              <Skeleton width="9em" height="1.5em" />
            </Card>
          ))}
        </ul>
      </>
    );
  }
  const rows = Object.entries(payments).sort((a, b) => b[1].createdAt - a[1].createdAt);
  if (rows.length === 0)
    return (
      <EmptyState
        title={t('noPurchases')}
        description={t('noPurchasesHint')}
        action={
          packagesHref !== undefined && (
            <Link href={packagesHref} className={buttonClass({ variant: 'secondary' })}>
              {t('browsePackages')}
            </Link>
          )
        }
      />
    );
  return (
    <ul className="plain-list">
      {rows.map(([id, payment]) => (
        <Card as="li" compact key={id} className="payment-row">
          <span className="payment-what">
            <span className="payment-items">
              {payment.items.map((item) => item.name).join(', ')}
            </span>
            <span className="payment-date">{dayLabel(payment.createdAt, lang)}</span>
          </span>
          <span className="payment-figures">
            <span className="payment-amount">
              {formatMoney(payment.amount, payment.currency, lang)}
            </span>
            <Badge tone={STATUS_TONES[payment.status]}>{t(STATUS_KEYS[payment.status])}</Badge>
          </span>
        </Card>
      ))}
    </ul>
  );
}

export interface PaymentOutcomeProps {
  api: PurchasesApi;
  uid: string;
  /** Stripe's checkout session id from the return URL: the payment's id. */
  sessionId: string | null;
  /** Shown once the payment is confirmed: the new balance (the route composes it). */
  paid?: ReactNode;
  /** "Book a class" once paid; "See the packs" if it failed. */
  bookHref: string;
  packagesHref: string;
  /** My Classes, where the member's purchases are listed (shown when there is no session). */
  purchasesHref: string;
}

const OUTCOME_LINES: Record<PaymentStatus, TextKey<PurchasesKey>> = {
  pending: 'thanksWaiting',
  paid: 'thanksReceived',
  failed: 'thanksFailed',
  expired: 'thanksFailed',
  refunded: 'paymentRefunded',
  'partially-refunded': 'paymentRefunded',
};

/**
 * gracias-compra: the payment followed live until the webhook marks it paid or failed; once
 * paid, what was bought, the new balance and "Book a class".
 */
export function PaymentOutcome({
  api,
  uid,
  sessionId,
  paid,
  bookHref,
  packagesHref,
  purchasesHref,
}: PaymentOutcomeProps) {
  const t = useT(purchasesMessages);
  const lang = useLangStore((state) => state.lang);
  const payments = useLive((onChange) => api.watchMyPayments(uid, onChange), NONE, [api, uid]);
  const payment = sessionId && Object.hasOwn(payments, sessionId) ? payments[sessionId] : undefined;
  const status: PaymentStatus = payment?.status ?? 'pending';
  // Reached without Stripe's return (no session): nothing to follow, so no endless spinner.
  if (sessionId === null)
    return (
      <div className="payment-outcome">
        <p className="payment-outcome-line">{t('thanksNoSession')}</p>
        <div className="payment-outcome-actions">
          <Link href={bookHref} className={buttonClass()}>
            {t('bookAClass')}
          </Link>
          <Link href={purchasesHref} className={buttonClass({ variant: 'secondary' })}>
            {t('seeMyPurchases')}
          </Link>
        </div>
      </div>
    );
  return (
    <div className={`payment-outcome payment-outcome-${STATUS_TONES[status]}`}>
      <div className="payment-outcome-status">
        {status === 'pending' ? (
          <span className="spinner payment-outcome-spinner" aria-hidden="true" />
        ) : (
          <span className="payment-outcome-mark" aria-hidden="true">
            {status === 'paid' ? '✓' : '!'}
          </span>
        )}
        <p role="status">{t(STATUS_KEYS[status])}</p>
      </div>
      <p className="payment-outcome-line">{t(OUTCOME_LINES[status])}</p>
      {payment && (
        <p className="payment-outcome-what">
          {payment.items.map((item) => item.name).join(', ')} ·{' '}
          <strong>{formatMoney(payment.amount, payment.currency, lang)}</strong>
        </p>
      )}
      {status === 'paid' && paid}
      <div className="payment-outcome-actions">
        {status === 'failed' || status === 'expired' ? (
          <Link href={packagesHref} className={buttonClass()}>
            {t('tryAgain')}
          </Link>
        ) : (
          <Link
            href={bookHref}
            className={buttonClass({ variant: status === 'paid' ? 'primary' : 'secondary' })}
          >
            {t('bookAClass')}
          </Link>
        )}
      </div>
    </div>
  );
}
