export type { ShopApi } from './api/shop-api';
export { firebaseShopApi } from './api/firebase-shop-api';
export type { ShopPick, ShopProductsProps } from './components/shop-products';
export { ShopProducts } from './components/shop-products';
export type { ShopCategory, ShopItem } from './shop-catalog';
export { priceInCents, shopCategories } from './shop-catalog';
