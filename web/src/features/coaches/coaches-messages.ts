/** The coach page, English and Spanish. */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const coachesMessages = defineMessages({
  en: {
    coachTitle: 'Coach',
    coachNotFound: 'This coach does not exist.',
    specialities: 'Specialities',
    upcomingClasses: 'Upcoming classes',
    noUpcomingClasses: 'No classes in the next {days} days.',
    classAt: '{date} {hour} · {title}',
    seeSchedule: 'Book in the schedule',
  },
  es: {
    coachTitle: 'Coach',
    coachNotFound: 'Este coach no existe.',
    specialities: 'Especialidades',
    upcomingClasses: 'Próximas clases',
    noUpcomingClasses: 'No hay clases en los próximos {days} días.',
    classAt: '{date} {hour} · {title}',
    seeSchedule: 'Reserva en el calendario',
  },
});

export type CoachesKey = MessageKeyOf<typeof coachesMessages>;
