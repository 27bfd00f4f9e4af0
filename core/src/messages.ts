/**
 * The texts the server also sends (domain errors, notifications, ledger reasons and the labels
 * core and the functions use), in English and Spanish. Texts only the web shows are declared in
 * the web's catalogues (docs/architecture/web-app.md#texts-and-language).
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
  // Registration, login and shop texts (shown as the spec gives them).

  // Roles, waiver, subscription modal.

  // Side menu, exactly as listed.

  // Domain errors (one per failure a callable can report).
  invalidInput: 'Some data is not valid: {issues}',
  unauthenticated: 'Please log in first.',
  permissionDenied: 'You do not have permission to do this.',
  notFound: 'Not found.',
  userNotFound: 'This member does not exist.',
  emailNotVerified:
    'This account has not verified its e-mail yet: they open the link in the verification e-mail (or send it again from their profile), then try again.',
  classNotFound: 'This class does not exist.',
  mailNotFound: 'This e-mail does not exist.',
  mailNotFailed: 'Only a failed e-mail can be sent again; this one is {status}.',
  importRunNotFound: 'This import does not exist.',
  importRunClosed: 'This import has already finished.',
  importFileNotFound: 'This import has no file number {file}.',
  packageNotFound: 'This package does not exist.',
  packageInactive: 'This package is no longer on sale.',
  eventNotFound: 'This event does not exist.',
  productNotFound: 'This product does not exist.',
  layoutNotFound: 'This seat layout does not exist.',
  layoutUsedByClasses:
    'This seat layout is used by {count} upcoming classes, so it cannot be deleted.',
  branchNotFound: 'This branch does not exist.',
  branchScopeRole: 'Only an admin or the front desk can be given a branch of their own.',
  outsideBranch: 'This belongs to another branch: your account manages its own branch only.',
  chainAdminOnly: 'Only an admin of the whole chain can do this: your account manages one branch.',
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
  planEndsNowOnly: 'A gift, cash or imported plan has no billing period: it can only be ended now.',
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

  // The front desk (core/src/desk): passes, check-in, waivers, walk-ins, sales, substitutes.
  passInvalid: 'This code is not a studio pass.',
  passRevoked: 'This pass is no longer valid. Open the app to show the current one.',
  passNoBooking: '{name} has no class booked now.',
  passNotBookedHere: '{name} is not booked in this class.',
  passOtherClass: '{name} is booked in {title} at {hour}, not in this class.',
  passTooEarly:
    "{name}'s next class, {title} at {hour}, opens for check-in {minutes} minutes before it starts.",
  alreadyCheckedIn: '{name} is already checked in to {title} at {hour}.',
  waiverNotSigned: '{name} has not signed the current waiver yet.',
  kioskNoMatch: 'No member has that name and those phone digits. Please ask at the desk.',
  kioskManyMatches: 'More than one member matches. Please ask at the desk.',
  waiverNotPublished: 'The studio has not written its waiver yet.',
  waiverVersionChanged:
    'The waiver changed while you were reading it. Please read the new version and sign again.',
  signatureMissing: 'Please sign with your finger or the mouse.',
  signatureInvalid: 'The signature could not be read. Please sign again.',
  memberEmailTaken: 'A member with the e-mail {email} already exists: find them by name instead.',
  cashAmountMismatch: 'The amount received ({amount}) is not the price of {name} ({price}).',
  paymentNotCash:
    'Only a payment taken in cash is refunded here; card payments are refunded in Stripe.',
  paymentAlreadyRefunded: 'This payment has already been refunded.',
  paymentNotFound: 'This payment does not exist.',
  substituteSameCoach: '{coach} already teaches this class.',
  classEnded: 'This class has already ended.',
  dropInPackageMissing: 'The studio sells no single class, so a drop-in cannot be sold.',

  // Membership plans (docs/architecture/plans.md).
  planNotFound: 'This plan does not exist.',
  planInactive: 'This plan is no longer on sale.',
  planCapReached:
    'You have used your {count} {count, plural, one {class} other {classes}} {period, select, today {today; next from tomorrow} day {that day; next from the day after} thisWeek {this week; next from Monday} week {that week; next from the Monday after} thisMonth {this month; next from the 1st} month {that month; next from the 1st of the month after} other {}}',
  planFrozen:
    'Your plan is frozen until {until}. End the freeze early to book this class with your plan.',
  planNotCovered: 'Your plan {plan} does not include this class. You can book it with a credit.',
  planBlocked: 'After a late cancellation or a missed class, your plan books again from {until}.',
  planPastDue: 'The last payment of your plan failed. Update your card to book with it.',
  planNotRunning: 'Your plan does not run on the day of this class.',
  guestSeatsNotOnPlan: 'Your plan does not pay for guest seats. Use a credit instead.',
  noMembership: 'You have no plan.',
  introAlreadyUsed:
    'This intro offer is for first-time visitors, once per person, and this account or e-mail has already used it or bought before.',
  alreadyFrozen: 'Your plan is already frozen until {until}.',
  notFrozen: 'Your plan is not frozen.',
  freezeTooShort: 'A freeze lasts at least {days} days.',
  freezeTooLong: 'A freeze lasts at most {days} days.',
  freezesUsedUp:
    'You can freeze your plan {count} {count, plural, one {time} other {times}} a year; your next freeze is possible from {date}.',
  freezesOff: 'This studio does not take plan freezes online. Please ask at the desk.',
  freezeInPast: 'Choose a date after today.',
  freezeAfterPlanEnds: 'Your plan ends on {date}, before that freeze would end.',
  samePlan: 'You already have this plan.',
  planChangePending: 'A change to {plan} is already booked for {date}.',
  noEarlyEndFee:
    'Your plan has a minimum term until {date} and no early-end option: it can end on that date.',
  noSavedCard: 'There is no saved card to charge. Please update your card first.',

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
  notifSubstitute: '{coach} teaches {className} on {date} at {hour}. Your booking stays as it is.',
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
  notifPlanFrozen: 'Your plan {plan} is frozen from {from} until {until}.',
  notifPlanFreezeEnded: 'Your plan {plan} is running again.',
  notifPlanChanged: 'Your plan is now {plan}.',
  notifPlanChangeBooked: 'Your plan changes to {plan} on {date}.',
  notifPlanFeeCharged:
    'A fee of {amount} was charged to your card for {reason, select, late-cancel {a late cancellation} no-show {a missed class} freeze-hold {freezing your plan} early-end {ending your plan early} other {your plan}}.',
  notifPlanFeeFailed:
    'We could not charge the fee of {amount} to your card. Please update your card.',
  notifPlanBlocked: 'After the late cancellation, your plan books again from {until}.',
  notifPlanPriceChange: '{plan} will cost {amount} from {date}.',
  notifPlanAddCard:
    'Your plan {plan} is paid through {date}. Add a card in your profile before then to keep it: nothing is charged until then.',

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
  ledgerImported: 'Imported from {source}: {count} credits, expire {date}',
  ledgerImportUpdated: 'Updated from {source}: {count} credits, expire {date}',
  ledgerPlanUse: 'Booked with your plan {plan}',
  ledgerPlanRefund: 'Cancelled in time: not counted on your plan',
  ledgerPlanForfeit: 'Late cancellation: counted on your plan',

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
  emailNotVerified:
    'Esta cuenta aún no verificó su correo: debe abrir el enlace del correo de verificación (o reenviarlo desde su perfil) y después intentarlo de nuevo.',
  classNotFound: 'Esta clase no existe.',
  importRunNotFound: 'Esta importación no existe.',
  importRunClosed: 'Esta importación ya terminó.',
  importFileNotFound: 'Esta importación no tiene el archivo número {file}.',
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
  branchScopeRole: 'Solo un administrador o la recepción pueden tener una sucursal propia.',
  outsideBranch: 'Esto pertenece a otra sucursal: tu cuenta gestiona solo la suya.',
  chainAdminOnly:
    'Solo un administrador de toda la cadena puede hacer esto: tu cuenta gestiona una sucursal.',
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
  planEndsNowOnly:
    'Un plan regalado, pagado en efectivo o importado no tiene periodo de cobro: solo puede terminarse ahora.',
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

  passInvalid: 'Este código no es un pase del estudio.',
  passRevoked: 'Este pase ya no es válido. Abre la app para mostrar el actual.',
  passNoBooking: '{name} no tiene una clase reservada ahora.',
  passNotBookedHere: '{name} no tiene reserva en esta clase.',
  passOtherClass: '{name} tiene reserva en {title} a las {hour}, no en esta clase.',
  passTooEarly:
    'La próxima clase de {name}, {title} a las {hour}, abre el registro {minutes} minutos antes de empezar.',
  alreadyCheckedIn: '{name} ya registró su llegada a {title} a las {hour}.',
  waiverNotSigned: '{name} aún no firma la exención de responsabilidad vigente.',
  kioskNoMatch:
    'Ningún miembro tiene ese nombre y esos dígitos de teléfono. Pregunta en recepción.',
  kioskManyMatches: 'Hay más de un miembro con esos datos. Pregunta en recepción.',
  waiverNotPublished: 'El estudio aún no ha escrito su exención de responsabilidad.',
  waiverVersionChanged:
    'La exención cambió mientras la leías. Lee la nueva versión y vuelve a firmar.',
  signatureMissing: 'Firma con tu dedo o con el ratón.',
  signatureInvalid: 'No se pudo leer la firma. Vuelve a firmar.',
  memberEmailTaken: 'Ya existe un miembro con el correo {email}: búscalo por su nombre.',
  cashAmountMismatch: 'El monto recibido ({amount}) no es el precio de {name} ({price}).',
  paymentNotCash:
    'Aquí solo se reembolsan pagos en efectivo; los pagos con tarjeta se reembolsan en Stripe.',
  paymentAlreadyRefunded: 'Este pago ya fue reembolsado.',
  paymentNotFound: 'Este pago no existe.',
  substituteSameCoach: '{coach} ya imparte esta clase.',
  classEnded: 'Esta clase ya terminó.',
  dropInPackageMissing:
    'El estudio no vende clases sueltas, así que no se puede vender una visita.',

  planNotFound: 'Este plan no existe.',
  planInactive: 'Este plan ya no está a la venta.',
  planCapReached:
    'Ya usaste {count, plural, one {tu clase} other {tus {count} clases}} {period, select, today {de hoy; la siguiente a partir de mañana} day {de ese día; la siguiente a partir del día siguiente} thisWeek {de esta semana; la siguiente a partir del lunes} week {de esa semana; la siguiente a partir del lunes siguiente} thisMonth {de este mes; la siguiente a partir del día 1} month {de ese mes; la siguiente a partir del día 1 del mes siguiente} other {}}',
  planFrozen:
    'Tu plan está congelado hasta el {until}. Termina la congelación antes para reservar esta clase con tu plan.',
  planNotCovered: 'Tu plan {plan} no incluye esta clase. Puedes reservarla con un crédito.',
  planBlocked:
    'Tras una cancelación tardía o una clase perdida, tu plan vuelve a reservar a partir del {until}.',
  planPastDue: 'Falló el último pago de tu plan. Actualiza tu tarjeta para reservar con él.',
  planNotRunning: 'Tu plan no está vigente el día de esta clase.',
  guestSeatsNotOnPlan: 'Tu plan no paga lugares de invitados. Usa un crédito.',
  noMembership: 'No tienes un plan.',
  introAlreadyUsed:
    'Esta oferta de bienvenida es para quien viene por primera vez, una vez por persona, y esta cuenta o este correo ya la usó o ya compró antes.',
  alreadyFrozen: 'Tu plan ya está congelado hasta el {until}.',
  notFrozen: 'Tu plan no está congelado.',
  freezeTooShort: 'Una congelación dura al menos {days} días.',
  freezeTooLong: 'Una congelación dura como máximo {days} días.',
  freezesUsedUp:
    'Puedes congelar tu plan {count} {count, plural, one {vez} other {veces}} al año; la siguiente es posible a partir del {date}.',
  freezesOff: 'Este estudio no congela planes en línea. Pregunta en recepción.',
  freezeInPast: 'Elige una fecha posterior a hoy.',
  freezeAfterPlanEnds: 'Tu plan termina el {date}, antes de que terminara esa congelación.',
  samePlan: 'Ya tienes este plan.',
  planChangePending: 'Ya hay un cambio a {plan} programado para el {date}.',
  noEarlyEndFee:
    'Tu plan tiene una permanencia mínima hasta el {date} y no admite terminar antes: puede terminar en esa fecha.',
  noSavedCard: 'No hay una tarjeta guardada para cobrar. Actualiza tu tarjeta primero.',

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
  notifSubstitute: '{coach} da {className} el {date} a las {hour}. Tu reserva sigue igual.',
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
  notifPlanFrozen: 'Tu plan {plan} está congelado del {from} al {until}.',
  notifPlanFreezeEnded: 'Tu plan {plan} está activo de nuevo.',
  notifPlanChanged: 'Tu plan ahora es {plan}.',
  notifPlanChangeBooked: 'Tu plan cambia a {plan} el {date}.',
  notifPlanFeeCharged:
    'Se cobró a tu tarjeta un cargo de {amount} por {reason, select, late-cancel {una cancelación tardía} no-show {una clase perdida} freeze-hold {congelar tu plan} early-end {terminar tu plan antes} other {tu plan}}.',
  notifPlanFeeFailed: 'No pudimos cobrar el cargo de {amount} a tu tarjeta. Actualiza tu tarjeta.',
  notifPlanBlocked: 'Tras la cancelación tardía, tu plan vuelve a reservar a partir del {until}.',
  notifPlanPriceChange: '{plan} costará {amount} a partir del {date}.',
  notifPlanAddCard:
    'Tu plan {plan} está pagado hasta el {date}. Agrega una tarjeta en tu perfil antes para conservarlo: no se cobra nada hasta entonces.',

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
  ledgerImported: 'Importado de {source}: {count} créditos, vencen el {date}',
  ledgerImportUpdated: 'Actualizado desde {source}: {count} créditos, vencen el {date}',
  ledgerPlanUse: 'Reserva con tu plan {plan}',
  ledgerPlanRefund: 'Cancelación a tiempo: no cuenta en tu plan',
  ledgerPlanForfeit: 'Cancelación tardía: cuenta en tu plan',
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
