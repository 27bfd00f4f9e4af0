/**
 * The fitness class waiver, English and Spanish.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const waiverMessages = defineMessages({
  en: {
    waiverTitle: 'FITNESS CLASS WAIVER',
    waiverAccept: 'ACCEPT',
    waiverText:
      'I take part in fitness classes at my own risk. I confirm I am fit to exercise, will follow the coach, and will stop and tell the coach if I feel unwell.',
  },
  es: {
    waiverTitle: 'EXENCIÓN DE RESPONSABILIDAD PARA CLASES',
    waiverAccept: 'ACEPTO',
    waiverText:
      'Participo en las clases bajo mi propio riesgo. Confirmo que estoy en condiciones de hacer ejercicio, seguiré al coach y me detendré y le avisaré si me siento mal.',
  },
});

export type WaiverKey = MessageKeyOf<typeof waiverMessages>;
