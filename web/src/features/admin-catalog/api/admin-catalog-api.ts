import type { Unsubscribe } from '../../../lib/realtime';

/** The catalogue collections `saveCatalogItem` edits (functions/src/handlers/catalog). */
export type CatalogCollection =
  | 'packages'
  | 'events'
  | 'exercises'
  | 'coaches'
  | 'seatLayouts'
  | 'coupons'
  | 'branches'
  | 'shopProduct'
  | 'suscriptionPrices';

/** What the admin screens watch: a collection's node, the whole `Shop`, or the audit log. */
export type WatchedNode = Exclude<CatalogCollection, 'shopProduct'> | 'shop' | 'auditLog';

/** `value: null` deletes; `category` is the shop category of a product. */
export interface SaveCatalogItemRequest {
  collection: CatalogCollection;
  id?: string;
  category?: string;
  value: unknown;
}

export interface AdminCatalogApi {
  /** The node's raw value, live (null when empty); screens parse it with core's schemas. */
  watch: (node: WatchedNode, onChange: (value: unknown) => void) => Unsubscribe;
  /** The `saveCatalogItem` callable; rejects with the HttpsError the function sent. */
  save: (request: SaveCatalogItemRequest) => Promise<{ id: string }>;
}
