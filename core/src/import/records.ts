/**
 * One row → one record, or the reasons it cannot be imported. Pure: the browser runs it for the
 * preview, the functions run it again on what the browser sends (the boundary is parsed twice),
 * and the command line runs the same code.
 */
import type { CountryCode } from 'libphonenumber-js/min';
import { CREDIT_KINDS, type CreditKind } from '../schemas/common';
import type { DateString } from '../time';
import type { FieldOf, ImportEntity, MembershipState, RowReason, VisitStatus } from './fields';
export { ROW_REASONS, VISIT_STATUSES, type RowReason, type VisitStatus } from './fields';
import type { ColumnMap } from './headers';
import { sourceKey } from './keys';
import {
  Invalid,
  cleanText,
  parseCount,
  parseDate,
  parseDateTime,
  parseEmail,
  parseFlag,
  parseHour,
  parsePhone,
  type DateOrder,
} from './values';

export interface MemberRecord {
  id: string;
  name: string;
  email: string;
  phone?: string;
  birthday?: DateString;
  emergencyName?: string;
  emergencyPhone?: string;
  marketing?: boolean;
  waiverSignedAt?: DateString;
}

/** A line of Stripe's migration mapping: the old system's customer → Stripe's customer and card. */
export interface CardRecord {
  /** The client's id in the old system (one card a client: a second line is a duplicate). */
  id: string;
  clientId: string;
  customer: string;
  /** The card Stripe copied; none: the customer's default card. */
  paymentMethod?: string;
}

export interface BalanceRecord {
  /** The source's id of the pack, or one made of client, name and expiry when it has none. */
  id: string;
  clientId: string;
  name?: string;
  remaining: number;
  /** Last day the credits can be used (the source's expiry date); none: the studio's validity. */
  expiresOn?: DateString;
  kind: CreditKind;
}

export interface MembershipRecord {
  /** The source's id of the contract, or one made of client, plan and start when it has none. */
  id: string;
  clientId: string;
  /** The plan's name in the old system: mapped to one of ours (`planFor`). */
  name: string;
  state: MembershipState;
  startDate?: DateString;
  /** Last day paid for. */
  paidThrough?: DateString;
  /** The day the old system would charge next (the paid period ends the day before). */
  nextBilling?: DateString;
  /** A frozen membership's first day back. */
  resumesOn?: DateString;
}

export interface VisitRecord {
  id: string;
  clientId: string;
  date: DateString;
  hour?: string;
  className?: string;
  status: VisitStatus;
}

export interface RecordOf {
  members: MemberRecord;
  cards: CardRecord;
  balances: BalanceRecord;
  memberships: MembershipRecord;
  visits: VisitRecord;
}

/** Why a row is not imported: a reason code (`reasons.ts` words it, en/es) and its column. */
export interface RowProblem {
  reason: RowReason;
  field?: string;
}

export type ParsedRow<E extends ImportEntity> =
  { ok: true; record: RecordOf[E] } | { ok: false; problems: RowProblem[] };

export interface ParseOptions {
  dateOrder: DateOrder;
  /** Country of numbers written without a country code (the studio's). */
  country: CountryCode;
  /** Today in the studio's zone: past visits without a mark count as attended. */
  today: DateString;
}

/** A row's mapped cells by field, as text (what the wizard sends to the functions). */
export type RowValues<E extends ImportEntity = ImportEntity> = Partial<Record<FieldOf<E>, string>>;

export function rowValues<E extends ImportEntity>(
  columns: ColumnMap<E>,
  cells: readonly string[],
): RowValues<E> {
  const values: RowValues<E> = {};
  for (const [field, index] of Object.entries(columns) as [FieldOf<E>, number][]) {
    const cell = cells[index];
    if (cell !== undefined && cell.trim().length > 0) values[field] = cell;
  }
  return values;
}

const INVALID_REASON: Readonly<Record<Invalid['reason'], RowReason>> = {
  date: 'invalidDate',
  time: 'invalidTime',
  phone: 'invalidPhone',
  email: 'invalidEmail',
  count: 'invalidCount',
  negative: 'negativeBalance',
  flag: 'invalidFlag',
  text: 'tooLong',
};

/** Reads fields one by one, collecting every problem so a row says all that is wrong at once. */
class Reader<E extends ImportEntity> {
  readonly problems: RowProblem[] = [];
  constructor(private readonly values: RowValues<E>) {}

  raw(field: FieldOf<E>): string {
    return this.values[field] ?? '';
  }

  take<T>(field: FieldOf<E>, parsed: T | undefined | Invalid, required = false): T | undefined {
    if (parsed instanceof Invalid) {
      this.problems.push({ reason: INVALID_REASON[parsed.reason], field });
      return undefined;
    }
    if (parsed === undefined && required) this.problems.push({ reason: 'missing', field });
    return parsed;
  }

