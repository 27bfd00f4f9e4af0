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
