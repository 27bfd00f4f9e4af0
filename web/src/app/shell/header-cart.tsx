import { Link } from 'wouter';
import { paths } from '../../config/paths';
// Deep import: the cart's store alone (zustand, no I/O), not the purchase screens.
import { useCheckoutStore } from '../../features/purchases/stores/checkout-store';
import { NavIcon } from '../../features/navigation/components/nav-icon';
import { useT } from '../../lib/i18n';

/** The cart in the header, with the number of items in it (the tab bar has no cart tab). */
export function HeaderCart() {
  const t = useT();
  const count = useCheckoutStore((state) =>
    state.cart.reduce((sum, item) => sum + item.quantity, 0),
  );
  const label =
    count === 0
      ? t('menuCart')
      : count === 1
        ? t('cartWithOne')
        : t('cartWithCount', { count: String(count) });
  return (
    <Link href={paths.cart.getHref({})} className="icon-button header-cart" aria-label={label}>
      <NavIcon name="cart" className="header-cart-icon" />
      {count > 0 && (
        <span className="header-cart-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
