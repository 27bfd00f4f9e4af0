import { SUBSCRIPTION_CREDITS } from '@studio/core';
import { useId } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useLangStore, useT } from '../../../lib/i18n';
import type { SubscriptionModalOptions } from '../hooks/use-subscription-modal';
import { useSubscriptionModal } from '../hooks/use-subscription-modal';
import { subscriptionMessages } from '../subscription-messages';

export type SubscriptionModalProps = SubscriptionModalOptions;

function usePriceFormat(): (amount: number) => string {
  const lang = useLangStore((state) => state.lang);
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  return (amount) => format.format(amount);
}

/** BEST CHOICE, 30 credits monthly, struck-out regular price and the offer price. */
export function SubscriptionModal(props: SubscriptionModalProps) {
  const t = useT(subscriptionMessages);
  const formatPrice = usePriceFormat();
  const titleId = useId();
  const textId = useId();
  const { open, offer, close, subscribe } = useSubscriptionModal(props);

  if (!open) return null;

  return (
    <Dialog labelledBy={titleId} describedBy={textId} onDismiss={close} className="subscription">
      <button
        type="button"
        className="icon-button dialog-close"
        aria-label={t('close')}
        onClick={close}
      >
        <span aria-hidden="true">×</span>
      </button>
      <span className="summer-tag">{t('subscriptionSummerTag')}</span>
      <h2 id={titleId}>{t('subscriptionTitle')}</h2>
      <p className="subscription-credits" aria-hidden="true">
        {SUBSCRIPTION_CREDITS}
      </p>
      {offer && (
        <p className="subscription-prices">
          {offer.regular !== offer.discounted && (
            <s>
              <span className="visually-hidden">{t('regularPrice')}: </span>$
              {formatPrice(offer.regular)} USD
            </s>
          )}{' '}
          <strong>
            <span className="visually-hidden">{t('offerPrice')}: </span>$
            {formatPrice(offer.discounted)} USD
          </strong>
        </p>
      )}
      <p id={textId}>{t('subscriptionText')}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button"
          data-autofocus
          disabled={!offer}
          onClick={subscribe}
        >
          {t('subscriptionButton', { price: offer ? formatPrice(offer.discounted) : '…' })}
        </button>
      </div>
    </Dialog>
  );
}
