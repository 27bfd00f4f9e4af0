import { purchasesMessages } from '../purchases-messages';
import { useLangStore, useT } from '../../../lib/i18n';
import { Link } from 'wouter';
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
};

/**
 * Spec `cart` → `confirmar-compra` → `realizar-compra`: what the visitor picked (guests too),
 * then the coupon and price, then the payment, for all of it.
 */
export function CartView({ title, confirmHref, ...checkout }: CartViewProps) {
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

  return (
    <section className="page cart" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {cart.length === 0 ? (
        <p>{t('cartEmpty')}</p>
      ) : (
        <>
          <ul className="plain-list">
            {cart.map((item) => (
              <li key={`${item.type}:${item.id}`} className="card">
                <strong>{item.name}</strong> · {formatMoney(item.unitAmount, item.currency, lang)}{' '}
                <label>
                  {t('quantity')}{' '}
                  <input
                    type="number"
                    min={1}
                    max={99}
                    value={item.quantity}
                    onChange={(event) =>
                      setQuantity(item.type, item.id, Number(event.target.value) || 1)
                    }
                  />
                </label>{' '}
                <button
                  type="button"
                  className="button-link"
                  aria-label={`${t('remove')}: ${item.name}`}
                  onClick={() => remove(item.type, item.id)}
                >
                  {t('remove')}
                </button>
              </li>
            ))}
          </ul>
          <p>
            {t('subtotal')}: <strong>{formatMoney(subtotal, currency, lang)}</strong>
          </p>
          {confirmHref !== undefined && checkout.signedIn ? (
            <Link href={confirmHref} className="button">
              {t('checkoutTitle')}
            </Link>
          ) : (
            <Checkout {...checkout} purchase={{ kind: 'cart', items }} />
          )}
        </>
      )}
    </section>
  );
}
