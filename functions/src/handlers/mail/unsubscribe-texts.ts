// The unsubscribe page's texts in English and Spanish, side by side (the mail catalogue's style).
import type { Lang, MailKind } from '@studio/core';

export interface UnsubscribeTexts {
  kinds: Record<MailKind, string>;
  confirmTitle: string;
  confirmBody: (what: string) => string;
  confirmButton: string;
  doneTitle: string;
  doneBody: (what: string) => string;
  alwaysTitle: string;
  alwaysBody: (what: string) => string;
  invalidTitle: string;
  invalidBody: string;
}

export const unsubscribeTexts: Record<Lang, UnsubscribeTexts> = {
  en: {
    kinds: {
      'booking-confirmed': 'booking confirmations',
      'booking-cancelled': 'cancellation notices',
      'waitlist-promoted': 'waiting-list promotions',
      'class-reminder': 'class reminders',
      'class-cancelled': 'class cancellations by the studio',
      'class-substitute': 'a new coach for your class',
      'purchase-receipt': 'purchase receipts',
      'subscription-renewed': 'subscription renewals',
      'subscription-payment-failed': 'failed subscription payments',
      'subscription-cancelled': 'subscription endings',
      'credits-expiring': 'credit expiry reminders',
      welcome: 'welcome messages',
      'coach-class-list': 'tomorrow’s class lists',
      'plan-notice': 'notices about your plan',
    },
    confirmTitle: 'Stop these e-mails?',
    confirmBody: (what) =>
      `You will no longer receive ${what} by e-mail. You can turn them on again in your profile.`,
    confirmButton: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    doneBody: (what) =>
      `You will no longer receive ${what} by e-mail. You can turn them on again in your profile.`,
    alwaysTitle: 'These e-mails always go',
    alwaysBody: (what) =>
      `We always send ${what}: they are about your money or your credits. Nothing was changed.`,
    invalidTitle: 'This link is not valid',
    invalidBody:
      'This unsubscribe link is incomplete or was changed. Use the link in the e-mail, or turn e-mails off in your profile.',
  },
  es: {
    kinds: {
      'booking-confirmed': 'confirmaciones de reserva',
      'booking-cancelled': 'avisos de cancelación',
      'waitlist-promoted': 'avisos de la lista de espera',
      'class-reminder': 'recordatorios de clase',
      'class-cancelled': 'clases canceladas por el estudio',
      'class-substitute': 'un nuevo coach para tu clase',
      'purchase-receipt': 'recibos de compra',
      'subscription-renewed': 'renovaciones de la suscripción',
      'subscription-payment-failed': 'pagos fallidos de la suscripción',
      'subscription-cancelled': 'fin de la suscripción',
      'credits-expiring': 'avisos de créditos por vencer',
      welcome: 'mensajes de bienvenida',
      'coach-class-list': 'listas de clases de mañana',
      'plan-notice': 'avisos sobre tu plan',
    },
    confirmTitle: '¿Dejar de recibir estos correos?',
    confirmBody: (what) =>
      `Ya no recibirás ${what} por correo. Puedes volver a activarlos en tu perfil.`,
    confirmButton: 'Darme de baja',
    doneTitle: 'Te diste de baja',
    doneBody: (what) =>
      `Ya no recibirás ${what} por correo. Puedes volver a activarlos en tu perfil.`,
    alwaysTitle: 'Estos correos siempre se envían',
    alwaysBody: (what) =>
      `Siempre enviamos ${what}: tratan de tu dinero o tus créditos. No se cambió nada.`,
    invalidTitle: 'Este enlace no es válido',
    invalidBody:
      'Este enlace para darte de baja está incompleto o fue modificado. Usa el enlace del correo o desactiva los correos en tu perfil.',
  },
};
