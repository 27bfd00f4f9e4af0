/**
 * Dates as people read them, in the reader's language: "Today", "Tomorrow", "Thu 26 Nov" /
 * "jue 26 nov", week ranges "23–29 Nov". The stored and routed form stays `yyyy-MM-dd`; these
 * only draw it. Intl only (no zod, no date-fns): the first route may import this module.
 */
import type { Lang } from '../messages';

/** The studio's own locale: the order of a typed date field (dd/mm/yyyy in Monterrey). */
export const STUDIO_LOCALE = 'es-MX';

/** The Intl locale of an app language, for numbers and money. */
export function localeOf(lang: Lang): string {
  return lang === 'es' ? 'es-MX' : 'en-US';
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** `yyyy-MM-dd` as a UTC midnight, so a formatter in UTC never shifts the day. */
function utcOf(date: string): number | undefined {
  const match = DATE_KEY.exec(date);
  if (!match) return undefined;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(at) ? undefined : at;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/** One part of a UTC day in `lang`, without the abbreviation's full stop ("jue." → "jue"). */
function part(at: number, lang: Lang, type: 'weekday' | 'month', width: 'short' | 'long'): string {
  const text = formatter(lang, { [type]: width, timeZone: 'UTC' }).format(at);
  return text.replace(/\.$/, '');
}

function capitalise(text: string, lang: Lang): string {
  return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
}

/** The studio-local calendar day of an instant, `yyyy-MM-dd`. */
export function dateKeyOf(epochMs: number, timeZone: string): string {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  const parts = formatter('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(epochMs);
  for (const { type, value } of parts) fields[type] = value;
  return `${fields.year ?? ''}-${fields.month ?? ''}-${fields.day ?? ''}`;
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`); NaN when either is not a date. */
export function dayOffset(from: string, to: string): number {
  const a = utcOf(from);
  const b = utcOf(to);
  return a === undefined || b === undefined ? Number.NaN : Math.round((b - a) / DAY_MS);
}

/** "Thu 26 Nov" / "jue 26 nov", with the year when it is not `today`'s. */
export function shortDate(date: string, lang: Lang, today?: string): string {
  const at = utcOf(date);
  if (at === undefined) return date;
  const day = new Date(at).getUTCDate();
  const text = `${part(at, lang, 'weekday', 'short')} ${day} ${part(at, lang, 'month', 'short')}`;
  const year = date.slice(0, 4);
  return today && today.slice(0, 4) !== year ? `${text} ${year}` : text;
}

/** "Thursday 26 November" / "jueves 26 de noviembre", with the year when not `today`'s. */
export function longDate(date: string, lang: Lang, today?: string): string {
  const at = utcOf(date);
  if (at === undefined) return date;
  const day = new Date(at).getUTCDate();
  const weekday = part(at, lang, 'weekday', 'long');
  const month = part(at, lang, 'month', 'long');
  const year = date.slice(0, 4);
  const withYear = today && today.slice(0, 4) !== year;
  if (lang === 'es') return `${weekday} ${day} de ${month}${withYear ? ` de ${year}` : ''}`;
  return `${weekday} ${day} ${month}${withYear ? ` ${year}` : ''}`;
}

/** A date block's day of the month and short month: '2026-11-30' → 30, "Nov" / "nov". */
export function dayAndMonth(date: string, lang: Lang): { day: number; month: string } {
  const at = utcOf(date);
  if (at === undefined) return { day: Number.NaN, month: '' };
  return { day: new Date(at).getUTCDate(), month: part(at, lang, 'month', 'short') };
}

/** "September 2026" / "septiembre de 2026": since when, where the day does not matter. */
export function monthYear(date: string, lang: Lang): string {
  const at = utcOf(date);
  if (at === undefined) return date;
  const month = part(at, lang, 'month', 'long');
  return lang === 'es' ? `${month} de ${date.slice(0, 4)}` : `${month} ${date.slice(0, 4)}`;
}

/** "today", "tomorrow", "yesterday" ("hoy", "mañana", "ayer") or undefined further away. */
function nearDay(date: string, lang: Lang, today: string): string | undefined {
  const offset = dayOffset(today, date);
  if (!(offset >= -1 && offset <= 1)) return undefined;
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(offset, 'day');
}

/** "Today", "Tomorrow", "Yesterday" ("Hoy", "Mañana", "Ayer") or undefined further away. */
export function relativeDay(date: string, lang: Lang, today: string): string | undefined {
  const near = nearDay(date, lang, today);
  return near === undefined ? undefined : capitalise(near, lang);
}

/** A class's day as a member reads it: "Today", "Tomorrow", else "Thu 26 Nov". */
export function dayLabel(date: string, lang: Lang, today: string): string {
  return relativeDay(date, lang, today) ?? shortDate(date, lang, today);
}

/** The same day inside a sentence ("Cancel before tomorrow 07:00"): "tomorrow", "mañana", else "Thu 26 Nov". */
export function dayInText(date: string, lang: Lang, today: string): string {
  return nearDay(date, lang, today) ?? shortDate(date, lang, today);
}

/** A heading's day: "Today · Thursday 26 November", else "Friday 27 November". */
export function dayHeading(date: string, lang: Lang, today: string): string {
  const long = capitalise(longDate(date, lang, today), lang);
  const near = relativeDay(date, lang, today);
  return near ? `${near} · ${long}` : long;
}

/** "23–29 Nov", "30 Nov – 6 Dec", "29 Dec 2026 – 4 Jan 2027" ("23–29 nov", …). */
export function weekRange(start: string, end: string, lang: Lang, today?: string): string {
  const a = utcOf(start);
  const b = utcOf(end);
  if (a === undefined || b === undefined) return `${start} – ${end}`;
  const dayA = new Date(a).getUTCDate();
  const dayB = new Date(b).getUTCDate();
  const monthA = part(a, lang, 'month', 'short');
  const monthB = part(b, lang, 'month', 'short');
  const yearA = start.slice(0, 4);
  const yearB = end.slice(0, 4);
  if (yearA !== yearB) return `${dayA} ${monthA} ${yearA} – ${dayB} ${monthB} ${yearB}`;
  const year = today && today.slice(0, 4) !== yearA ? ` ${yearA}` : '';
  if (start.slice(0, 7) === end.slice(0, 7)) return `${dayA}–${dayB} ${monthA}${year}`;
  return `${dayA} ${monthA} – ${dayB} ${monthB}${year}`;
}

/** The studio-local time of an instant, 24-hour `HH:mm`. */
export function timeOf(epochMs: number, timeZone: string): string {
  const parts = formatter('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${hour}:${minute}`;
}

/** An instant as a member reads it: "Today 07:00", "Thu 26 Nov 07:00". */
export function momentLabel(epochMs: number, lang: Lang, timeZone: string, now: number): string {
  const date = dateKeyOf(epochMs, timeZone);
  return `${dayLabel(date, lang, dateKeyOf(now, timeZone))} ${timeOf(epochMs, timeZone)}`;
}

/**
 * The order and separator of a typed date in `locale` ("dd/mm/yyyy" for es-MX, "mm/dd/yyyy"
 * for en-US), read from Intl so the field matches what people write there.
 */
export function datePattern(locale: string = STUDIO_LOCALE): {
  order: readonly ('day' | 'month' | 'year')[];
  separator: string;
} {
  const parts = formatter(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2026, 10, 26));
  const order = parts
    .map((p) => p.type)
    .filter((type): type is 'day' | 'month' | 'year' => ['day', 'month', 'year'].includes(type));
  const separator = parts.find((p) => p.type === 'literal')?.value ?? '/';
  return { order, separator };
}

/** `yyyy-MM-dd` typed as the studio writes it: "26/11/2026". */
export function toTypedDate(date: string, locale: string = STUDIO_LOCALE): string {
  const match = DATE_KEY.exec(date);
  if (!match) return '';
  const values = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
  const { order, separator } = datePattern(locale);
  return order.map((field) => values[field]).join(separator);
}

/**
 * A date typed as the studio writes it ("26/11/2026", "26-11-26", "1/2/2027") back to
 * `yyyy-MM-dd`; undefined when it is not a real date.
 */
export function fromTypedDate(text: string, locale: string = STUDIO_LOCALE): string | undefined {
  const pieces = text
    .trim()
    .split(/[^0-9]+/)
    .filter(Boolean);
  const { order } = datePattern(locale);
  if (pieces.length !== 3) return undefined;
  const values: Record<string, number> = {};
  order.forEach((field, index) => {
    values[field] = Number(pieces[index]);
  });
  let year = values.year ?? Number.NaN;
  if (year < 100) year += 2000;
  const month = values.month ?? Number.NaN;
  const day = values.day ?? Number.NaN;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day)
    return undefined;
  if (year < 1900 || year > 2999) return undefined;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
