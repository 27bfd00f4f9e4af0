/**
 * The profile's e-mail and calendar-feed sections (issue 19), English and Spanish.
 */
import type { MailPreferenceKind } from '@studio/core';
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const mailSettingsMessages = defineMessages({
  en: {
    mailTitle: 'E-mail',
    mailIntro: 'Choose which e-mails the studio sends you.',
    mailAlwaysOn: 'Always sent',
    mailSaveFailed: 'Your choice was not saved. Try again.',
    mailAddressVerified: 'The studio writes to {email}, the address you sign in with.',
    mailAddressUnverified:
      'Verify {email} to get the studio’s e-mails: open the link in the verification e-mail we sent you.',
    mailSendVerification: 'Send the verification e-mail again',
    mailVerificationSent: 'Sent. Open the link in the e-mail to {email}.',
    mailVerificationFailed: 'The e-mail was not sent. Try again in a few minutes.',
    mailKindBookingConfirmed: 'Booking confirmed',
    mailKindBookingCancelled: 'Booking cancelled',
    mailKindWaitlistPromoted: 'Moved up from the waiting list',
    mailKindClassReminder: 'Class reminder',
    mailKindSubscriptionRenewed: 'Subscription renewed',
    mailKindSubscriptionPaymentFailed: 'Subscription payment failed',
    mailKindSubscriptionCancelled: 'Subscription ended',
    mailKindCreditsExpiring: 'Credits about to expire',
    mailKindWelcome: 'Welcome',
    mailKindCoachClassList: "Coach: tomorrow's class list",
    mailKindPurchaseReceipt: 'Purchase receipts',
    mailKindClassCancelled: 'Classes the studio cancels',
    mailKindPlanNotice: 'Notices about your plan',
    feedTitle: 'Calendar feed',
    feedIntro:
      'Your booked classes in your own calendar (Google, Apple, Outlook). The link is private: anyone who has it sees your classes.',
    feedNone: 'You have no calendar link yet.',
    feedCreate: 'Create my calendar link',
    feedLinkLabel: 'Your calendar link',
    feedCopy: 'Copy link',
    feedCopied: 'Link copied.',
    feedCopyFailed: 'Could not copy: select the link and copy it.',
    feedSubscribe: 'Add to my calendar app',
    feedGoogle: 'Add to Google Calendar',
    feedRotate: 'New link (the old one stops working)',
    feedRevoke: 'Turn off the link',
    feedWorking: 'One moment…',
  },
  es: {
    mailTitle: 'Correo',
    mailIntro: 'Elige qué correos te envía el estudio.',
    mailAlwaysOn: 'Siempre se envía',
    mailSaveFailed: 'No se guardó tu elección. Inténtalo de nuevo.',
    mailAddressVerified: 'El estudio te escribe a {email}, el correo con el que inicias sesión.',
    mailAddressUnverified:
      'Verifica {email} para recibir los correos del estudio: abre el enlace del correo de verificación que te enviamos.',
    mailSendVerification: 'Enviar de nuevo el correo de verificación',
    mailVerificationSent: 'Enviado. Abre el enlace del correo a {email}.',
    mailVerificationFailed: 'No se envió el correo. Inténtalo de nuevo en unos minutos.',
    mailKindBookingConfirmed: 'Reserva confirmada',
    mailKindBookingCancelled: 'Reserva cancelada',
    mailKindWaitlistPromoted: 'Entraste desde la lista de espera',
    mailKindClassReminder: 'Recordatorio de clase',
    mailKindSubscriptionRenewed: 'Suscripción renovada',
    mailKindSubscriptionPaymentFailed: 'Falló el pago de la suscripción',
    mailKindSubscriptionCancelled: 'Suscripción terminada',
    mailKindCreditsExpiring: 'Créditos por vencer',
    mailKindWelcome: 'Bienvenida',
    mailKindCoachClassList: 'Coach: lista de clases de mañana',
    mailKindPurchaseReceipt: 'Recibos de compra',
    mailKindClassCancelled: 'Clases que el estudio cancela',
    mailKindPlanNotice: 'Avisos sobre tu plan',
    feedTitle: 'Calendario',
    feedIntro:
      'Tus clases reservadas en tu propio calendario (Google, Apple, Outlook). El enlace es privado: quien lo tenga ve tus clases.',
    feedNone: 'Aún no tienes enlace de calendario.',
    feedCreate: 'Crear mi enlace de calendario',
    feedLinkLabel: 'Tu enlace de calendario',
    feedCopy: 'Copiar enlace',
    feedCopied: 'Enlace copiado.',
    feedCopyFailed: 'No se pudo copiar: selecciona el enlace y cópialo.',
    feedSubscribe: 'Agregar a mi app de calendario',
    feedGoogle: 'Agregar a Google Calendar',
    feedRotate: 'Nuevo enlace (el anterior deja de funcionar)',
    feedRevoke: 'Desactivar el enlace',
    feedWorking: 'Un momento…',
  },
});
export type MailSettingsKey = MessageKeyOf<typeof mailSettingsMessages>;

/** The label of each kind a member may turn off, in the order the profile lists them. */
export const MAIL_KIND_LABELS: Readonly<Record<MailPreferenceKind, MailSettingsKey>> = {
  'booking-confirmed': 'mailKindBookingConfirmed',
  'booking-cancelled': 'mailKindBookingCancelled',
  'waitlist-promoted': 'mailKindWaitlistPromoted',
  'class-reminder': 'mailKindClassReminder',
  'subscription-renewed': 'mailKindSubscriptionRenewed',
  'subscription-payment-failed': 'mailKindSubscriptionPaymentFailed',
  'subscription-cancelled': 'mailKindSubscriptionCancelled',
  'credits-expiring': 'mailKindCreditsExpiring',
  welcome: 'mailKindWelcome',
  'coach-class-list': 'mailKindCoachClassList',
};

export const ALWAYS_SENT_LABELS: readonly MailSettingsKey[] = [
  'mailKindPurchaseReceipt',
  'mailKindClassCancelled',
  'mailKindPlanNotice',
];
