import type { CatalogCollection } from '@studio/core';
import type { ReadMemberContact } from '../../../lib/member-names';
import type { IndexedQuery } from '../../../lib/indexed-query';
import type { UploadPicture } from '../../../lib/pictures/upload';
import type { Unsubscribe } from '../../../lib/realtime';

/** The catalogue collections `saveCatalogItem` edits (core's `CATALOG_COLLECTIONS`). */
export type { CatalogCollection };

/** What the admin screens watch whole: a collection's node (all small), the whole `Shop`. */
export type WatchedNode = Exclude<CatalogCollection, 'shopProduct'> | 'shop';

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
  /** A page of `AuditLog` (the first or last `limit` of an indexed query), live. */
  watchAuditPage: (
    query: IndexedQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** A page of one coupon's `CouponRedemptions/{code}` (the last `limit` by `at`), live. */
  watchRedemptionPage: (
    query: IndexedQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** One member's name and e-mail, for who acted and who redeemed a coupon. */
  readMember: ReadMemberContact;
  /** Stores a picture's widths in Cloud Storage and answers its download URL. */
  uploadPicture: UploadPicture;
  /** The `saveCatalogItem` callable; rejects with the HttpsError the function sent. */
  save: (request: SaveCatalogItemRequest) => Promise<{ id: string }>;
}
