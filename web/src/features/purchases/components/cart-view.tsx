import { purchasesMessages } from '../purchases-messages';
import '../purchases.css';
import { useLangStore, useT } from '../../../lib/i18n';
import { useId } from 'react';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney } from '../money';
import { useCheckoutStore } from '../stores/checkout-store';
import type { CheckoutProps } from './checkout';
import { Checkout } from './checkout';

export type CartViewProps = Omit<CheckoutProps, 'purchase'> & {
  title: string;
  /**
   * The cart step (spec `cart`): a signed-in member goes on to this confirmation screen
   * (confirmar-compra) instead of paying from the cart; guests are asked to sign in first.
   */
  confirmHref?: string;
  /** Where an empty cart sends the visitor to pick something (paquetes). */
  packagesHref?: string;
};

/**
 * Spec `cart` → `confirmar-compra` → `realizar-compra`: what the visitor picked (guests too),
 * then the coupon and price, then the payment, for all of it.
 */
export function CartView({ title, confirmHref, packagesHref, ...checkout }: CartViewProps) {
  const lineId = useId();
  const t = useT(purchasesMessages);
  const lang = useLangStore((state) => state.lang);
  const cart = useCheckoutStore((state) => state.cart);
  const setQuantity = useCheckoutStore((state) => state.setQuantity);
  const remove = useCheckoutStore((state) => state.removeFromCart);
  const currency = cart[0]?.currency ?? 'USD';
  const subtotal = cart.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const items = cart.map((item) =>
    item.type === 'product' && item.category !== undefined
      ? { type: 'product' as const, category: item.category, id: item.id, quantity: item.quantity }
      : { type: 'package' as const, id: item.id, quantity: item.quantity },
  );

  const step =
    confirmHref !== undefined ? 'cart' : checkout.continueHref !== undefined ? 'review' : 'pay';
  const lines = (editable: boolean) => (
    <ul className={editable ? 'plain-list' : 'plain-list cart-lines-compact'}>
      {cart.map((item) => (
        <Card as="li" compact key={`${item.type}:${item.id}`} className="cart-line">
          <div>
            <p className="cart-line-name">{item.name}</p>
            <p className="cart-line-price">
              {item.quantity > 1 || !editable
                ? `${formatMoney(item.unitAmount, item.currency, lang)} ${t('times', { count: item.quantity })}`
                : formatMoney(item.unitAmount, item.currency, lang)}
            </p>
          </div>
          {editable && (
            <div className="cart-line-controls">
              {/* A pack is bought whole: only shop products have a quantity to change. */}
              {item.type === 'product' && (
                <>
                  <label htmlFor={`${lineId}-${item.type}-${item.id}`}>{t('quantity')}</label>
                  <input
                    id={`${lineId}-${item.type}-${item.id}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={99}
                    value={item.quantity}
                    onChange={(event) =>
                      setQuantity(item.type, item.id, Number(event.target.value) || 1)
                    }
                  />
                </>
              )}
              <Button
                variant="ghost"
                size="s"
                aria-label={`${t('remove')}: ${item.name}`}
                onClick={() => remove(item.type, item.id)}
              >
                {t('remove')}
              </Button>
            </div>
          )}
        </Card>
      ))}
    </ul>
  );
  const count = cart.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <section className={`page cart cart-step-${step}`} aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {cart.length === 0 ? (
        <EmptyState
          title={t('cartEmpty')}
          description={t('cartEmptyHint')}
          action={
            packagesHref !== undefined && (
              <Link href={packagesHref} className={buttonClass({ variant: 'secondary' })}>
                {t('browsePackages')}
              </Link>
            )
          }
        />
      ) : step === 'pay' ? (
        <div className="pay-layout">
          <section className="paying-for" aria-labelledby="paying-for-title">
            <h2 id="paying-for-title">
              {t('payingFor')}{' '}
              <span className="paying-for-count">
                {count === 1 ? t('cartItemsOne') : t('cartItems', { count })}
              </span>
            </h2>
            {lines(false)}
          </section>
          <Checkout {...checkout} purchase={{ kind: 'cart', items }} />
        </div>
      ) : (
        <div className="purchase-layout">
          {step === 'review' ? (
            <section aria-labelledby="review-title">
              <h2 id="review-title" className="cart-step-title">
                {t('reviewCart')}
              </h2>
              {lines(false)}
            </section>
          ) : (
            lines(true)
          )}
          {step === 'cart' && checkout.signedIn ? (
            <Card as="section" className="checkout-card" title={t('orderSummary')}>
              <p className="cart-subtotal">
                <span>{t('subtotal')}</span>
                <strong>{formatMoney(subtotal, currency, lang)}</strong>
              </p>
              <Link href={confirmHref ?? ''} className={buttonClass({ block: true })}>
                {t('checkoutTitle')}
              </Link>
            </Card>
          ) : (
            <div>
              {!checkout.signedIn && (
                <p className="cart-subtotal">
                  <span>{t('subtotal')}</span>
                  <strong>{formatMoney(subtotal, currency, lang)}</strong>
                </p>
              )}
              <Checkout {...checkout} purchase={{ kind: 'cart', items }} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
