/**
 * "Add to calendar" on a booking in "My Classes", English and Spanish. The button's
 * name starts with its visible text (WCAG 2.5.3, label in name), then says which class.
 */
import { defineMessages } from '../../lib/i18n';

export const calendarFileMessages = defineMessages({
  en: {
    addToCalendar: 'Add to calendar',
    addToCalendarFor: 'Add to calendar: {title} on {date}',
    calendarFileFailed: 'The calendar file could not be made. Try again.',
    calendarSpot: 'Spot {spot}',
    calendarCoach: 'Coach: {coach}',
  },
  es: {
    addToCalendar: 'Agregar al calendario',
    addToCalendarFor: 'Agregar al calendario: {title} del {date}',
    calendarFileFailed: 'No se pudo crear el archivo de calendario. Inténtalo de nuevo.',
    calendarSpot: 'Lugar {spot}',
    calendarCoach: 'Coach: {coach}',
  },
});