  id(field: FieldOf<E>, required: boolean): string | undefined {
    const id = this.take(field, cleanText(this.raw(field), 100), required);
    return id;
  }
}

function withDefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

function parseMember(values: RowValues<'members'>, options: ParseOptions): ParsedRow<'members'> {
  const read = new Reader(values);
  const id = read.id('id', true);
  const email = read.take('email', parseEmail(read.raw('email')), true);
  const first = read.take('firstName', cleanText(read.raw('firstName'), 60));
  const last = read.take('lastName', cleanText(read.raw('lastName'), 60));
  const full = read.take('fullName', cleanText(read.raw('fullName'), 100));
  const name = full ?? ([first, last].filter(Boolean).join(' ') || undefined);
  if (name === undefined && !read.problems.some((problem) => problem.reason === 'tooLong')) {
    read.problems.push({
      reason: 'missing',
      field: values.fullName !== undefined ? 'fullName' : 'firstName',
    });
  }
  // A mobile number first: it is the one a member answers (and gets texts on).
  const mobile = read.take('mobile', parsePhone(read.raw('mobile'), options.country));
  const landline = read.take('phone', parsePhone(read.raw('phone'), options.country));
  const record = withDefined<MemberRecord>({
    id: id ?? '',
    name: name ?? '',
    email: email ?? '',
    phone: mobile ?? landline,
    birthday: read.take('birthday', parseDate(read.raw('birthday'), options.dateOrder)),
    emergencyName: read.take('emergencyName', cleanText(read.raw('emergencyName'), 100)),
    emergencyPhone: read.take(
      'emergencyPhone',
      parsePhone(read.raw('emergencyPhone'), options.country),
    ),
    marketing: read.take('marketing', parseFlag(read.raw('marketing'))),
    waiverSignedAt: waiverDate(read, options),
  });
  return read.problems.length > 0 ? { ok: false, problems: read.problems } : { ok: true, record };
}

/** A waiver column holds the date it was signed, or only yes/no (then: signed, date unknown). */
function waiverDate(read: Reader<'members'>, options: ParseOptions): DateString | undefined {
  const raw = read.raw('waiverSignedAt');
  const flag = parseFlag(raw);
  if (flag === false) return undefined;
  if (flag === true) return options.today;
  return read.take('waiverSignedAt', parseDate(raw, options.dateOrder));
}

function parseKind(text: string): CreditKind | undefined | Invalid {
  const folded = text.trim().toLowerCase();
  if (folded.length === 0) return undefined;
  return (CREDIT_KINDS as readonly string[]).includes(folded)
    ? (folded as CreditKind)
    : new Invalid('text');
}

const STRIPE_CUSTOMER = /^cus_[A-Za-z0-9]{1,64}$/;
const STRIPE_CARD = /^(pm|card|src)_[A-Za-z0-9]{1,64}$/;

function stripeId(
  read: Reader<'cards'>,
  field: 'stripeCustomer' | 'paymentMethod',
  pattern: RegExp,
) {
  const text = read.raw(field).trim();
  if (text.length === 0) return undefined;
  if (pattern.test(text)) return text;
  read.problems.push({ reason: 'invalidStripeId', field });
  return undefined;
}

function parseCard(values: RowValues<'cards'>): ParsedRow<'cards'> {
  const read = new Reader(values);
  const clientId = read.id('clientId', true);
  const customer = stripeId(read, 'stripeCustomer', STRIPE_CUSTOMER);
  if (customer === undefined && read.raw('stripeCustomer').trim().length === 0)
    read.problems.push({ reason: 'missing', field: 'stripeCustomer' });
  const paymentMethod = stripeId(read, 'paymentMethod', STRIPE_CARD);
  if (read.problems.length > 0 || clientId === undefined || customer === undefined)
    return { ok: false, problems: read.problems };
  return {
    ok: true,
    record: withDefined<CardRecord>({ id: clientId, clientId, customer, paymentMethod }),
  };
}

function parseBalance(values: RowValues<'balances'>, options: ParseOptions): ParsedRow<'balances'> {
  const read = new Reader(values);
  const clientId = read.id('clientId', true);
  const name = read.take('name', cleanText(read.raw('name'), 100));
  const remaining = read.take('remaining', parseCount(read.raw('remaining')), true);
  const expiresOn = read.take('expiresAt', parseDate(read.raw('expiresAt'), options.dateOrder));
  const kind = parseKind(read.raw('kind'));
  if (kind instanceof Invalid) read.problems.push({ reason: 'invalidKind', field: 'kind' });
  const own = read.id('id', false);
  const id = own ?? [clientId, name ?? '', expiresOn ?? ''].join('|');
  if (read.problems.length > 0) return { ok: false, problems: read.problems };
  return {
    ok: true,
    record: withDefined<BalanceRecord>({
      id,
      clientId: clientId ?? '',
      name,
      remaining: remaining ?? 0,
      expiresOn,
      kind: kind instanceof Invalid ? 'regular' : (kind ?? 'regular'),
    }),
  };
}

