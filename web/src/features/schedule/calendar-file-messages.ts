/** "Add to calendar" on a booking in "My Classes" (issue 19), English and Spanish. */
import { defineMessages } from '../../lib/i18n';

export const calendarFileMessages = defineMessages({
  en: {
    addToCalendar: 'Add to calendar',
    addToCalendarFor: 'Add {title} on {date} to your calendar',
    calendarFileFailed: 'The calendar file could not be made. Try again.',
    calendarSpot: 'Spot {spot}',
    calendarCoach: 'Coach: {coach}',
  },
  es: {
    addToCalendar: 'Agregar al calendario',
    addToCalendarFor: 'Agregar {title} del {date} a tu calendario',
    calendarFileFailed: 'No se pudo crear el archivo de calendario. Inténtalo de nuevo.',
    calendarSpot: 'Lugar {spot}',
    calendarCoach: 'Coach: {coach}',
  },
});
