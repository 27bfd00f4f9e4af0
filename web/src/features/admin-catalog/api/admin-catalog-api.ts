import type { CatalogCollection } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

/** The catalogue collections `saveCatalogItem` edits (core's `CATALOG_COLLECTIONS`). */
export type { CatalogCollection };

/** What the admin screens watch: a collection's node, the whole `Shop`, the audit log… */
export type WatchedNode =
  | Exclude<CatalogCollection, 'shopProduct'>
  | 'shop'
  | 'auditLog'
  /** `CodeCloudStore`: coupon redemptions per member. */
  | 'codeCloudStore'
  /** `Users`: names for the redemptions and the audit log. */
  | 'users';

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
