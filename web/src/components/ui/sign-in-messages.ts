/**
 * What `SignInPrompt` says to a guest, English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const signInMessages = defineMessages({
  en: {
    signIn: 'Sign in',
    signInFirst: 'Sign in to see this page.',
  },
  es: {
    signIn: 'Iniciar sesión',
    signInFirst: 'Inicia sesión para ver esta página.',
  },
});

export type SignInKey = MessageKeyOf<typeof signInMessages>;
