import { paths } from '../../config/paths';
import { useCheckoutStore } from '../../features/purchases';
import type { ShopPick } from '../../features/shop';
import { firebaseShopApi, ShopProducts } from '../../features/shop';
import { CartRoutePage } from '../purchase-pages';

/** The shop's products go into the checkout's cart (features never import each other). */
const addProduct = (pick: ShopPick) =>
  useCheckoutStore.getState().addToCart({ type: 'product', ...pick });

export default function CartPage() {
  return (
    <>
      <CartRoutePage route={paths.cart} />
      <ShopProducts api={firebaseShopApi} onAdd={addProduct} />
    </>
  );
}
