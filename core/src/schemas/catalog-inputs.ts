// What the admin screens send to `saveCatalogItem` (docs/decisions/040, 075): shared by the
// function, which parses every request with it, and by the web forms, which check before sending.
import { z } from 'zod';
import { SHOP_CATEGORIES, SHOP_TAGS } from '../paths';
import { settingsSchema } from '../settings';
import { shopProductSchema, suscriptionPricesSchema } from './catalog';
import { keySchema } from './common';

/** The catalogue nodes an admin edits through `saveCatalogItem`. */
export const CATALOG_COLLECTIONS = [
  'packages',
  'events',
  'exercises',
  'coaches',
  'seatLayouts',
  'coupons',
  'branches',
  'shopProduct',
  'suscriptionPrices',
  'settings',
] as const;
export type CatalogCollection = (typeof CATALOG_COLLECTIONS)[number];

/** A `Shop/{category}` key: any key but the two spec children that are not categories. */
export const shopCategoryKeySchema = keySchema.refine(
  (key) => key !== SHOP_TAGS && key !== SHOP_CATEGORIES,
  'reserved Shop key',
);

/** `value: null` deletes; `category` is the `Shop/{category}` a product lives in. */
export const saveCatalogItemInput = z.strictObject({
  collection: z.enum(CATALOG_COLLECTIONS),
  id: keySchema.optional(),
  category: shopCategoryKeySchema.optional(),
  value: z.unknown().refine((value) => value !== undefined, 'value is required (null deletes)'),
});
export type SaveCatalogItemInput = z.infer<typeof saveCatalogItemInput>;

/** A shop product as the admin form sends it: the spec's payload plus its tags. */
export const shopProductInputSchema = shopProductSchema.extend({
  tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});
export type ShopProductInput = z.infer<typeof shopProductInputSchema>;

/** Spec §3: exactly two entries, the discounted price first and the regular one second. */
export const suscriptionPricesInputSchema = suscriptionPricesSchema.refine(
  (prices) => prices.length === 2,
  'expected two prices: discounted, then regular',
);

/**
 * `Settings` as an admin changes them: the fields to change, each within its bounds; no other
 * field. The rules let no client write `Settings` (decision 085), so this is the only way in.
 */
export const settingsInputSchema = settingsSchema.partial().strict();
export type SettingsInput = z.infer<typeof settingsInputSchema>;
