/**
 * The titles and texts of the pages the app composes itself (contact, about us, the member pages' titles), English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../lib/i18n';
import { defineMessages } from '../lib/i18n';

export const appMessages = defineMessages({
  en: {
    myPurchases: 'My purchases',
    waitingListTitle: 'My Waiting List',
    cartTitle: 'Cart',
    confirmTitle: 'Confirm purchase',
    paymentTitle: 'Payment',
    profileTitle: 'My Profile',
    contactTitle: 'Contact',
    contactText: 'Write to us or visit the studio. We answer within one working day.',
    aboutTitle: 'About us',
    aboutText:
      'A boutique fitness studio in Monterrey: small classes, coaches who know your name, and a spot saved for you.',
    paymentThanks: 'Thank you for your purchase!',
  },
  es: {
    myPurchases: 'Mis compras',
    waitingListTitle: 'Mi lista de espera',
    cartTitle: 'Carrito',
    confirmTitle: 'Confirmar compra',
    paymentTitle: 'Pago',
    profileTitle: 'Mi perfil',
    contactTitle: 'Contacto',
    contactText: 'Escríbenos o visita el estudio. Respondemos en un día hábil.',
    aboutTitle: 'Sobre nosotros',
    aboutText:
      'Un estudio boutique en Monterrey: clases pequeñas, coaches que saben tu nombre y un lugar guardado para ti.',
    paymentThanks: '¡Gracias por tu compra!',
  },
});

export type AppKey = MessageKeyOf<typeof appMessages>;
