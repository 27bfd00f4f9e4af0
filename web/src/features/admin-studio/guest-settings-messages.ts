/** The guest-seat settings on admin-studio (bring a friend), English and Spanish. */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const guestSettingsMessages = defineMessages({
  en: {
    guestSeatsTitle: 'Guest seats',
    guestSeatsIntro:
      'Booked members can bring a friend, paying for the seat with one of their own credits.',
    guestBookingsEnabled: 'Members may book seats for guests',
    guestsPerMember: 'Guests per member in a class',
    guestsPerMemberHint: 'A class can set its own number; 0 to 10.',
    guestsPerMemberInvalid: 'Enter a whole number from 0 to 10.',
    saveGuestSettings: 'Save guest settings',
    guestSettingsSaved: 'Guest settings saved.',
  },
  es: {
    guestSeatsTitle: 'Lugares para invitados',
    guestSeatsIntro:
      'Los miembros con reserva pueden traer a un amigo, pagando su lugar con un crédito propio.',
    guestBookingsEnabled: 'Los miembros pueden reservar lugares para invitados',
    guestsPerMember: 'Invitados por miembro en una clase',
    guestsPerMemberHint: 'Cada clase puede fijar su propio número; de 0 a 10.',
    guestsPerMemberInvalid: 'Escribe un número entero de 0 a 10.',
    saveGuestSettings: 'Guardar ajustes de invitados',
    guestSettingsSaved: 'Ajustes de invitados guardados.',
  },
});

export type GuestSettingsKey = MessageKeyOf<typeof guestSettingsMessages>;
