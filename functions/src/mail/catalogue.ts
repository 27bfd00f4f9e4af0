/**
 * Every text of the studio's e-mails, in English and Spanish side by side with the same typed keys
 * (the style of core's message catalogue, docs/architecture/web-app.md#texts-and-language).
 * Placeholders are `{name}`, filled by
 * core's `formatMessage`; the renderer escapes the values for the HTML part.
 */
import type { Lang } from '@studio/core';

const en = {
  // Shared pieces.
  greeting: 'Hi {name},',
  greetingNoName: 'Hi,',
  signature: 'See you soon, the {studio} team',
  openApp: 'Open the app',
  unsubscribe: 'Stop these e-mails ({what})',
  unsubscribeText: 'Stop these e-mails ({what}): {url}',
  factClass: 'Class',
  factWhen: 'When',
  factWhere: 'Where',
  factSpot: 'Spot',
  factCoach: 'Coach',
  calendarSpot: 'Spot {spot}',
  calendarCoach: 'Coach: {coach}',
  calendarAttached: 'The class is attached as a calendar file (.ics).',
  creditRegular: '{count} class credits',
  creditSpecial: '{count} special-event credits',
  creditTrain: '{count} training credits',
  creditExpiry: '{credits}, valid until {date}',

  // What each unsubscribe link stops, as the member reads it.
  kindBookingConfirmed: 'booking confirmations',
  kindBookingCancelled: 'cancellation notices',
  kindWaitlistPromoted: 'waiting-list promotions',
  kindClassReminder: 'class reminders',
  kindClassCancelled: 'class cancellations by the studio',
  kindClassSubstitute: 'a new coach for your class',
  kindPurchaseReceipt: 'purchase receipts',
  kindSubscriptionRenewed: 'subscription renewals',
  kindSubscriptionPaymentFailed: 'failed subscription payments',
  kindSubscriptionCancelled: 'subscription endings',
  kindCreditsExpiring: 'credit expiry reminders',
  kindWelcome: 'welcome messages',
  kindCoachClassList: 'tomorrow’s class lists',
  kindPlanNotice: 'notices about your plan',

  bookingConfirmedSubject: 'Booked: {title}, {when}',
  bookingConfirmedIntro: 'Your spot is booked. One credit was used.',
  bookingConfirmedIntroPlan: 'Your spot is booked with your plan.',
  bookingConfirmedPolicyPlan:
    'You can cancel until {deadline} and it does not count on your plan. After that it counts, and your plan’s late-cancel policy applies.',
  bookingConfirmedPolicy:
    'You can cancel with your credit back until {deadline}. After that the credit is forfeited.',

  bookingCancelledSubject: 'Cancelled: {title}, {when}',
  bookingCancelledRefunded: 'Your booking is cancelled and your credit is back in your account.',
  bookingCancelledForfeited:
    'Your booking is cancelled. It was inside the late-cancel window, so the credit was forfeited.',

  waitlistPromotedSubject: 'You’re in! A spot opened in {title}, {when}',
  waitlistPromotedIntro:
    'A spot opened and you were booked from the waiting list with one of your credits.',
  waitlistPromotedIntroPlan:
    'A spot opened and you were booked from the waiting list with your plan.',
  waitlistPromotedDeadline:
    'Can’t make it? Cancel before {deadline} and your credit comes back, with no late-cancel fee.',

  classReminderSubject: 'Reminder: {title}, {when}',
  classReminderIntro: 'Your class is coming up. We look forward to seeing you.',

  classSubstituteSubject: 'New coach for {title}, {when}',
  classSubstituteIntro: '{coach} teaches this class instead of {previous}.',
  classSubstituteIntroNew: '{coach} teaches this class.',
  classSubstituteStays: 'Your booking and your spot stay as they are.',
  classCancelledSubject: 'The studio cancelled {title}, {when}',
  classCancelledIntro: 'We are sorry: the studio had to cancel this class.',
  classCancelledReason: 'Reason: {reason}',
  classCancelledCredit: 'Your credit is back in your account, with its original expiry.',

  receiptSubject: 'Your receipt from {studio}: {total}',
  receiptIntro: 'Thank you for your purchase. Here is your receipt.',
  receiptLine: '{quantity} × {item}: {amount}',
  receiptSubtotal: 'Subtotal',
  receiptCoupon: 'Coupon',
  receiptTotal: 'Total paid',
  receiptReference: 'Reference',
  receiptCreditsTitle: 'Credits added to your account',

  subscriptionRenewedSubject: 'Your monthly plan renewed: {credits} credits added',
  subscriptionRenewedIntro:
    'Your subscription renewed and {amount} was charged. {credits} credits were added.',
  subscriptionRenewedNext: 'Next renewal: {date}.',

  paymentFailedSubject: 'Action needed: your subscription payment failed',
  paymentFailedIntro:
    'We could not charge {amount} for your monthly plan. Please update your payment method to keep your monthly credits.',
  paymentFailedAction: 'Update payment method',

  subscriptionCancelledSubject: 'Your subscription has ended',
  subscriptionCancelledIntro:
    'Your monthly plan is cancelled. No further payments will be taken. Credits you already have stay valid until they expire.',
  subscriptionCancelledEnds: 'It ends on {date}.',

  creditsExpiringSubject: 'Your credits expire soon',
  creditsExpiringIntro: 'These credits expire within the next 7 days. Book a class to use them:',
  creditsExpiringAction: 'Book a class',

  welcomeSubject: 'Welcome to {studio}',
  welcomeIntro:
    'Your account is ready. Buy a package, book your first class and pick your spot on the room map.',
  welcomeWaiver: 'Before your first class, please accept the fitness class waiver in the app.',
  invitationSubject: 'Your {studio} account is ready',
  invitationIntro:
    '{studio} has moved its bookings from {from} to this app. Your account is ready with this e-mail address, and your credits, plan and class history came with you.',
  invitationSignIn:
    'Set a password to sign in, or sign in with Google using this same address ({email}).',
  invitationAction: 'Set my password',

  coachListSubject: 'Your classes tomorrow, {date}',
  coachListIntro: 'Here are your classes for tomorrow and who is booked:',
  coachListClass: '{hour} · {title} · {booked} booked',
  coachListAttendee: 'Spot {spot}: {name}',
  coachListEmpty: 'No bookings yet.',

  planFrozenSubject: 'Your plan {plan} is frozen',
  planFrozenIntro:
    'Your plan {plan} is frozen from {from} until {until}. No classes are booked with it in that time, and billing waits.',
  planFrozenNote: 'From the studio: {note}',
  planFrozenEnd: 'You can end the freeze early at any time in the app.',
  planFreezeEndedSubject: 'Your plan {plan} is running again',
  planFreezeEndedIntro: 'Your freeze is over: you can book with your plan {plan} again.',
  planChangedSubject: 'Your plan is now {plan}',
  planChangedIntro: 'Your plan changed to {plan}.',
  planChangeBookedSubject: 'Your plan changes to {plan} on {date}',
  planChangeBookedIntro:
    'Your plan changes to {plan} on {date}. Until then you keep your current plan.',
  planPriceSubject: 'New price for {plan} from {date}',
  planPriceIntro:
    'From {date}, {plan} costs {amount} per period. Your first charge at the new price is your first renewal after that date. You can change or cancel your plan in the app before then.',
  planAddCardSubject: 'Add a card to keep {plan} after {date}',
  planAddCardIntro:
    'Your plan {plan} came over from your old studio paid through {date}, but your card could not come with it. Add a card in the app before then (your profile, your plan, Add a card): nothing is charged until {date}, and your plan goes on from that day.',
  planRenewalSubject: 'Your yearly plan {plan} renews on {date}',
  planRenewalIntro:
    'Your plan {plan} renews on {date} for {amount}. If you do not want it to renew, cancel it in the app before then: it takes one tap.',
  planFeeSubject: 'A fee of {amount} for your plan',
  planFeeIntro: 'We charged {amount} to your card for {reason}, as your plan {plan} sets.',
  planFeeFailedSubject: 'We could not charge a fee of {amount}',
  planFeeFailedIntro:
    'We could not charge {amount} to your card for {reason}. Please update your card in the app.',
  planCancelledSubject: 'Your plan {plan} is cancelled',
  planCancelledIntro:
    'Your plan {plan} is cancelled and ends on {date}. No further payments will be taken.',
  feeLateCancel: 'a late cancellation',
  feeNoShow: 'a missed class',
  feeFreezeHold: 'freezing your plan',
  feeEarlyEnd: 'ending your plan early',
};

