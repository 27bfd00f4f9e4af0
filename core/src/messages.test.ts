import { describe, expect, it } from 'vitest';
import { isMessageKey, LANGS, messages, t } from './messages';
import type { MessageKey } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\$?\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  const keys = Object.keys(messages.en) as MessageKey[];

  it('defines every key, non-empty, in both languages', () => {
    for (const lang of LANGS) {
      expect(Object.keys(messages[lang]).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) expect(messages[lang][key].trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of keys) {
      expect(placeholders(messages.es[key]), key).toEqual(placeholders(messages.en[key]));
    }
  });

  it.each([
    ['registerError', 'Error al registrarse'],
    ['loginError', 'Error al autenticarse'],
    ['fatalRegisterError', 'Fatal Error Code N°54893'],
    ['addingUser', 'Agregando usuario a la base de datos'],
    ['addingProduct', 'Agregando producto a la base de datos'],
    ['productAddedTitle', 'Se agregó el producto'],
    ['productAddedMessage', 'Se agregó el producto exitosamente a la base de datos'],
    ['welcomeCoach', 'Welcome to coach module'],
    ['alreadyHaveSubscription', 'You already have suscription'],
    ['waiverTitle', 'FITNESS CLASS WAIVER'],
    ['waiverAccept', 'ACCEPT'],
    ['subscriptionTitle', 'BEST CHOICE'],
    ['subscriptionText', 'Subscribe now and receive 30 credits monthly automatically.'],
    ['subscriptionButton', 'SUSCRIBE ${price} USD x month'],
    ['timeProblem', 'Problems with the time'],
    ['menuVersion', 'V.2.8'],
    ['menuMyProfile', 'My Profile'],
    ['menuHome', 'Home'],
    ['menuLogin', 'Login'],
    ['menuCart', 'Cart'],
    ['menuReserveClass', 'Reserve Class'],
    ['menuBuyCredits', 'Buy Credits'],
    ['menuMyClasses', 'My Classes'],
    ['menuSpecialEvents', 'Special Events'],
    ['menuMyWaitingList', 'My Waiting List'],
    ['menuAboutUs', 'About us'],
    ['menuContact', 'Contact'],
    ['menuPaymentList', 'Payment list'],
    ['menuAdminUsers', 'Admin Users'],
    ['menuAddClasses', 'Add Classes'],
    ['menuAdminClasses', 'Admin Classes'],
    ['menuAdminSeats', 'Admin seats'],
    ['menuAdminSubscriptionPrice', 'Admin Suscription Price'],
    ['menuAddCoupons', 'Add coupons'],
    ['menuAdminPackages', 'Admin packages'],
    ['menuAdminPackagesEvents', 'Admin packages events'],
    ['menuAddCoaches', 'Add coachs'],
    ['menuAdminExercises', 'Admin excersises'],
    ['menuUserClassLists', 'User Class Lists'],
  ] as const)('keeps the spec text of %s by default', (key, text) => {
    expect(t(key)).toBe(text);
  });

  it('keeps the Spanish registration texts in Spanish in both languages', () => {
    for (const lang of LANGS) {
      expect(t('registerError', lang)).toBe('Error al registrarse');
      expect(t('badEmail', lang)).toMatch(/correo electrónico está mal escrito/);
    }
  });

  it('fills {name} and ${name} placeholders', () => {
    expect(t('subscriptionButton', 'en', { price: 49 })).toBe('SUSCRIBE 49 USD x month');
    expect(t('spotTaken', 'es', { spot: 'A3' })).toBe('El lugar A3 acaba de ocuparse. Elige otro.');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(t('spotTaken', 'en', {})).toContain('{spot}');
  });

  it('recognises catalogue keys only', () => {
    expect(isMessageKey('classFull')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('nope')).toBe(false);
  });
});
