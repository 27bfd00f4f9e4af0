/** "Bring a friend" on a booked class and the guest seats in "My Classes". */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const guestSeatMessages = defineMessages({
  en: {
    bringFriend: 'Bring a friend',
    bringFriendTitle: 'Book a seat for a friend',
    guestNameLabel: 'Your guest’s name',
    guestNameHint: 'As the coach should call them.',
    guestNameRequired: 'Please enter your guest’s name (1 to 60 characters).',
    guestSpotHint: 'Pick a free spot for them on the map, or leave it to us.',
    guestUsesCredit:
      'Uses 1 credit of yours. Cancelling follows the same rules as your own booking.',
    bookGuestSeat: 'Book their seat',
    bookGuestSpot: 'Book spot {spot} for them',
    notNow: 'Not now',
    bookingGuest: 'Booking a seat for {name}…',
    guestBooked: 'Done: {name} has spot {spot}.',
    guestLine: 'Guest: {name}',
    guestSpot: 'spot {spot}',
    cancelGuest: 'Cancel {name}’s seat',
    guestCancelled: '{name}’s seat is cancelled.',
    guestCancelledRefund: '{name}’s seat is cancelled and your credit is back.',
    guestCancelledLate: '{name}’s seat is cancelled; the credit was forfeited (late cancel).',
    confirmCancelGuest: 'Cancel {name}’s seat?',
    cancelGuestRefund: 'It is still in time: your credit comes back.',
    cancelGuestLate:
      'It is less than {hours} hours before the class: the credit for this seat is forfeited.',
    cancelGuestRules: 'In time your credit comes back; late, it is forfeited.',
    keepGuest: 'Keep their seat',
    guestStatusBooked: 'booked',
    guestStatusAttended: 'attended',
    guestStatusNoShow: 'no-show',
    guestStatusCancelled: 'cancelled',
    guestStatusLateCancelled: 'cancelled late',
    guestStatusClassCancelled: 'class cancelled',
  },
  es: {
    bringFriend: 'Traer a un amigo',
    bringFriendTitle: 'Reserva un lugar para un amigo',
    guestNameLabel: 'Nombre de tu invitado',
    guestNameHint: 'Como el coach debe llamarle.',
    guestNameRequired: 'Escribe el nombre de tu invitado (de 1 a 60 caracteres).',
    guestSpotHint: 'Elige un lugar libre en el mapa, o déjalo a nuestra elección.',
    guestUsesCredit: 'Usa 1 crédito tuyo. Cancelar sigue las mismas reglas que tu propia reserva.',
    bookGuestSeat: 'Reservar su lugar',
    bookGuestSpot: 'Reservarle el lugar {spot}',
    notNow: 'Ahora no',
    bookingGuest: 'Reservando un lugar para {name}…',
    guestBooked: 'Listo: {name} tiene el lugar {spot}.',
    guestLine: 'Invitado: {name}',
    guestSpot: 'lugar {spot}',
    cancelGuest: 'Cancelar el lugar de {name}',
    guestCancelled: 'El lugar de {name} está cancelado.',
    guestCancelledRefund: 'El lugar de {name} está cancelado y tu crédito ha vuelto.',
    guestCancelledLate:
      'El lugar de {name} está cancelado; el crédito se perdió (cancelación tardía).',
    confirmCancelGuest: '¿Cancelar el lugar de {name}?',
    cancelGuestRefund: 'Aún estás a tiempo: tu crédito vuelve.',
    cancelGuestLate:
      'Faltan menos de {hours} horas para la clase: el crédito de este lugar se pierde.',
    cancelGuestRules: 'A tiempo, tu crédito vuelve; tarde, se pierde.',
    keepGuest: 'Conservar su lugar',
    guestStatusBooked: 'reservado',
    guestStatusAttended: 'asistió',
    guestStatusNoShow: 'no asistió',
    guestStatusCancelled: 'cancelado',
    guestStatusLateCancelled: 'cancelado tarde',
    guestStatusClassCancelled: 'clase cancelada',
  },
});

export type GuestSeatKey = MessageKeyOf<typeof guestSeatMessages>;
