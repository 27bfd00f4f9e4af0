/**
 * "My Waiting List" cards: the member's cut-off on each class, and leaving with a
 * confirmation, English and Spanish. The list's own labels are in schedule-messages.ts.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const waitlistMessages = defineMessages({
  en: {
    waitlistIntro: 'When a spot opens, the first person on the list gets it and a credit is used.',
    cutoffUntil: 'Can move you in until',
    cutoffMine: 'your cut-off, {hours} h before',
    cutoffStudios: 'the studio’s cut-off, {minutes} min before',
    cutoffPassed: 'Too close to class: you will not be moved in',
    changeCutoff: 'Change my cut-off',
    leaveTitle: 'Leave the waiting list?',
    leaveText: 'You give up position {position} for {className} on {day} {hour}.',
    leaveTextNoPosition: 'You give up your place for {className} on {day} {hour}.',
    stayOnList: 'Stay on the list',
    emptyHint:
      'On a full class, join its waiting list from the schedule: we move you in if a spot opens.',
    waitingCount: 'Waiting for {count} classes',
    waitingCountOne: 'Waiting for 1 class',
  },
  es: {
    waitlistIntro:
      'Cuando se libera un lugar, pasa a la primera persona de la lista y se usa un crédito.',
    cutoffUntil: 'Podemos pasarte hasta',
    cutoffMine: 'tu límite, {hours} h antes',
    cutoffStudios: 'el límite del estudio, {minutes} min antes',
    cutoffPassed: 'Falta poco para la clase: ya no te pasaremos',
    changeCutoff: 'Cambiar mi límite',
    leaveTitle: '¿Salir de la lista de espera?',
    leaveText: 'Dejas la posición {position} de {className} el {day} {hour}.',
    leaveTextNoPosition: 'Dejas tu lugar en {className} el {day} {hour}.',
    stayOnList: 'Seguir en la lista',
    emptyHint:
      'En una clase llena, únete a su lista de espera desde el horario: te pasamos si se libera un lugar.',
    waitingCount: 'En espera de {count} clases',
    waitingCountOne: 'En espera de 1 clase',
  },
});

export type WaitlistKey = MessageKeyOf<typeof waitlistMessages>;