const STATE_WORDS: readonly [RegExp, MembershipState][] = [
  [/suspend|frozen|freeze|paus|hold|congel/, 'frozen'],
  [/inactiv|termin|cancel|expir|ended|closed|vencid|finaliz/, 'ended'],
  [/activ|current|vigente|paid|renew/, 'active'],
];

function membershipState(text: string): MembershipState | undefined | Invalid {
  const folded = text.trim().toLowerCase();
  if (folded.length === 0) return undefined;
  return STATE_WORDS.find(([pattern]) => pattern.test(folded))?.[1] ?? new Invalid('text');
}

function parseMembership(
  values: RowValues<'memberships'>,
  options: ParseOptions,
): ParsedRow<'memberships'> {
  const read = new Reader(values);
  const clientId = read.id('clientId', true);
  const name = read.take('name', cleanText(read.raw('name'), 100), true);
  const state = membershipState(read.raw('status'));
  if (state instanceof Invalid) read.problems.push({ reason: 'invalidStatus', field: 'status' });
  const date = (field: 'startDate' | 'paidThrough' | 'nextBilling' | 'resumesOn') =>
    read.take(field, parseDate(read.raw(field), options.dateOrder));
  const startDate = date('startDate');
  const paidThrough = date('paidThrough');
  const nextBilling = date('nextBilling');
  const resumesOn = date('resumesOn');
  const own = read.id('id', false);
  const id = own ?? [clientId, name ?? '', startDate ?? ''].join('|');
  if (read.problems.length > 0) {
    const problems = read.problems.map((problem) =>
      problem.field === 'name' ? { ...problem, field: 'plan' } : problem,
    );
    return { ok: false, problems };
  }
  return {
    ok: true,
    record: withDefined<MembershipRecord>({
      id,
      clientId: clientId ?? '',
      name: name ?? '',
      state: state instanceof Invalid ? 'active' : (state ?? 'active'),
      startDate,
      paidThrough,
      nextBilling,
      resumesOn,
    }),
  };
}

const STATUS_WORDS: readonly [RegExp, VisitStatus][] = [
  [/no.?show|missed|absent|ausente|falta/, 'no-show'],
  [/late/, 'late-cancel'],
  [/cancel/, 'cancelled'],
  [/signed.?in|checked.?in|check.?in|attended|complete|visited|present|asisti/, 'attended'],
  [/book|reserv|confirm|enrol|registered|waitlist/, 'booked'],
];

function visitStatus(
  read: Reader<'visits'>,
  date: DateString | undefined,
  today: DateString,
): VisitStatus | undefined {
  if (read.take('noShow', parseFlag(read.raw('noShow'))) === true) return 'no-show';
  if (read.take('lateCancel', parseFlag(read.raw('lateCancel'))) === true) return 'late-cancel';
  const signedIn = read.take('signedIn', parseFlag(read.raw('signedIn')));
  const text = read.raw('status').toLowerCase();
  const worded = STATUS_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  const past = date !== undefined && date < today;
  if (signedIn === true) return 'attended';
  if (worded !== undefined && worded !== 'booked') return worded;
  if (signedIn === false && past) return 'no-show';
  if (worded === 'booked') return past ? 'attended' : 'booked';
  return past || date === today ? 'attended' : 'booked';
}

function parseVisit(values: RowValues<'visits'>, options: ParseOptions): ParsedRow<'visits'> {
  const read = new Reader(values);
  const clientId = read.id('clientId', true);
  const when = read.take('date', parseDateTime(read.raw('date'), options.dateOrder), true);
  const hour = read.take('time', parseHour(read.raw('time'))) ?? when?.hour;
  const className = read.take('className', cleanText(read.raw('className'), 100));
  const status = visitStatus(read, when?.date, options.today);
  const own = read.id('id', false);
  const id = own ?? [clientId, when?.date ?? '', hour ?? '', className ?? ''].join('|');
  if (read.problems.length > 0 || when === undefined) return { ok: false, problems: read.problems };
  return {
    ok: true,
    record: withDefined<VisitRecord>({
      id,
      clientId: clientId ?? '',
      date: when.date,
      hour,
      className,
      status: status ?? 'attended',
    }),
  };
}

export function parseRow<E extends ImportEntity>(
  entity: E,
  values: RowValues<E>,
  options: ParseOptions,
): ParsedRow<E> {
  const parsed =
    entity === 'members'
      ? parseMember(values, options)
      : entity === 'cards'
        ? parseCard(values)
        : entity === 'balances'
          ? parseBalance(values, options)
          : entity === 'memberships'
            ? parseMembership(values, options)
            : parseVisit(values, options);
  if (parsed.ok && sourceKey(parsed.record.id) === undefined) {
    return { ok: false, problems: [{ reason: 'tooLong', field: 'id' }] };
  }
  return parsed as ParsedRow<E>;
}
