import { describe, expect, it } from 'vitest';
import {
  catalogPaths,
  saveCatalogItemInput,
  shopCategoryKeySchema,
  shopProductInputSchema,
  suscriptionPricesInputSchema,
} from './catalog-inputs';

describe('saveCatalogItem input', () => {
  it('accepts a known collection with a value, and null to delete', () => {
    expect(saveCatalogItemInput.safeParse({ collection: 'coupons', value: {} }).success).toBe(true);
    expect(
      saveCatalogItemInput.safeParse({ collection: 'packages', id: 'p1', value: null }).success,
    ).toBe(true);
  });

  it('refuses an unknown collection, a missing value, an extra field and a bad key', () => {
    expect(saveCatalogItemInput.safeParse({ collection: 'users', value: {} }).success).toBe(false);
    expect(saveCatalogItemInput.safeParse({ collection: 'packages' }).success).toBe(false);
    expect(
      saveCatalogItemInput.safeParse({ collection: 'packages', value: {}, extra: 1 }).success,
    ).toBe(false);
    expect(
      saveCatalogItemInput.safeParse({ collection: 'packages', id: 'a/b', value: {} }).success,
    ).toBe(false);
  });

  it("refuses the Shop children that are not categories as a product's category", () => {
    expect(shopCategoryKeySchema.safeParse('Ropa').success).toBe(true);
    expect(shopCategoryKeySchema.safeParse('TagsProducts').success).toBe(false);
    expect(shopCategoryKeySchema.safeParse('Categorias').success).toBe(false);
  });
});

describe('shop product and subscription price inputs', () => {
  it('takes tags with a product, trimmed and non-empty', () => {
    expect(shopProductInputSchema.parse({ Name: 'Shirt', tags: [' cotton '] }).tags).toEqual([
      'cotton',
    ]);
    expect(shopProductInputSchema.safeParse({ Name: 'Shirt', tags: ['  '] }).success).toBe(false);
  });

  it('needs exactly two subscription prices', () => {
    const price = (key: string, Precio: number) => ({ key, Precio });
    expect(
      suscriptionPricesInputSchema.safeParse([price('discounted', 39), price('regular', 59)])
        .success,
    ).toBe(true);
    expect(suscriptionPricesInputSchema.safeParse([price('discounted', 39)]).success).toBe(false);
  });
});

describe('catalogue paths', () => {
  it('puts every keyed item under its own collection node', () => {
    for (const [name, collection] of Object.entries(catalogPaths.collection)) {
      const item = catalogPaths.item[name as keyof typeof catalogPaths.item];
      expect(item('k1')).toBe(`${collection()}/k1`);
    }
    expect(catalogPaths.item.coupons('VERANO')).toBe('Coupons/VERANO');
  });
});
