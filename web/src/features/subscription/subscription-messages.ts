/**
 * The subscription modal's texts, English and Spanish.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const subscriptionMessages = defineMessages({
  en: {
    alreadyHaveSubscription: 'You already have suscription',
    subscriptionTitle: 'BEST CHOICE',
    subscriptionText: 'Subscribe now and receive 30 credits monthly automatically.',
    subscriptionButton: 'SUSCRIBE ${price} USD x month',
    subscriptionSummerTag: 'Summer special',
  },
  es: {
    alreadyHaveSubscription: 'Ya tienes una suscripción',
    subscriptionTitle: 'LA MEJOR OPCIÓN',
    subscriptionText: 'Suscríbete ahora y recibe 30 créditos cada mes automáticamente.',
    subscriptionButton: 'SUSCRÍBETE ${price} USD al mes',
    subscriptionSummerTag: 'Especial de verano',
  },
});

export type SubscriptionKey = MessageKeyOf<typeof subscriptionMessages>;
