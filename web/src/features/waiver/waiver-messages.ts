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
    waiverLanguage: 'Language of the waiver',
    waiverTextLabel: 'Waiver text',
    waiverVersion: 'Version {version}',
    waiverLoading: 'Opening the waiver…',
    signatureLegend: 'Your signature',
    signatureHint: 'Sign with your finger or the mouse.',
    signatureEmpty: 'Signature box, empty',
    signatureDrawn: 'Signature box, signed',
    signatureClear: 'Clear',
    signatureMissing: 'Please sign in the box.',
    signatureName: 'Full name',
    signatureNameMissing: 'Please type your full name.',
    signatureDate: 'Date',
    signatureSubmit: 'Sign the waiver',
    signatureBack: 'Back',
  },
  es: {
    waiverTitle: 'EXENCIÓN DE RESPONSABILIDAD PARA CLASES',
    waiverAccept: 'ACEPTO',
    waiverText:
      'Participo en las clases bajo mi propio riesgo. Confirmo que estoy en condiciones de hacer ejercicio, seguiré al coach y me detendré y le avisaré si me siento mal.',
    waiverLanguage: 'Idioma de la exención',
    waiverTextLabel: 'Texto de la exención',
    waiverVersion: 'Versión {version}',
    waiverLoading: 'Abriendo la exención…',
    signatureLegend: 'Tu firma',
    signatureHint: 'Firma con tu dedo o con el ratón.',
    signatureEmpty: 'Recuadro de firma, vacío',
    signatureDrawn: 'Recuadro de firma, firmado',
    signatureClear: 'Borrar',
    signatureMissing: 'Firma en el recuadro, por favor.',
    signatureName: 'Nombre completo',
    signatureNameMissing: 'Escribe tu nombre completo, por favor.',
    signatureDate: 'Fecha',
    signatureSubmit: 'Firmar la exención',
    signatureBack: 'Volver',
  },
});

export type WaiverKey = MessageKeyOf<typeof waiverMessages>;
