/**
 * The titles and texts of the pages the app composes itself (contact, about us, the member pages' titles), English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../lib/i18n';
import { defineMessages } from '../lib/i18n';

export const appMessages = defineMessages({
  en: {
    myPurchases: 'My purchases',
    // My Classes' first line for a member (index.html paints it too).
    myClassesLead:
      'Your classes to come with your spot, the classes you have been to, and everything you have bought from the studio.',
    waitingListTitle: 'My Waiting List',
    cartTitle: 'Cart',
    confirmTitle: 'Confirm purchase',
    paymentTitle: 'Payment',
    profileTitle: 'My Profile',
    chainAdminsOnly:
      'This screen is for the admins of the whole chain. Your account manages one branch: work from Today, the class lists, payments and insights.',
    adminsOnly:
      'This screen is for the studio’s admins. The front desk works from Today, the class lists and the door.',
    contactTitle: 'Contact',
    contactText: 'Write to us or visit the studio. We answer within one working day.',
    aboutTitle: 'About us',
    aboutText:
      'A boutique fitness studio in Monterrey: small classes, coaches who know your name, and a spot saved for you.',
    paymentThanks: 'Thank you for your purchase!',
  },
  es: {
    myPurchases: 'Mis compras',
    myClassesLead:
      'Tus próximas clases con tu lugar, las clases a las que has ido y todo lo que has comprado en el estudio.',
    waitingListTitle: 'Mi lista de espera',
    cartTitle: 'Carrito',
    confirmTitle: 'Confirmar compra',
    paymentTitle: 'Pago',
    profileTitle: 'Mi perfil',
    chainAdminsOnly:
      'Esta pantalla es de los administradores de toda la cadena. Tu cuenta gestiona una sucursal: trabaja desde Hoy, las listas de clase, los pagos y las métricas.',
    adminsOnly:
      'Esta pantalla es para los administradores del estudio. La recepción trabaja desde Hoy, las listas de clase y la entrada.',
    contactTitle: 'Contacto',
    contactText: 'Escríbenos o visita el estudio. Respondemos en un día hábil.',
    aboutTitle: 'Sobre nosotros',
    aboutText:
      'Un estudio boutique en Monterrey: clases pequeñas, coaches que saben tu nombre y un lugar guardado para ti.',
    paymentThanks: '¡Gracias por tu compra!',
  },
});

export type AppKey = MessageKeyOf<typeof appMessages>;
