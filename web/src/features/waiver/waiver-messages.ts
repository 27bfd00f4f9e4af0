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
    editorTitle: 'The studio’s waiver',
    editorNone:
      'No written waiver yet: members accept the short waiver above with ACCEPT. Once you publish one, they sign it with their finger or the mouse.',
    editorCurrent:
      'Version {version}, published {date}. Members who signed an older version sign again at their next booking or check-in.',
    editorEnglish: 'Waiver in English',
    editorSpanish: 'Waiver in Spanish',
    editorTooShort: 'Write at least 20 characters.',
    editorPublish: 'Publish version {version}',
    editorPublishHint: 'Every member who has not signed this version is asked to sign it.',
    editorPublished: 'Version {version} is published.',
    editorUnchanged: 'Change the text to publish a new version.',
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
    editorTitle: 'La exención de responsabilidad del estudio',
    editorNone:
      'Aún no hay una exención escrita: los miembros aceptan la exención corta con ACEPTO. Cuando publiques una, la firmarán con el dedo o el ratón.',
    editorCurrent:
      'Versión {version}, publicada {date}. Quien firmó una versión anterior vuelve a firmar en su próxima reserva o llegada.',
    editorEnglish: 'Exención en inglés',
    editorSpanish: 'Exención en español',
    editorTooShort: 'Escribe al menos 20 caracteres.',
    editorPublish: 'Publicar la versión {version}',
    editorPublishHint: 'Se pedirá firmar esta versión a cada miembro que no la haya firmado.',
    editorPublished: 'La versión {version} está publicada.',
    editorUnchanged: 'Cambia el texto para publicar una nueva versión.',
  },
});

export type WaiverKey = MessageKeyOf<typeof waiverMessages>;
