/**
 * The texts the server also sends (domain errors, notifications, ledger reasons and the labels
 * core and the functions use), in English and Spanish. Texts only the web shows are declared in
 * the web's catalogues (web-app.md#texts-and-language).
 *
 * The `en` catalogue is the default and would keep any spec text verbatim: the spec's texts are
 * the product's contract. `es` is the full Spanish catalogue.
 *
 * Placeholders: `{name}` (and the spec's `${name}`, see `formatMessage`).
 */
import type { MessageParams } from './message-format';
import { formatMessage } from './message-format';

export type { MessageParams } from './message-format';

const en = {
  // Spec §8 and §5: registration, login and shop texts (shown as the spec gives them).

  // Spec §4: roles, waiver, subscription modal.

  // Spec §2: side menu, exactly as listed.

  // Domain errors (one per failure a callable can report).
  invalidInput: 'Some data is not valid: {issues}',
  unauthenticated: 'Please log in first.',
  permissionDenied: 'You do not have permission to do this.',
  notFound: 'Not found.',
  userNotFound: 'This member does not exist.',
  classNotFound: 'This class does not exist.',
  mailNotFound: 'This e-mail does not exist.',
  mailNotFailed: 'Only a failed e-mail can be sent again; this one is {status}.',
  packageNotFound: 'This package does not exist.',
  packageInactive: 'This package is no longer on sale.',
  eventNotFound: 'This event does not exist.',
  productNotFound: 'This product does not exist.',
  layoutNotFound: 'This seat layout does not exist.',
  layoutUsedByClasses:
    'This seat layout is used by {count} upcoming classes, so it cannot be deleted.',
  branchNotFound: 'This branch does not exist.',
  coachNotFound: 'This coach does not exist.',
  exerciseNotFound: 'This class type does not exist.',
  noUsableCredit: 'You have no usable credit for this class. Buy credits to book it.',
  creditExpiresBeforeClass: 'Your credits expire before this class starts.',
  waiverNotAccepted: 'Please accept the fitness class waiver before booking.',
  bookingNotOpen: 'Booking for this class opens {days} days before it starts.',
  classStarted: 'This class has already started.',
  classCancelled: 'This class was cancelled.',
  alreadyBooked: 'You already have a spot in this class.',
  classFull: 'This class is full. You can join the waiting list.',
  spotTaken: 'Spot {spot} was just taken. Please choose another one.',
  spotUnknown: 'Spot {spot} does not exist in this room.',
  spotDisabled: 'Spot {spot} is not available.',
  noBooking: 'You have no booking in this class.',
  guestBookingsOff: 'This studio does not take guest bookings.',
  guestNeedsOwnBooking: 'Book your own spot in this class before bringing a friend.',
  guestLimitReached: 'You can bring at most {max} guests to this class.',
  noGuestBooking: 'This guest has no booking in this class.',
  notFull: 'This class still has free spots: book one instead.',
  alreadyWaiting: 'You are already on the waiting list for this class.',
  notWaiting: 'You are not on the waiting list for this class.',
  waitlistClosed: 'The waiting list closes {minutes} minutes before the class.',
  checkInTooEarly: 'Attendance can be taken from {minutes} minutes before the class.',
  capacityBelowBookings: 'Capacity cannot be lower than the {booked} bookings already made.',
  capacityOverLayout: 'Capacity cannot exceed the {spots} spots of the room.',
  tooManyClasses: 'That repeat rule creates more than {max} classes.',
  negativeBalance: 'This change would leave fewer than zero credits.',
  couponUnknown: 'This coupon code does not exist.',
  couponExpired: 'This coupon has expired.',
  couponNotYetValid: 'This coupon is not valid yet.',
  couponUsedUp: 'This coupon has been used up.',
  couponPerMemberLimit: 'You have already used this coupon.',
  couponInactive: 'This coupon is not active.',
  tooManyAttempts: 'Too many attempts in a short time. Please try again in {seconds} seconds.',
  couponNotApplicable: 'This coupon does not apply to this purchase.',
  amountBelowMinimum:
    'The total after the coupon ({amount}) is below the smallest amount a card can be charged ({minimum}).',
  alreadySubscribed: 'You already have an active subscription.',
  subscriptionCheckoutOpen:
    'A subscription checkout is already open. Finish it, or try again in {minutes} minutes.',
  checkoutUrlNotAllowed: 'The return address after paying must be a page of this app.',
  noSubscription: 'There is no subscription to manage on this account.',
  returnUrlNotAllowed: 'The return address must be a page of this app.',
  cartEmpty: 'Your cart is empty.',
  paymentsUnavailable: 'Payments are not available right now. Please try again later.',
  tryAgain: 'Something changed while we were saving. Please try again.',
  pushEndpointNotAllowed:
    'This push address is not one of the browsers’ push services, so nothing was saved.',
  pushKeysInvalid: 'This device’s push keys are not valid, so nothing was saved.',
  watchHasSpots: 'This class has free spots: book one now.',
  watchOnWaitlist: 'You are on this class’s waiting list, which gives you the next spot first.',
  watchListFull: 'Too many members are already watching this class.',
  internalError: 'Something went wrong. Please try again.',

  // Results and confirmations.
  waitlistJoined: 'You are number {position} on the waiting list.',
  waitlistLeft: 'You left the waiting list.',

  // In-app notifications.
  notifPromoted: 'A spot opened in {className} on {date} at {hour}: you are booked (spot {spot}).',
  notifSkippedNoCredit:
    'A spot opened in {className} on {date} at {hour}, but you had no usable credit, so it went to the next person.',
  notifSkippedPastCutoff:
    'A spot opened in {className} on {date} at {hour}, later than your cut-off of {hours} hours before class, so it went to the next person. No penalty.',
  notifWaitlistPosition: 'You are now number {position} on the waiting list for {className}.',
  notifClassCancelled:
    '{className} on {date} at {hour} was cancelled ({reason}). Your credit is back.',
  notifWaitlistClassCancelled:
    '{className} on {date} at {hour} was cancelled ({reason}). You are no longer on its waiting list.',
  notifWaitlistClosed:
    'The waiting list for {className} on {date} at {hour} closed before a spot opened.',
  notifClassChanged: '{className} on {date} at {hour} has changed. Please check the details.',
  notifSpotOpened:
    'A spot opened in {className} on {date} at {hour}. The first to book it gets it.',
  notifCreditsGranted: '{count} credits were added to your account.',
  notifCreditsExpired: '{count} credits expired.',
  notifCreditsRevoked: '{count} unused credits were removed after a refund.',
  notifCreditsRevokedDispute: '{count} unused credits were removed after a card dispute.',
  notifCreditsHeld: '{count} credits are on hold while your bank reviews a card dispute.',
  notifCreditsReleased: '{count} credits are usable again: the card dispute was closed.',
  notifPaymentFailed: 'Your subscription payment failed. Please update your card.',
  notifSubscriptionEnded: 'Your subscription has ended.',

  // Ledger reasons, in plain words.
  ledgerGrantPurchase: 'Bought {count} credits',
  ledgerGrantSubscription: 'Monthly subscription credits',
  ledgerUse: 'Booked a class',
  ledgerRefund: 'Cancelled in time: credit returned',
  ledgerForfeit: 'Late cancellation: credit forfeited',
  ledgerExpire: 'Credit expired',
  ledgerAdjust: 'Adjusted by the studio',
  ledgerRevoke: 'Removed after a refund',
  ledgerRevokeDispute: 'Removed after a card dispute',
  ledgerHoldDispute: 'On hold during a card dispute',
  ledgerReleaseDispute: 'Card dispute closed: usable again',
  ledgerClassCancelled: 'Class cancelled by the studio: credit returned',

  // Labels.
} as const;

