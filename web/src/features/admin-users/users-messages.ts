/**
 * The all-users screen's own labels, English and Spanish (like admin-catalog's admin-messages).
 * Errors from the functions come from `@studio/core`'s catalogue through `useT()`.
 */
import type { CreditKind, Lang, MessageParams, Role } from '@studio/core';
import { useCallback } from 'react';
import { useLangStore } from '../../lib/i18n';

const en = {
  usersTitle: 'Admin Users',
  search: 'Search by name, e-mail or phone',
  noMatches: 'No member matches.',
  loading: 'Loading…',
  membersCount: '{count} members',
  open: 'Open',
  close: 'Back to the list',
  noName: '(no name)',
  reportsTitle: 'Reports',
  reportsIntro: 'Accounts without a name',
  reportsEmpty: 'Every account has a name.',
  showReports: 'Reports',
  showMembers: 'Members',
  profile: 'Profile',
  email: 'E-mail',
  phone: 'Phone',
  waiver: 'Waiver accepted',
  lastSeen: 'Last seen',
  yes: 'Yes',
  no: 'No',
  role: 'Role',
  roleAdmin: 'Admin (true)',
  roleCoach: 'Coach (Coach)',
  roleMember: 'Member (false)',
  setRole: 'Set role',
  roleSaved: 'Role changed to {role}.',
  credits: 'Credits',
  creditsLine: '{kind}: {count}',
  nextExpiry: 'next expires {date}',
  onHold: '{count} on hold',
  noCredits: 'No usable credits.',
  kindRegular: 'Regular',
  kindSpecial: 'Special event',
  kindTrain: 'Training',
  adjustTitle: 'Adjust credits',
  kind: 'Credit kind',
  delta: 'Change (+ adds, − removes)',
  reason: 'Reason',
  adjust: 'Adjust',
  adjusted: 'Done. {kind} balance: {balance}.',
  deltaInvalid: 'Enter a whole number other than 0 (at most {max} either way).',
  reasonRequired: 'Write why (it goes in the ledger).',
  ledgerTitle: 'Credit ledger',
  ledgerEmpty: 'No credit movements.',
  bookingsTitle: 'Bookings',
  bookingsEmpty: 'No bookings.',
  paymentsTitle: 'Payments',
  paymentsEmpty: 'No payments.',
  subscriptionTitle: 'Subscription',
  subscriptionActive: 'Active ({id})',
  subscriptionNone: 'No active subscription.',
  working: 'Please wait…',
} as const;

export type UsersKey = keyof typeof en;

const es: Record<UsersKey, string> = {
  usersTitle: 'Usuarios',
  search: 'Buscar por nombre, correo o teléfono',
  noMatches: 'Ningún usuario coincide.',
  loading: 'Cargando…',
  membersCount: '{count} usuarios',
  open: 'Abrir',
  close: 'Volver a la lista',
  noName: '(sin nombre)',
  reportsTitle: 'Reportes',
  reportsIntro: 'Cuentas sin nombre',
  reportsEmpty: 'Todas las cuentas tienen nombre.',
  showReports: 'Reportes',
  showMembers: 'Usuarios',
  profile: 'Perfil',
  email: 'Correo',
  phone: 'Teléfono',
  waiver: 'Exención aceptada',
  lastSeen: 'Última conexión',
  yes: 'Sí',
  no: 'No',
  role: 'Rol',
  roleAdmin: 'Admin (true)',
  roleCoach: 'Coach (Coach)',
  roleMember: 'Usuario (false)',
  setRole: 'Cambiar rol',
  roleSaved: 'Rol cambiado a {role}.',
  credits: 'Créditos',
  creditsLine: '{kind}: {count}',
  nextExpiry: 'el próximo vence el {date}',
  onHold: '{count} apartados',
  noCredits: 'Sin créditos disponibles.',
  kindRegular: 'Normal',
  kindSpecial: 'Evento especial',
  kindTrain: 'Entrenamiento',
  adjustTitle: 'Ajustar créditos',
  kind: 'Tipo de crédito',
  delta: 'Cambio (+ agrega, − quita)',
  reason: 'Motivo',
  adjust: 'Ajustar',
  adjusted: 'Listo. Saldo {kind}: {balance}.',
  deltaInvalid: 'Escribe un número entero distinto de 0 (máximo {max} en cualquier sentido).',
  reasonRequired: 'Escribe el motivo (queda en el historial).',
  ledgerTitle: 'Historial de créditos',
  ledgerEmpty: 'Sin movimientos de créditos.',
  bookingsTitle: 'Reservas',
  bookingsEmpty: 'Sin reservas.',
  paymentsTitle: 'Pagos',
  paymentsEmpty: 'Sin pagos.',
  subscriptionTitle: 'Suscripción',
  subscriptionActive: 'Activa ({id})',
  subscriptionNone: 'Sin suscripción activa.',
  working: 'Un momento…',
};

const MESSAGES: Readonly<Record<Lang, Record<UsersKey, string>>> = { en, es };

export function usersText(key: UsersKey, lang: Lang, params?: MessageParams): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

export type UsersTranslate = (key: UsersKey, params?: MessageParams) => string;

export function useUsersT(): UsersTranslate {
  const lang = useLangStore((state) => state.lang);
  return useCallback((key, params) => usersText(key, lang, params), [lang]);
}

export const KIND_LABELS: Readonly<Record<CreditKind, UsersKey>> = {
  regular: 'kindRegular',
  special: 'kindSpecial',
  train: 'kindTrain',
};

/** The spec's `Admin` values next to each role (true, 'Coach', false). */
export const ROLE_LABELS: Readonly<Record<Role, UsersKey>> = {
  admin: 'roleAdmin',
  coach: 'roleCoach',
  member: 'roleMember',
};
