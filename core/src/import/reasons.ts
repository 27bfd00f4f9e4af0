/**
 * What happened to each row, in words for the admin (en/es): the wizard's table, the command
 * line and the CSV report say the same thing.
 */
import type { Lang } from '../messages';
import { formatMessage } from '../message-format';
import type { RowProblem, RowReason } from './records';

import type { RowOutcome } from './fields';
export { ROW_OUTCOMES, type RowOutcome } from './fields';

const FIELD_NAMES: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  en: {
    id: 'id',
    clientId: 'client id',
    firstName: 'first name',
    lastName: 'last name',
    fullName: 'name',
    email: 'e-mail',
    mobile: 'mobile phone',
    phone: 'phone',
    birthday: 'birthday',
    emergencyName: 'emergency contact',
    emergencyPhone: 'emergency phone',
    marketing: 'marketing consent',
    waiverSignedAt: 'waiver signed',
    name: 'package',
    remaining: 'credits remaining',
    expiresAt: 'expiry date',
    kind: 'credit kind',
    date: 'date',
    time: 'time',
    className: 'class',
    status: 'status',
    signedIn: 'signed in',
    lateCancel: 'late cancel',
    noShow: 'no-show',
    plan: 'plan',
    startDate: 'start date',
    paidThrough: 'paid-through date',
    nextBilling: 'next billing date',
    resumesOn: 'freeze end',
    stripeCustomer: 'Stripe customer',
    paymentMethod: 'Stripe card',
    oldCard: 'old card id',
  },
  es: {
    id: 'id',
    clientId: 'id de cliente',
    firstName: 'nombre',
    lastName: 'apellido',
    fullName: 'nombre',
    email: 'correo',
    mobile: 'celular',
    phone: 'teléfono',
    birthday: 'cumpleaños',
    emergencyName: 'contacto de emergencia',
    emergencyPhone: 'teléfono de emergencia',
    marketing: 'consentimiento de marketing',
    waiverSignedAt: 'responsiva firmada',
    name: 'paquete',
    remaining: 'créditos restantes',
    expiresAt: 'vencimiento',
    kind: 'tipo de crédito',
    date: 'fecha',
    time: 'hora',
    className: 'clase',
    status: 'estado',
    signedIn: 'asistió',
    lateCancel: 'cancelación tardía',
    noShow: 'no asistió',
    plan: 'plan',
    startDate: 'fecha de inicio',
    paidThrough: 'pagado hasta',
    nextBilling: 'próximo cobro',
    resumesOn: 'fin de la pausa',
    stripeCustomer: 'cliente de Stripe',
    paymentMethod: 'tarjeta de Stripe',
    oldCard: 'id de tarjeta anterior',
  },
};

const REASONS: Readonly<Record<Lang, Readonly<Record<RowReason, string>>>> = {
  en: {
    missing: 'The {field} is missing.',
    invalidDate: 'The {field} is not a date we can read (e.g. 2027-01-31).',
    invalidTime: 'The {field} is not a time we can read (e.g. 18:30).',
    invalidPhone: 'The {field} is not a phone number.',
    invalidEmail: 'The {field} is not an e-mail address.',
    invalidCount: 'The {field} is not a whole number.',
    invalidFlag: 'The {field} is not yes or no.',
    invalidKind: 'The {field} must be regular, special or train.',
    tooLong: 'The {field} is too long.',
    negativeBalance: 'The {field} is below zero.',
    duplicateInFile: 'The same id is on an earlier row of this file (line {line}).',
    unknownMember: 'No imported member has this client id: import the client file first.',
    existingDifferent: 'This e-mail already belongs to a member here with another name ({name}).',
    emailTaken: 'This e-mail belongs to another imported client ({other}).',
    expired: 'These credits expired on {date}.',
    emptyBalance: 'No credits remain on it.',
    notImported: 'Not imported: {detail}',
    invalidStatus: 'The {field} must say active, frozen or ended.',
    unknownPlan: 'No plan here matches “{name}”: choose one in the mapping step.',
    planHeld: 'This member already holds another plan here ({name}).',
    membershipEnded: 'This membership has ended: nothing to bring over.',
    invalidStripeId: 'The {field} is not a Stripe id (cus_…, pm_… or card_…).',
    cardCustomerDiffers:
      'This member already pays here as another Stripe customer ({customer}): their card stays that one.',
  },
  es: {
    missing: 'Falta el campo {field}.',
    invalidDate: 'El campo {field} no es una fecha que podamos leer (p. ej. 2027-01-31).',
    invalidTime: 'El campo {field} no es una hora que podamos leer (p. ej. 18:30).',
    invalidPhone: 'El campo {field} no es un número de teléfono.',
    invalidEmail: 'El campo {field} no es un correo electrónico.',
    invalidCount: 'El campo {field} no es un número entero.',
    invalidFlag: 'El campo {field} no es sí o no.',
    invalidKind: 'El campo {field} debe ser regular, special o train.',
    tooLong: 'El campo {field} es demasiado largo.',
    negativeBalance: 'El campo {field} es menor que cero.',
    duplicateInFile: 'El mismo id está en una fila anterior de este archivo (línea {line}).',
    unknownMember:
      'Ningún socio importado tiene este id de cliente: importa primero el archivo de clientes.',
    existingDifferent: 'Este correo ya es de un socio de aquí con otro nombre ({name}).',
    emailTaken: 'Este correo es de otro cliente importado ({other}).',
    expired: 'Estos créditos vencieron el {date}.',
    emptyBalance: 'No le quedan créditos.',
    notImported: 'No importado: {detail}',
    invalidStatus: 'El campo {field} debe decir activa, congelada o terminada.',
    unknownPlan: 'Ningún plan de aquí corresponde a «{name}»: elige uno en el paso de columnas.',
    planHeld: 'Este socio ya tiene otro plan aquí ({name}).',
    membershipEnded: 'Esta membresía terminó: no hay nada que traer.',
    invalidStripeId: 'El campo {field} no es un id de Stripe (cus_…, pm_… o card_…).',
    cardCustomerDiffers:
      'Este socio ya paga aquí como otro cliente de Stripe ({customer}): su tarjeta sigue siendo esa.',
  },
};

const OUTCOMES: Readonly<Record<Lang, Readonly<Record<RowOutcome, string>>>> = {
  en: { created: 'Created', updated: 'Updated', unchanged: 'Unchanged', skipped: 'Skipped' },
  es: { created: 'Creado', updated: 'Actualizado', unchanged: 'Sin cambios', skipped: 'Omitido' },
};

export function outcomeText(outcome: RowOutcome, lang: Lang): string {
  return OUTCOMES[lang][outcome];
}

/** A field as the admin knows it: "mobile phone", "celular". */
export function fieldName(field: string, lang: Lang): string {
  return FIELD_NAMES[lang][field] ?? field;
}

/** One problem in words: "The e-mail is not an e-mail address." */
export function problemText(
  problem: RowProblem & { params?: Readonly<Record<string, string | number>> | undefined },
  lang: Lang,
): string {
  const field =
    problem.field === undefined ? '' : (FIELD_NAMES[lang][problem.field] ?? problem.field);
  return formatMessage(REASONS[lang][problem.reason], { ...problem.params, field });
}
