import { describe, expect, it } from 'vitest';
import { offerFromPrices } from './get-suscription-prices';

describe('offerFromPrices', () => {
  it('takes the first entry as the discounted price and the second as the regular one', () => {
    expect(
      offerFromPrices([
        { key: 'offer', Precio: 39 },
        { key: 'regular', Precio: 59 },
      ]),
    ).toEqual({ discounted: 39, regular: 59 });
  });

  it('reads the list when the database returns it keyed by push ids', () => {
    expect(
      offerFromPrices({
        '-Na1': { key: 'offer', Precio: 39.5 },
        '-Na2': { key: 'regular', Precio: 59 },
      }),
    ).toEqual({ discounted: 39.5, regular: 59 });
  });

  it('uses the one price as both when there is no regular price', () => {
    expect(offerFromPrices([{ key: 'offer', Precio: 39 }])).toEqual({
      discounted: 39,
      regular: 39,
    });
  });

  it('has no offer without prices', () => {
    expect(offerFromPrices(null)).toBeNull();
    expect(offerFromPrices([])).toBeNull();
    expect(offerFromPrices([{ key: 'offer', Precio: 'cheap' }])).toBeNull();
  });
});
