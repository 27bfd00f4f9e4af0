import { describe, expect, it, vi } from 'vitest';
import { priceInCents, shopCategories } from './shop-catalog';

describe('shop catalogue', () => {
  it('groups priced products by category in the order of Shop/Categorias', () => {
    const groups = shopCategories({
      Categorias: ['Ropa', 'Bebidas'],
      TagsProducts: { 'REF-1': ['water'] },
      Bebidas: { agua: { Name: 'Agua', Precio: 1.5, Reference: 'REF-1' } },
      Ropa: {
        toalla: { Name: 'Toalla', Precio: 12 },
        gorra: { Name: 'Gorra', Precio: 20 },
      },
      Accesorios: { liga: { Name: 'Liga', Precio: 8 } },
    });
    expect(groups.map((group) => group.category)).toEqual(['Ropa', 'Bebidas', 'Accesorios']);
    expect(groups[0]?.items.map((item) => item.id)).toEqual(['gorra', 'toalla']);
  });

  it('leaves out products without a price and malformed ones', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const groups = shopCategories({
      Ropa: { sinPrecio: { Name: 'Sin precio' }, roto: { Precio: 'caro' } },
      Bebidas: { agua: { Name: 'Agua', Precio: 1.5 } },
    });
    expect(groups.map((group) => group.category)).toEqual(['Bebidas']);
    expect(error).toHaveBeenCalledWith('ignored malformed shop product', 'Ropa', 'roto');
  });

  it('reads nothing from an empty shop', () => {
    expect(shopCategories(null)).toEqual([]);
  });

  it('turns the major-unit Precio into cents', () => {
    expect(priceInCents({ Precio: 19.99 })).toBe(1999);
  });
});
