/**
 * Every text of the studio's pushes, in English and Spanish side by side with the same keys
 * (the style of core's message catalogue). Short: a lock screen shows a title and two lines.
 * Placeholders are `{name}`, filled by core's `formatMessage`.
 */
import type { Lang } from '@studio/core';

const en = {
  promotedTitle: 'You’re in: {className}',
  promotedBody: '{when}, spot {spot}. Free to cancel until {until}.',
  promotedBodyNoSpot: '{when}. Free to cancel until {until}.',
  cancelledTitle: '{className} is cancelled',
  cancelledBody: '{when}. Your credit is back.',
  cancelledBodyReason: '{when}: {reason}. Your credit is back.',
  changedTitle: '{className} has changed',
  changedTime: 'Now {when}.',
  changedRoom: 'Room: {room}.',
  changedCoach: 'Coach: {coach}.',
  reminderTitle: '{className} at {hour}',
  reminderBody: 'See you {when}, spot {spot}.',
  reminderBodyNoSpot: 'See you {when}.',
  spotTitle: 'A spot opened in {className}',
  spotBody: '{when}. The first to book it gets it.',
  actionBook: 'Book',
  actionOpen: 'Open',
  paymentFailedTitle: 'Your plan payment failed',
  paymentFailedBody: 'Update your card to keep your plan and its credits.',
  expiringTitle: '{count} credits expire soon',
  expiringBody: 'They expire on {date}. Book a class to use them.',
  planExpiringTitle: 'Your plan ends soon',
  planExpiringBody: 'It ends on {date}.',
} as const;

export type PushTextKey = keyof typeof en;

const es: Record<PushTextKey, string> = {
  promotedTitle: 'Tienes lugar: {className}',
  promotedBody: '{when}, lugar {spot}. Cancela sin costo hasta {until}.',
  promotedBodyNoSpot: '{when}. Cancela sin costo hasta {until}.',
  cancelledTitle: '{className} se canceló',
  cancelledBody: '{when}. Tu crédito está de vuelta.',
  cancelledBodyReason: '{when}: {reason}. Tu crédito está de vuelta.',
  changedTitle: '{className} cambió',
  changedTime: 'Ahora {when}.',
  changedRoom: 'Sala: {room}.',
  changedCoach: 'Coach: {coach}.',
  reminderTitle: '{className} a las {hour}',
  reminderBody: 'Te esperamos {when}, lugar {spot}.',
  reminderBodyNoSpot: 'Te esperamos {when}.',
  spotTitle: 'Se liberó un lugar en {className}',
  spotBody: '{when}. Quien reserve primero se lo queda.',
  actionBook: 'Reservar',
  actionOpen: 'Abrir',
  paymentFailedTitle: 'Falló el pago de tu plan',
  paymentFailedBody: 'Actualiza tu tarjeta para conservar tu plan y sus créditos.',
  expiringTitle: '{count} créditos vencen pronto',
  expiringBody: 'Vencen el {date}. Reserva una clase para usarlos.',
  planExpiringTitle: 'Tu plan termina pronto',
  planExpiringBody: 'Termina el {date}.',
};

export const pushTexts: Readonly<Record<Lang, Readonly<Record<PushTextKey, string>>>> = { en, es };
