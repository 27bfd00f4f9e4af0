import type { Unsubscribe } from '../../../lib/realtime';

export interface ShopApi {
  /** The whole public `Shop` node, live (categories, products, tags). */
  watchShop: (onChange: (shop: unknown) => void) => Unsubscribe;
  /** The studio's currency (`Settings`), which the checkout charges products in. */
  getCurrency: () => Promise<string>;
}
