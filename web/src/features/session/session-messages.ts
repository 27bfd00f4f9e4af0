/**
 * What the session says on its own (the product's texts and the clock check), English and Spanish.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const sessionMessages = defineMessages({
  en: {
    timeProblem: 'Problems with the time',
    timeNormal: 'The time is normal',
    welcomeCoach: 'Welcome to coach module',
  },
  es: {
    timeProblem: 'Problemas con la hora',
    timeNormal: 'La hora es correcta',
    welcomeCoach: 'Bienvenido al módulo de coach',
  },
});

export type SessionKey = MessageKeyOf<typeof sessionMessages>;
