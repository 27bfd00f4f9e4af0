/**
 * The class-list and attendance screens' own labels, English and Spanish ("User Class Lists"
 * is the spec's menu item). Errors the functions send come from `@studio/core` through `useT()`.
 */
import type { Lang, MessageParams } from '@studio/core';
import { useCallback } from 'react';
import { useLangStore } from '../../lib/i18n';

const en = {
  listsTitle: 'User Class Lists',
  checadorTitle: 'Attendance',
  staffOnly: 'Class lists are for coaches and admins.',
  date: 'Date',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  today: 'Today',
  myClasses: 'My classes',
  otherClasses: 'Other classes (read only)',
  allClasses: 'Classes',
  noClasses: 'No classes on this day.',
  classLine: '{hour} · {name} · {coach}',
  classCounts: '{booked}/{capacity} booked · {waiting} waiting',
  cancelled: 'cancelled',
  openList: 'Open the list of {name} at {hour}',
  loading: 'Loading…',
  classMissing: 'This class does not exist (any more).',
  rosterTitle: '{name} · {date} {hour}',
  coachLine: 'Coach: {coach}',
  readOnly: 'Read only: this is not one of your classes.',
  bookedTitle: 'Booked ({count})',
  spot: 'Spot',
  member: 'Member',
  attendance: 'Attendance',
  noBookings: 'No bookings yet.',
  pending: 'confirming…',
  waitlistTitle: 'Waiting list ({count})',
  noWaitlist: 'Nobody is waiting.',
  waitingSince: 'since {time}',
  attended: 'Attended',
  noShow: 'No-show',
  unmarked: 'Not marked',
  takeAttendance: 'Take attendance',
  backToLists: 'All class lists',
  pickClass: "Pick a class (today's)",
  otherDay: 'Another day',
  counts: 'Booked {booked} · Attended {attended} · No-show {noShow} · Not marked {unmarked}',
  markAttended: '{name}: attended',
  markNoShow: '{name}: no-show',
  marked: '{name} marked {status}.',
  spotLabel: 'Spot {spot}',
  changeClass: 'Change class',
  openChecador: 'Take attendance (checador)',
} as const;

export type ListsKey = keyof typeof en;

const es: Record<ListsKey, string> = {
  listsTitle: 'Listas de clases',
  checadorTitle: 'Asistencia',
  staffOnly: 'Las listas de clases son para coaches y administradores.',
  date: 'Fecha',
  previousDay: 'Día anterior',
  nextDay: 'Día siguiente',
  today: 'Hoy',
  myClasses: 'Mis clases',
  otherClasses: 'Otras clases (solo lectura)',
  allClasses: 'Clases',
  noClasses: 'No hay clases este día.',
  classLine: '{hour} · {name} · {coach}',
  classCounts: '{booked}/{capacity} reservados · {waiting} en espera',
  cancelled: 'cancelada',
  openList: 'Abrir la lista de {name} a las {hour}',
  loading: 'Cargando…',
  classMissing: 'Esta clase no existe (ya).',
  rosterTitle: '{name} · {date} {hour}',
  coachLine: 'Coach: {coach}',
  readOnly: 'Solo lectura: no es una de tus clases.',
  bookedTitle: 'Reservados ({count})',
  spot: 'Lugar',
  member: 'Miembro',
  attendance: 'Asistencia',
  noBookings: 'Aún no hay reservas.',
  pending: 'confirmando…',
  waitlistTitle: 'Lista de espera ({count})',
  noWaitlist: 'Nadie está esperando.',
  waitingSince: 'desde {time}',
  attended: 'Asistió',
  noShow: 'No asistió',
  unmarked: 'Sin marcar',
  takeAttendance: 'Tomar asistencia',
  backToLists: 'Todas las listas',
  pickClass: 'Elige una clase (de hoy)',
  otherDay: 'Otro día',
  counts:
    'Reservados {booked} · Asistieron {attended} · No asistieron {noShow} · Sin marcar {unmarked}',
  markAttended: '{name}: asistió',
  markNoShow: '{name}: no asistió',
  marked: '{name}: {status}.',
  spotLabel: 'Lugar {spot}',
  changeClass: 'Cambiar de clase',
  openChecador: 'Tomar asistencia (checador)',
};

const MESSAGES: Readonly<Record<Lang, Record<ListsKey, string>>> = { en, es };

export function listsText(key: ListsKey, lang: Lang, params?: MessageParams): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

export type ListsTranslate = (key: ListsKey, params?: MessageParams) => string;

export function useListsT(): ListsTranslate {
  const lang = useLangStore((state) => state.lang);
  return useCallback((key, params) => listsText(key, lang, params), [lang]);
}
