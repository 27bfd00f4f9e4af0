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
    ledger: 'Credit history',
    subscription: 'Subscription',
    subscriptionActive: 'Active',
    subscriptionNone: 'No subscription',
  },
  es: {
    noPurchases: 'Aún no tienes compras.',
    profileTitle: 'Mi perfil',
    credits: 'Créditos',
    expires: 'vence {date}',
    ledger: 'Historial de créditos',
    subscription: 'Suscripción',
    subscriptionActive: 'Activa',
    subscriptionNone: 'Sin suscripción',
  },
});

export type ProfileKey = MessageKeyOf<typeof profileMessages>;
