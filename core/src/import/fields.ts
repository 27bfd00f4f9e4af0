/**
 * What an import file can hold: one kind of record per file (members, balances, memberships,
 * visits), each
 * with the fields the engine reads. A file's columns map to these fields (`headers.ts`); a row's
 * values are then parsed field by field (`records.ts`).
 */

export const IMPORT_SOURCES = ['mindbody', 'marianatek', 'momence', 'glofox', 'generic'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export function isImportSource(value: unknown): value is ImportSource {
  return typeof value === 'string' && (IMPORT_SOURCES as readonly string[]).includes(value);
}

/** How a source is named to people (ledger lines, mail, screens). */
export const SOURCE_NAMES: Readonly<Record<ImportSource, string>> = {
  mindbody: 'Mindbody',
  marianatek: 'Mariana Tek',
  momence: 'Momence',
  glofox: 'Glofox',
  generic: 'Studio export',
};

/**
 * In the order a run imports them: `cards` is Stripe's migration mapping (the old system's
 * customer → the Stripe customer and card that Stripe copied), read before the memberships it bills.
 */
export const IMPORT_ENTITIES = ['members', 'cards', 'balances', 'memberships', 'visits'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export const ENTITY_FIELDS = {
  members: [
    'id',
    'firstName',
    'lastName',
    'fullName',
    'email',
    'mobile',
    'phone',
    'birthday',
    'emergencyName',
    'emergencyPhone',
    'marketing',
    'waiverSignedAt',
  ],
  cards: ['clientId', 'stripeCustomer', 'paymentMethod', 'oldCard'],
  balances: ['id', 'clientId', 'name', 'remaining', 'expiresAt', 'kind'],
  memberships: [
    'id',
    'clientId',
    'name',
    'status',
    'startDate',
    'paidThrough',
    'nextBilling',
    'resumesOn',
  ],
  visits: [
    'id',
    'clientId',
    'date',
    'time',
    'className',
    'status',
    'signedIn',
    'lateCancel',
    'noShow',
  ],
} as const;

export type FieldOf<E extends ImportEntity> = (typeof ENTITY_FIELDS)[E][number];
export type ImportField = FieldOf<ImportEntity>;

/**
 * Fields a file of that kind must map, or no row can be read. Members need an id and an
 * e-mail (the account); a name may come as one column or two, checked per row.
 */
export const REQUIRED_FIELDS: { readonly [E in ImportEntity]: readonly FieldOf<E>[] } = {
  members: ['id', 'email'],
  cards: ['clientId', 'stripeCustomer'],
  balances: ['clientId', 'remaining'],
  memberships: ['clientId', 'name'],
  visits: ['clientId', 'date'],
};

export function isEntityField<E extends ImportEntity>(
  entity: E,
  value: unknown,
): value is FieldOf<E> {
  return typeof value === 'string' && (ENTITY_FIELDS[entity] as readonly string[]).includes(value);
}

/** Day order of numeric dates like 03/04/2026 (US systems write month first). */
export const DATE_ORDERS = ['mdy', 'dmy', 'ymd'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const VISIT_STATUSES = [
  'attended',
  'no-show',
  'late-cancel',
  'cancelled',
  'booked',
] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** Why a row is not imported (`reasons.ts` words each, en/es). */
export const ROW_REASONS = [
  'missing',
  'invalidDate',
  'invalidTime',
  'invalidPhone',
  'invalidEmail',
  'invalidCount',
  'invalidFlag',
  'invalidKind',
  'tooLong',
  'negativeBalance',
  'duplicateInFile',
  'unknownMember',
  'existingDifferent',
  'emailTaken',
  'expired',
  'emptyBalance',
  'notImported',
  'invalidStatus',
  'unknownPlan',
  'planHeld',
  'membershipEnded',
  'invalidStripeId',
  'cardCustomerDiffers',
] as const;
export type RowReason = (typeof ROW_REASONS)[number];

/** A membership as the old system calls it: running, paused, or over. */
export const MEMBERSHIP_STATES = ['active', 'frozen', 'ended'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

export const ROW_OUTCOMES = ['created', 'updated', 'unchanged', 'skipped'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];
