/**
 * The shop list's own labels, English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const shopMessages = defineMessages({
  en: {
    addToCart: 'Add to cart',
    shopTitle: 'Shop',
    shopEmpty: 'No products on sale yet.',
    shopReference: 'Reference',
    shopMoreInfo: 'More info',
    shopAdded: '{name} added to the cart.',
  },
  es: {
    addToCart: 'Agregar al carrito',
    shopTitle: 'Tienda',
    shopEmpty: 'Aún no hay productos a la venta.',
    shopReference: 'Referencia',
    shopMoreInfo: 'Más información',
    shopAdded: '{name} se agregó al carrito.',
  },
});

export type ShopKey = MessageKeyOf<typeof shopMessages>;
