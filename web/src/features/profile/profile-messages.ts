/**
 * The profile, credit summary and credit history labels, English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const profileMessages = defineMessages({
  en: {
    noPurchases: 'No purchases yet.',
    profileTitle: 'My Profile',
    credits: 'Credits',
    expires: 'expires {date}',
    nextExpiry: 'Next to expire: {date}',
    ledger: 'Credit history',
    subscription: 'Subscription',
    subscriptionActive: 'Active',
    subscriptionNone: 'No subscription',
    creditKindRegular: 'Class credits',
    creditKindSpecial: 'Special event credits',
    creditKindTrain: 'Training credits',
  },
  es: {
    noPurchases: 'Aún no tienes compras.',
    profileTitle: 'Mi perfil',
    credits: 'Créditos',
    expires: 'vence {date}',
    nextExpiry: 'El próximo vence: {date}',
    ledger: 'Historial de créditos',
    subscription: 'Suscripción',
    subscriptionActive: 'Activa',
    subscriptionNone: 'Sin suscripción',
    creditKindRegular: 'Créditos de clase',
    creditKindSpecial: 'Créditos de eventos especiales',
    creditKindTrain: 'Créditos de entrenamiento',
  },
});

export type ProfileKey = MessageKeyOf<typeof profileMessages>;
