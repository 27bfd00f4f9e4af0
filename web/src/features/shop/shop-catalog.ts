import type { ShopProduct } from '@studio/core';
import { SHOP_CATEGORIES, SHOP_TAGS, shopCategoriesSchema, shopProductSchema } from '@studio/core';

export interface ShopItem {
  category: string;
  id: string;
  product: ShopProduct;
}

/** `Shop/{category}/{product}` entries on sale: priced, grouped by category. */
export interface ShopCategory {
  category: string;
  items: ShopItem[];
}

const byName = (a: ShopItem, b: ShopItem) =>
  (a.product.Name ?? a.id).localeCompare(b.product.Name ?? b.id);

/**
 * The products of the `Shop` node, by category: `Shop/Categorias` sets the order
 * (categories it does not list follow alphabetically), `TagsProducts` and `Categorias` are not
 * categories, and a product without a price cannot be sold (the checkout refuses it), so it is
 * left out. A malformed product is logged and left out.
 */
export function shopCategories(shop: unknown): ShopCategory[] {
  if (typeof shop !== 'object' || shop === null) return [];
  const node = shop as Record<string, unknown>;
  const listed = shopCategoriesSchema.safeParse(node[SHOP_CATEGORIES]);
  const order = listed.success ? listed.data : [];
  const rank = (category: string) => {
    const index = order.indexOf(category);
    return index === -1 ? order.length : index;
  };
  return Object.entries(node)
    .filter(([category, products]) => {
      if (category === SHOP_TAGS || category === SHOP_CATEGORIES) return false;
      return typeof products === 'object' && products !== null;
    })
    .map(([category, products]) => ({
      category,
      items: Object.entries(products as Record<string, unknown>)
        .flatMap(([id, raw]): ShopItem[] => {
          const parsed = shopProductSchema.safeParse(raw);
          if (!parsed.success) {
            console.error('ignored malformed shop product', category, id);
            return [];
          }
          return parsed.data.Precio === undefined ? [] : [{ category, id, product: parsed.data }];
        })
        .sort(byName),
    }))
    .filter((group) => group.items.length > 0)
    .sort((a, b) => rank(a.category) - rank(b.category) || a.category.localeCompare(b.category));
}

/**
 * `Precio` is in major units like `SuscriptionPrices` (docs/architecture/data-model.md#money); the
 * cart holds cents.
 */
export function priceInCents(product: ShopProduct): number {
  return Math.round((product.Precio ?? 0) * 100);
}
