/**
 * One cell at a time: text as other systems export it → our values. Each parser returns the
 * value, `undefined` for an empty cell, or an `Invalid` naming what was wrong, so a row's
 * message can say which column and why.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { isDateString, type DateString } from '../time';

export class Invalid {
  constructor(
    readonly reason: 'date' | 'phone' | 'email' | 'count' | 'negative' | 'flag' | 'text' | 'time',
  ) {}
}

export { DATE_ORDERS, type DateOrder } from './fields';
import type { DateOrder } from './fields';

/** Bidirectional overrides and isolates: they can make a name read backwards on a screen. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A person's text: control and direction characters removed, spaces collapsed, capped. */
export function cleanText(value: string, max: number): string | undefined | Invalid {
  const text = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (text.length === 0) return undefined;
  if (text.length > max) return new Invalid('text');
  return text;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** An address an account can have: trimmed, lower case (accounts are matched without case). */
export function parseEmail(value: string): string | undefined | Invalid {
  const text = value.trim();
  if (text.length === 0) return undefined;
  if (text.length > 254 || !EMAIL.test(text) || text.includes('..')) return new Invalid('email');
  return text.toLowerCase();
}

/** E.164 (`+528112345678`), reading numbers without a country code as the studio's country. */
export function parsePhone(value: string, country: CountryCode): string | undefined | Invalid {
  const text = value.trim();
  if (text.length === 0) return undefined;
  if (text.length > 40) return new Invalid('phone');
  const parsed = parsePhoneNumberFromString(text, country);
  if (parsed === undefined || !parsed.isValid()) return new Invalid('phone');
  return parsed.number;
}

const YES = new Set([
  'yes',
  'y',
  'true',
  '1',
  'si',
  'sí',
  'x',
  'checked',
  'optedin',
  'opted in',
  'subscribed',
  'signed',
  'accepted',
]);
const NO = new Set([
  'no',
  'n',
  'false',
  '0',
  'unchecked',
  'optedout',
  'opted out',
  'unsubscribed',
  'not signed',
  'none',
]);

export function parseFlag(value: string): boolean | undefined | Invalid {
  const text = value.trim().toLowerCase();
  if (text.length === 0) return undefined;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return new Invalid('flag');
}

/** A whole number of credits or visits; "7.0" is 7, "7.5" and "-2" are refused. */
export function parseCount(value: string): number | undefined | Invalid {
  const text = value.trim().replace(/,/g, '');
  if (text.length === 0) return undefined;
  if (!/^-?\d+(\.0+)?$/.test(text)) return new Invalid('count');
  const count = Number.parseInt(text, 10);
  if (count < 0) return new Invalid('negative');
  if (count > 100_000) return new Invalid('count');
  return count;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function validDate(year: number, month: number, day: number): DateString | undefined {
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return year >= 1900 && year <= 2200 && isDateString(date) ? date : undefined;
}

export interface DateTimeValue {
  date: DateString;
  /** `HH:mm` when the cell had a time. */
  hour?: string;
}

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  ene: 1,
  abr: 4,
  ago: 8,
  dic: 12,
};

/** "10:30", "10:30:00", "7:05 PM", "19.05". */
export function parseHour(value: string): string | undefined | Invalid {
  const text = value.trim().toLowerCase();
  if (text.length === 0) return undefined;
  const match = /^(\d{1,2})[:.](\d{2})(?::\d{2}(?:\.\d+)?)?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(text);
  if (match === null) return new Invalid('time');
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.replace(/\./g, '');
  if (half !== undefined) {
    if (hours < 1 || hours > 12) return new Invalid('time');
    hours = (hours % 12) + (half === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return new Invalid('time');
  return `${pad(hours)}:${pad(minutes)}`;
}

/**
 * A date, with its time when the cell has one: ISO (`2027-01-31`, `2027-01-31T18:00:00Z` keeps
 * the written date), numeric in the given day order (`01/31/2027`), or with a month name
 * (`31 Jan 2027`, `Jan 31, 2027`). Two-digit years are refused: 01/02/03 has six readings.
 */
export function parseDateTime(
  value: string,
  order: DateOrder,
): DateTimeValue | undefined | Invalid {
  const text = value.trim();
  if (text.length === 0) return undefined;
  const [datePart = '', ...rest] = text.split(/[T ]+(?=\d{1,2}[:.]\d{2})/);
  const timePart = rest
    .join(' ')
    .replace(/(Z|[+-]\d{2}:?\d{2})$/, '')
    .trim();
  const hour = timePart.length > 0 ? parseHour(timePart) : undefined;
  if (hour instanceof Invalid) return hour;
  const date = parseDatePart(datePart.trim(), order);
  if (date === undefined) return new Invalid('date');
  return hour === undefined ? { date } : { date, hour };
}

function parseDatePart(text: string, order: DateOrder): DateString | undefined {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(text);
  if (match) {
    const [a, b, c] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
    if (a.length === 4) return validDate(Number(a), Number(b), Number(c));
    if (c.length !== 4) return undefined;
    if (order === 'dmy') return validDate(Number(c), Number(b), Number(a));
    return validDate(Number(c), Number(a), Number(b));
  }
  const words = text.toLowerCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 3) {
    const named = words.findIndex((word) => MONTHS[word.slice(0, 3)] !== undefined);
    const year = words.find((word) => /^\d{4}$/.test(word));
    const day = words.find((word, index) => index !== named && /^\d{1,2}$/.test(word));
    const month = named >= 0 ? MONTHS[(words[named] ?? '').slice(0, 3)] : undefined;
    if (month !== undefined && year !== undefined && day !== undefined) {
      return validDate(Number(year), month, Number(day));
    }
  }
  return undefined;
}

export function parseDate(value: string, order: DateOrder): DateString | undefined | Invalid {
  const parsed = parseDateTime(value, order);
  return parsed instanceof Invalid || parsed === undefined ? parsed : parsed.date;
}
