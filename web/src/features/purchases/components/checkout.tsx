import { purchasesMessages } from '../purchases-messages';
import '../purchases.css';
import type { CallableResult, PurchaseKind } from '@studio/core';
import type { FormEvent } from 'react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useLangStore, useT } from '../../../lib/i18n';
import type { PriceRequest, PurchasesApi } from '../api/purchases-api';
import { formatMoney } from '../money';
import { useCheckoutStore } from '../stores/checkout-store';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { SecurePayment } from './secure-payment';

export type Purchase =
  | { kind: Exclude<PurchaseKind, 'cart' | 'subscription'>; packageId: string }
  | { kind: 'subscription' }
  | { kind: 'cart'; items: NonNullable<PriceRequest['items']> };

export interface CheckoutProps {
  api: PurchasesApi;
  purchase: Purchase;
  signedIn: boolean;
  loginHref: string;
  initialPromocode?: string;
  branch?: string;
  successUrl: string;
  cancelUrl: string;
  /** Leaves for Stripe Checkout (`window.location.assign` in the app). */
  assign: (url: string) => void;
  /**
   * A review step (confirmar-compra): instead of paying here, a link to the screen that pays
   * (realizar-compra). The coupon applied here is kept for it.
   */
  continueHref?: string;
}

type Price = CallableResult<'previewPrice'>;

/**
 * Confirm and pay: the price from `previewPrice` (with the coupon, if any), then
 * `createCheckoutSession` and off to Stripe's hosted page. Guests are asked to sign in.
 */
export function Checkout(props: CheckoutProps) {
  const { api, purchase, signedIn } = props;
  const t = useT(purchasesMessages);
  const lang = useLangStore((state) => state.lang);
  const couponId = useId();
  const [code, setCode] = useState(props.initialPromocode ?? '');
  const [applied, setApplied] = useState<string | undefined>(props.initialPromocode);
  const [price, setPrice] = useState<Price | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const [couponError, setCouponError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const keepPromocode = useCheckoutStore((state) => state.setPromocode);
  const purchaseKey = JSON.stringify(purchase);

  useEffect(() => {
    if (!signedIn) return undefined;
    let current = true;
    const request: PriceRequest = { ...purchase, ...(applied ? { promocode: applied } : {}) };
    api.previewPrice(request).then(
      (result) => {
        if (!current) return;
        setPrice(result);
        setError(null);
        // An accepted coupon goes on with the member to the next screen (realizar-compra).
        if (props.continueHref !== undefined) keepPromocode(applied ?? null);
      },
      (failure: unknown) => {
        if (!current) return;
        // A refused coupon is dropped (and the price asked again without it).
        if (applied) {
          setCouponError(callableErrorText(failure));
          setApplied(undefined);
        } else {
          setError(callableErrorText(failure));
        }
      },
    );
    return () => {
      current = false;
    };
    // `purchaseKey` stands for `purchase`, which callers rebuild each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, purchaseKey, applied, signedIn, props.continueHref, keepPromocode]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setCouponError(null);
    setApplied(code.trim() ? code.trim().toUpperCase() : undefined);
  };

  const pay = () => {
    setBusy(true);
    setError(null);
    api
      .createCheckoutSession({
        ...purchase,
        ...(applied ? { promocode: applied } : {}),
        ...(props.branch ? { branch: props.branch } : {}),
        successUrl: props.successUrl,
        cancelUrl: props.cancelUrl,
      })
      .then(
        (session) => props.assign(session.url),
        (failure: unknown) => {
          setBusy(false);
          setError(callableErrorText(failure));
        },
      );
  };

  return (
    <Card as="section" className="checkout checkout-card" title={t('orderSummary')}>
      {signedIn ? (
        <>
          <form className="coupon" noValidate onSubmit={apply}>
            <div className="coupon-row">
              <Field
                label={t('coupon')}
                error={
                  couponError && <span role="alert">{t(couponError.key, couponError.params)}</span>
                }
              >
                <input
                  id={couponId}
                  autoComplete="off"
                  autoCapitalize="characters"
                  value={code}
                  onChange={(event) => {
                    setCode(event.target.value);
                    setCouponError(null);
                  }}
                />
              </Field>
              <Button type="submit" variant="secondary">
                {t('applyCoupon')}
              </Button>
            </div>
          </form>
          {price ? (
            <dl className="price-lines">
              <dt>{t('subtotal')}</dt>
              <dd>{formatMoney(price.amount + price.discount, price.currency, lang)}</dd>
              {price.discount > 0 && (
                <>
                  <dt>{t('discount')}</dt>
                  <dd>−{formatMoney(price.discount, price.currency, lang)}</dd>
                </>
              )}
              <dt>{t('total')}</dt>
              <dd>
                <strong>{formatMoney(price.amount, price.currency, lang)}</strong>
              </dd>
            </dl>
          ) : (
            !error && <PriceSkeleton />
          )}
          {props.continueHref === undefined ? (
            <>
              <Button block size="l" busy={busy} disabled={!price} onClick={pay}>
                {price
                  ? t('payAmount', { amount: formatMoney(price.amount, price.currency, lang) })
                  : t('payNow')}
              </Button>
              <SecurePayment />
            </>
          ) : (
            <Link href={props.continueHref} className={buttonClass({ block: true })}>
              {t('continueToPayment')}
            </Link>
          )}
        </>
      ) : (
        <Link href={props.loginHref} className={buttonClass({ block: true })}>
          {t('signInToPay')}
        </Link>
      )}
      {error && (
        <p role="alert" className="checkout-error">
          {t(error.key, error.params)}
        </p>
      )}
    </Card>
  );
}

/** The price lines while previewPrice answers, at the size of the subtotal and total. */
function PriceSkeleton() {
  return (
    <div className="price-lines-skeleton" aria-hidden="true">
      <Skeleton height="1.5em" />
      <Skeleton height="1.75em" />
    </div>
  );
}
