// What the admin screens send to `saveCatalogItem`
// (docs/architecture/admin-and-audit.md#catalogue): shared by the
// function, which parses every request with it, and by the web forms, which check before sending.
import { z } from 'zod';
import { SHOP_CATEGORIES, SHOP_TAGS, paths } from '../paths';
import { settingsSchema } from '../settings';
import { shopProductSchema, suscriptionPricesSchema } from './catalog';
import { keySchema } from './common';
import { studioSchema } from './studio';

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
  'studio',
] as const;
export type CatalogCollection = (typeof CATALOG_COLLECTIONS)[number];

/** The collections whose items are `{Node}/{id}`, one item per key; the rest are special. */
export type CatalogItemCollection = Exclude<
  CatalogCollection,
  'shopProduct' | 'suscriptionPrices' | 'settings' | 'studio'
>;

/**
 * Where each keyed collection lives, for the function that writes it and the admin screens that
 * watch it: `collection[name]()` is the node, `item[name](id)` one item in it.
 */
export const catalogPaths: {
  readonly collection: Readonly<Record<CatalogItemCollection, () => string>>;
  readonly item: Readonly<Record<CatalogItemCollection, (id: string) => string>>;
} = {
  collection: {
    packages: paths.packages,
    events: paths.events,
    exercises: paths.exercises,
    coaches: paths.coaches,
    seatLayouts: paths.seatLayouts,
    coupons: paths.coupons,
    branches: paths.branches,
  },
  item: {
    packages: paths.package,
    events: paths.event,
    exercises: paths.exercise,
    coaches: paths.coach,
    seatLayouts: paths.seatLayout,
    coupons: paths.coupon,
    branches: paths.branch,
  },
};

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

/** Exactly two entries, the discounted price first and the regular one second. */
export const suscriptionPricesInputSchema = suscriptionPricesSchema.refine(
  (prices) => prices.length === 2,
  'expected two prices: discounted, then regular',
);

/**
 * `Settings` as an admin changes them: the fields to change, each within its bounds; no other
 * field. The rules let no client write `Settings`
 * (docs/architecture/roles-and-rules.md#what-a-client-may-write), so this is the only way in.
 */
export const settingsInputSchema = settingsSchema.partial().strict();
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/**
 * `Studio` as the admin-studio form sends it: the whole node, replacing the stored one (a field
 * left out is cleared). Never deleted: every page reads the name and colour.
 */
export const studioInputSchema = studioSchema;
export type StudioInput = z.infer<typeof studioInputSchema>;