export type MessageKey = keyof typeof en;
export type Lang = 'en' | 'es';

const es: Record<MessageKey, string> = {
  invalidInput: 'Algunos datos no son válidos: {issues}',
  unauthenticated: 'Primero inicia sesión.',
  permissionDenied: 'No tienes permiso para hacer esto.',
  notFound: 'No encontrado.',
  userNotFound: 'Este usuario no existe.',
  classNotFound: 'Esta clase no existe.',
  mailNotFound: 'Este correo no existe.',
  mailNotFailed: 'Solo se puede reenviar un correo fallido; este está en estado {status}.',
  packageNotFound: 'Este paquete no existe.',
  packageInactive: 'Este paquete ya no está a la venta.',
  eventNotFound: 'Este evento no existe.',
  productNotFound: 'Este producto no existe.',
  layoutNotFound: 'Esta distribución de lugares no existe.',
  layoutUsedByClasses:
    'Esta distribución de lugares la usan {count} clases próximas, así que no se puede eliminar.',
  branchNotFound: 'Esta sucursal no existe.',
  coachNotFound: 'Este coach no existe.',
  exerciseNotFound: 'Este tipo de clase no existe.',
  noUsableCredit: 'No tienes un crédito válido para esta clase. Compra créditos para reservarla.',
  creditExpiresBeforeClass: 'Tus créditos vencen antes de que empiece esta clase.',
  waiverNotAccepted: 'Acepta la exención de responsabilidad antes de reservar.',
  bookingNotOpen: 'Las reservas de esta clase abren {days} días antes de que empiece.',
  classStarted: 'Esta clase ya empezó.',
  classCancelled: 'Esta clase fue cancelada.',
  alreadyBooked: 'Ya tienes un lugar en esta clase.',
  classFull: 'Esta clase está llena. Puedes unirte a la lista de espera.',
  spotTaken: 'El lugar {spot} acaba de ocuparse. Elige otro.',
  spotUnknown: 'El lugar {spot} no existe en esta sala.',
  spotDisabled: 'El lugar {spot} no está disponible.',
  noBooking: 'No tienes reserva en esta clase.',
  guestBookingsOff: 'Este estudio no acepta reservas para invitados.',
  guestNeedsOwnBooking: 'Reserva tu propio lugar en esta clase antes de traer a un amigo.',
  guestLimitReached: 'Puedes traer como máximo {max} invitados a esta clase.',
  noGuestBooking: 'Este invitado no tiene reserva en esta clase.',
  notFull: 'Esta clase aún tiene lugares libres: reserva uno.',
  alreadyWaiting: 'Ya estás en la lista de espera de esta clase.',
  notWaiting: 'No estás en la lista de espera de esta clase.',
  waitlistClosed: 'La lista de espera cierra {minutes} minutos antes de la clase.',
  checkInTooEarly: 'La asistencia se toma desde {minutes} minutos antes de la clase.',
  capacityBelowBookings: 'El cupo no puede ser menor que las {booked} reservas ya hechas.',
  capacityOverLayout: 'El cupo no puede superar los {spots} lugares de la sala.',
  tooManyClasses: 'Esa regla de repetición crea más de {max} clases.',
  negativeBalance: 'Este cambio dejaría menos de cero créditos.',
  couponUnknown: 'Este cupón no existe.',
  couponExpired: 'Este cupón ya expiró.',
  couponNotYetValid: 'Este cupón aún no es válido.',
  couponUsedUp: 'Este cupón ya se agotó.',
  couponPerMemberLimit: 'Ya usaste este cupón.',
  couponInactive: 'Este cupón no está activo.',
  tooManyAttempts: 'Demasiados intentos en poco tiempo. Vuelve a intentarlo en {seconds} segundos.',
  couponNotApplicable: 'Este cupón no aplica a esta compra.',
  amountBelowMinimum:
    'El total con el cupón ({amount}) es menor que el mínimo que se puede cobrar con tarjeta ({minimum}).',
  alreadySubscribed: 'Ya tienes una suscripción activa.',
  subscriptionCheckoutOpen:
    'Ya hay un pago de suscripción abierto. Termínalo o vuelve a intentar en {minutes} minutos.',
  checkoutUrlNotAllowed:
    'La dirección de regreso después del pago debe ser una página de esta app.',
  noSubscription: 'Esta cuenta no tiene una suscripción que administrar.',
  returnUrlNotAllowed: 'La dirección de regreso debe ser una página de esta app.',
  cartEmpty: 'Tu carrito está vacío.',
  paymentsUnavailable: 'Los pagos no están disponibles por ahora. Intenta más tarde.',
  tryAgain: 'Algo cambió mientras guardábamos. Intenta de nuevo.',
  pushEndpointNotAllowed:
    'Esta dirección de notificaciones no es de un servicio de notificaciones de navegador, así que no se guardó nada.',
  pushKeysInvalid:
    'Las claves de notificaciones de este dispositivo no son válidas, así que no se guardó nada.',
  watchHasSpots: 'Esta clase tiene lugares libres: reserva uno ahora.',
  watchOnWaitlist: 'Estás en la lista de espera de esta clase, que te da el próximo lugar primero.',
  watchListFull: 'Demasiados miembros ya siguen esta clase.',
  internalError: 'Algo salió mal. Intenta de nuevo.',

  waitlistJoined: 'Eres el número {position} en la lista de espera.',
  waitlistLeft: 'Saliste de la lista de espera.',

  notifPromoted:
    'Se liberó un lugar en {className} el {date} a las {hour}: ya tienes reserva (lugar {spot}).',
  notifSkippedNoCredit:
    'Se liberó un lugar en {className} el {date} a las {hour}, pero no tenías crédito válido y pasó a la siguiente persona.',
  notifSkippedPastCutoff:
    'Se liberó un lugar en {className} el {date} a las {hour}, después de tu límite de {hours} horas antes de la clase, y pasó a la siguiente persona. Sin penalización.',
  notifWaitlistPosition: 'Ahora eres el número {position} en la lista de espera de {className}.',
  notifClassCancelled:
    '{className} del {date} a las {hour} fue cancelada ({reason}). Tu crédito fue devuelto.',
  notifWaitlistClassCancelled:
    '{className} del {date} a las {hour} fue cancelada ({reason}). Ya no estás en su lista de espera.',
  notifWaitlistClosed:
    'La lista de espera de {className} del {date} a las {hour} cerró sin que se liberara un lugar.',
  notifClassChanged: '{className} del {date} a las {hour} cambió. Revisa los detalles.',
  notifSpotOpened:
    'Se liberó un lugar en {className} del {date} a las {hour}. Quien reserve primero se lo queda.',
  notifCreditsGranted: 'Se agregaron {count} créditos a tu cuenta.',
  notifCreditsExpired: '{count} créditos expiraron.',
  notifCreditsRevoked: 'Se retiraron {count} créditos sin usar por un reembolso.',
  notifCreditsRevokedDispute: 'Se retiraron {count} créditos sin usar por una disputa de tarjeta.',
  notifCreditsHeld: '{count} créditos quedan retenidos mientras tu banco revisa una disputa.',
  notifCreditsReleased: '{count} créditos se pueden usar de nuevo: la disputa se cerró.',
  notifPaymentFailed: 'Falló el pago de tu suscripción. Actualiza tu tarjeta.',
  notifSubscriptionEnded: 'Tu suscripción terminó.',

  ledgerGrantPurchase: 'Compra de {count} créditos',
  ledgerGrantSubscription: 'Créditos mensuales de la suscripción',
  ledgerUse: 'Reserva de clase',
  ledgerRefund: 'Cancelación a tiempo: crédito devuelto',
  ledgerForfeit: 'Cancelación tardía: crédito perdido',
  ledgerExpire: 'Crédito expirado',
  ledgerAdjust: 'Ajuste del estudio',
  ledgerRevoke: 'Retirado por un reembolso',
  ledgerRevokeDispute: 'Retirado por una disputa de tarjeta',
  ledgerHoldDispute: 'Retenido durante una disputa de tarjeta',
  ledgerReleaseDispute: 'Disputa cerrada: se puede usar de nuevo',
  ledgerClassCancelled: 'Clase cancelada por el estudio: crédito devuelto',
};

export const messages: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = { en, es };

export const LANGS: readonly Lang[] = ['en', 'es'];

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

/** The text for `key` in `lang`, with `{name}` / `${name}` placeholders filled from `params`. */
export function t(key: MessageKey, lang: Lang = 'en', params?: MessageParams): string {
  return formatMessage(messages[lang][key], params);
}