export type MailTextKey = keyof typeof en;

const es: Record<MailTextKey, string> = {
  greeting: 'Hola {name}:',
  greetingNoName: 'Hola:',
  signature: 'Nos vemos pronto, el equipo de {studio}',
  openApp: 'Abrir la app',
  unsubscribe: 'Dejar de recibir estos correos ({what})',
  unsubscribeText: 'Dejar de recibir estos correos ({what}): {url}',
  factClass: 'Clase',
  factWhen: 'Cuándo',
  factWhere: 'Dónde',
  factSpot: 'Lugar',
  factCoach: 'Coach',
  calendarSpot: 'Lugar {spot}',
  calendarCoach: 'Coach: {coach}',
  calendarAttached: 'La clase va adjunta como archivo de calendario (.ics).',
  creditRegular: '{count} créditos de clase',
  creditSpecial: '{count} créditos de evento especial',
  creditTrain: '{count} créditos de entrenamiento',
  creditExpiry: '{credits}, válidos hasta el {date}',

  kindBookingConfirmed: 'confirmaciones de reserva',
  kindBookingCancelled: 'avisos de cancelación',
  kindWaitlistPromoted: 'avisos de la lista de espera',
  kindClassReminder: 'recordatorios de clase',
  kindClassCancelled: 'clases canceladas por el estudio',
  kindClassSubstitute: 'un nuevo coach para tu clase',
  kindPurchaseReceipt: 'recibos de compra',
  kindSubscriptionRenewed: 'renovaciones de la suscripción',
  kindSubscriptionPaymentFailed: 'pagos fallidos de la suscripción',
  kindSubscriptionCancelled: 'fin de la suscripción',
  kindCreditsExpiring: 'avisos de créditos por vencer',
  kindWelcome: 'mensajes de bienvenida',
  kindCoachClassList: 'listas de clases de mañana',
  kindPlanNotice: 'avisos sobre tu plan',

  bookingConfirmedSubject: 'Reservado: {title}, {when}',
  bookingConfirmedIntro: 'Tu lugar está reservado. Se usó un crédito.',
  bookingConfirmedIntroPlan: 'Tu lugar está reservado con tu plan.',
  bookingConfirmedPolicyPlan:
    'Puedes cancelar hasta el {deadline} y no cuenta en tu plan. Después cuenta, y se aplica la política de cancelación tardía de tu plan.',
  bookingConfirmedPolicy:
    'Puedes cancelar y recuperar tu crédito hasta el {deadline}. Después, el crédito se pierde.',

  bookingCancelledSubject: 'Cancelado: {title}, {when}',
  bookingCancelledRefunded: 'Tu reserva está cancelada y tu crédito volvió a tu cuenta.',
  bookingCancelledForfeited:
    'Tu reserva está cancelada. Fue dentro del periodo de cancelación tardía, así que el crédito se perdió.',

  waitlistPromotedSubject: '¡Entraste! Se liberó un lugar en {title}, {when}',
  waitlistPromotedIntro:
    'Se liberó un lugar y te reservamos desde la lista de espera con uno de tus créditos.',
  waitlistPromotedIntroPlan:
    'Se liberó un lugar y te reservamos desde la lista de espera con tu plan.',
  waitlistPromotedDeadline:
    '¿No puedes ir? Cancela antes del {deadline} y tu crédito vuelve, sin cargo por cancelación tardía.',

  classReminderSubject: 'Recordatorio: {title}, {when}',
  classReminderIntro: 'Tu clase se acerca. ¡Te esperamos!',

  classSubstituteSubject: 'Nuevo coach para {title}, {when}',
  classSubstituteIntro: '{coach} da esta clase en lugar de {previous}.',
  classSubstituteIntroNew: '{coach} da esta clase.',
  classSubstituteStays: 'Tu reserva y tu lugar siguen igual.',
  classCancelledSubject: 'El estudio canceló {title}, {when}',
  classCancelledIntro: 'Lo sentimos: el estudio tuvo que cancelar esta clase.',
  classCancelledReason: 'Motivo: {reason}',
  classCancelledCredit: 'Tu crédito volvió a tu cuenta, con su vencimiento original.',

  receiptSubject: 'Tu recibo de {studio}: {total}',
  receiptIntro: 'Gracias por tu compra. Este es tu recibo.',
  receiptLine: '{quantity} × {item}: {amount}',
  receiptSubtotal: 'Subtotal',
  receiptCoupon: 'Cupón',
  receiptTotal: 'Total pagado',
  receiptReference: 'Referencia',
  receiptCreditsTitle: 'Créditos añadidos a tu cuenta',

  subscriptionRenewedSubject: 'Tu plan mensual se renovó: {credits} créditos añadidos',
  subscriptionRenewedIntro:
    'Tu suscripción se renovó y se cobraron {amount}. Se añadieron {credits} créditos.',
  subscriptionRenewedNext: 'Próxima renovación: {date}.',

  paymentFailedSubject: 'Acción necesaria: falló el pago de tu suscripción',
  paymentFailedIntro:
    'No pudimos cobrar {amount} de tu plan mensual. Actualiza tu método de pago para seguir recibiendo tus créditos mensuales.',
  paymentFailedAction: 'Actualizar método de pago',

  subscriptionCancelledSubject: 'Tu suscripción terminó',
  subscriptionCancelledIntro:
    'Tu plan mensual está cancelado. No se harán más cobros. Los créditos que ya tienes siguen válidos hasta su vencimiento.',
  subscriptionCancelledEnds: 'Termina el {date}.',

  creditsExpiringSubject: 'Tus créditos vencen pronto',
  creditsExpiringIntro:
    'Estos créditos vencen en los próximos 7 días. Reserva una clase para usarlos:',
  creditsExpiringAction: 'Reservar una clase',

  welcomeSubject: 'Bienvenido a {studio}',
  welcomeIntro:
    'Tu cuenta está lista. Compra un paquete, reserva tu primera clase y elige tu lugar en el mapa de la sala.',
  welcomeWaiver: 'Antes de tu primera clase, acepta el deslinde de responsabilidad en la app.',
  invitationSubject: 'Tu cuenta de {studio} está lista',
  invitationIntro:
    '{studio} pasó sus reservas de {from} a esta app. Tu cuenta está lista con este correo, y tus créditos, tu plan y tu historial de clases vienen contigo.',
  invitationSignIn:
    'Crea una contraseña para entrar, o entra con Google usando este mismo correo ({email}).',
  invitationAction: 'Crear mi contraseña',

  coachListSubject: 'Tus clases de mañana, {date}',
  coachListIntro: 'Estas son tus clases de mañana y quién reservó:',
  coachListClass: '{hour} · {title} · {booked} reservas',
  coachListAttendee: 'Lugar {spot}: {name}',
  coachListEmpty: 'Aún no hay reservas.',

  planFrozenSubject: 'Tu plan {plan} está congelado',
  planFrozenIntro:
    'Tu plan {plan} está congelado del {from} al {until}. En ese tiempo no se reservan clases con él y el cobro espera.',
  planFrozenNote: 'Del estudio: {note}',
  planFrozenEnd: 'Puedes terminar la congelación antes en cualquier momento desde la app.',
  planFreezeEndedSubject: 'Tu plan {plan} está activo de nuevo',
  planFreezeEndedIntro: 'Tu congelación terminó: ya puedes reservar de nuevo con tu plan {plan}.',
  planChangedSubject: 'Tu plan ahora es {plan}',
  planChangedIntro: 'Tu plan cambió a {plan}.',
  planChangeBookedSubject: 'Tu plan cambia a {plan} el {date}',
  planChangeBookedIntro:
    'Tu plan cambia a {plan} el {date}. Hasta entonces conservas tu plan actual.',
  planPriceSubject: 'Nuevo precio de {plan} a partir del {date}',
  planPriceIntro:
    'A partir del {date}, {plan} cuesta {amount} por periodo. El primer cobro con el nuevo precio será tu primera renovación después de esa fecha. Puedes cambiar o cancelar tu plan en la app antes.',
  planAddCardSubject: 'Agrega una tarjeta para conservar {plan} después del {date}',
  planAddCardIntro:
    'Tu plan {plan} llegó de tu estudio anterior pagado hasta el {date}, pero tu tarjeta no pudo venir con él. Agrega una tarjeta en la app antes (tu perfil, tu plan, Agregar tarjeta): no se cobra nada hasta el {date} y tu plan sigue desde ese día.',
  planRenewalSubject: 'Tu plan anual {plan} se renueva el {date}',
  planRenewalIntro:
    'Tu plan {plan} se renueva el {date} por {amount}. Si no quieres que se renueve, cancélalo en la app antes: es un solo toque.',
  planFeeSubject: 'Un cargo de {amount} por tu plan',
  planFeeIntro: 'Cobramos {amount} a tu tarjeta por {reason}, como indica tu plan {plan}.',
  planFeeFailedSubject: 'No pudimos cobrar un cargo de {amount}',
  planFeeFailedIntro:
    'No pudimos cobrar {amount} a tu tarjeta por {reason}. Actualiza tu tarjeta en la app.',
  planCancelledSubject: 'Tu plan {plan} está cancelado',
  planCancelledIntro: 'Tu plan {plan} está cancelado y termina el {date}. No se harán más cobros.',
  feeLateCancel: 'una cancelación tardía',
  feeNoShow: 'una clase perdida',
  feeFreezeHold: 'congelar tu plan',
  feeEarlyEnd: 'terminar tu plan antes',
};

export const mailTexts: Readonly<Record<Lang, Readonly<Record<MailTextKey, string>>>> = { en, es };
