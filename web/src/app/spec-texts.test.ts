import { describe, expect, it } from 'vitest';
import { appMessages } from './app-messages';
import { adminMessages } from '../features/admin-catalog/admin-messages';
import { authMessages } from '../features/auth/auth-messages';
import { sessionMessages } from '../features/session/session-messages';
import { subscriptionMessages } from '../features/subscription/subscription-messages';
import { waiverMessages } from '../features/waiver/waiver-messages';
import type { Messages } from '../lib/define-messages';
import { translate } from '../lib/i18n';
import { shellMessages } from '../lib/ui-messages';

/** The spec's texts, verbatim in English, wherever the web declares them. */
const specTexts: [string, Messages<string>, string][] = [
  ['registerError', authMessages, 'Error al registrarse'],
  ['loginError', authMessages, 'Error al autenticarse'],
  ['fatalRegisterError', authMessages, 'Fatal Error Code N°54893'],
  ['addingUser', authMessages, 'Agregando usuario a la base de datos'],
  ['addingProduct', adminMessages, 'Agregando producto a la base de datos'],
  ['productAddedTitle', adminMessages, 'Se agregó el producto'],
  ['productAddedMessage', adminMessages, 'Se agregó el producto exitosamente a la base de datos'],
  ['welcomeCoach', sessionMessages, 'Welcome to coach module'],
  ['timeProblem', sessionMessages, 'Problems with the time'],
  ['alreadyHaveSubscription', subscriptionMessages, 'You already have suscription'],
  ['subscriptionTitle', subscriptionMessages, 'BEST CHOICE'],
  [
    'subscriptionText',
    subscriptionMessages,
    'Subscribe now and receive 30 credits monthly automatically.',
  ],
  ['subscriptionButton', subscriptionMessages, 'SUSCRIBE ${price} USD x month'],
  ['waiverTitle', waiverMessages, 'FITNESS CLASS WAIVER'],
  ['waiverAccept', waiverMessages, 'ACCEPT'],
  ['paymentThanks', appMessages, 'Thank you for your purchase!'],
  ['menuVersion', shellMessages, 'V.2.8'],
  ['menuMyProfile', shellMessages, 'My Profile'],
  ['menuHome', shellMessages, 'Home'],
  ['menuLogin', shellMessages, 'Login'],
  ['menuCart', shellMessages, 'Cart'],
  ['menuReserveClass', shellMessages, 'Reserve Class'],
  ['menuBuyCredits', shellMessages, 'Buy Credits'],
  ['menuMyClasses', shellMessages, 'My Classes'],
  ['menuSpecialEvents', shellMessages, 'Special Events'],
  ['menuMyWaitingList', shellMessages, 'My Waiting List'],
  ['menuAboutUs', shellMessages, 'About us'],
  ['menuContact', shellMessages, 'Contact'],
  ['menuPaymentList', shellMessages, 'Payment list'],
  ['menuAdminUsers', shellMessages, 'Admin Users'],
  ['menuAddClasses', shellMessages, 'Add Classes'],
  ['menuAdminClasses', shellMessages, 'Admin Classes'],
  ['menuAdminSeats', shellMessages, 'Admin seats'],
  ['menuAdminSubscriptionPrice', shellMessages, 'Admin Suscription Price'],
  ['menuAddCoupons', shellMessages, 'Add coupons'],
  ['menuAdminPackages', shellMessages, 'Admin packages'],
  ['menuAdminPackagesEvents', shellMessages, 'Admin packages events'],
  ['menuAddCoaches', shellMessages, 'Add coachs'],
  ['menuAdminExercises', shellMessages, 'Admin excersises'],
  ['menuUserClassLists', shellMessages, 'User Class Lists'],
];

describe("the spec's texts", () => {
  it.each(specTexts)('keeps %s by default', (key, catalogue, text) => {
    expect(catalogue.en[key]).toBe(text);
  });

  it("fills the spec's ${price} in the subscribe button", () => {
    expect(translate('subscriptionButton', 'en', { price: 39 }, subscriptionMessages)).toBe(
      'SUSCRIBE 39 USD x month',
    );
  });

  it('keeps the Spanish registration texts in Spanish in both languages', () => {
    for (const lang of ['en', 'es'] as const) {
      expect(translate('registerError', lang, undefined, authMessages)).toBe(
        'Error al registrarse',
      );
      expect(translate('badEmail', lang, undefined, authMessages)).toMatch(
        /correo electrónico está mal escrito/,
      );
    }
  });
});
