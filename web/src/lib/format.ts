/**
 * Dates and money as people read them, in the interface's language: one hook, `useFormat()`,
 * whose helpers draw what the database stores (`yyyy-MM-dd`, `HH:mm`, cents). Route parameters,
 * stored data, CSV exports and sortable admin tables keep the stored form.
 */
import type { Lang } from '@studio/core';
import {
  dateKeyOf,
  dayHeading,
  dayInText,
  dayLabel,
  longDate,
  money,
  monthYear,
  shortDate,
  STUDIO_TIME_ZONE,
  timeOf,
  weekRange,
} from '@studio/core';
import { useMemo, useState } from 'react';
import { useLangStore } from './i18n';

export interface Format {
  lang: Lang;
  /** The studio's today, `yyyy-MM-dd`. */
  today: string;
  /** "Today", "Tomorrow", else "Thu 26 Nov" / "jue 26 nov". */
  day: (date: string) => string;
  /** "Thu 26 Nov", the year added when not this year's. */
  date: (date: string) => string;
  /** "Thursday 26 November" / "jueves 26 de noviembre". */
  longDate: (date: string) => string;
  /** "Today · Thursday 26 November", else "Friday 27 November". */
  heading: (date: string) => string;
  /** "23–29 Nov". */
  weekRange: (start: string, end: string) => string;
  /** An instant's studio-local day and time: "Tomorrow 07:00". */
  moment: (epochMs: number) => string;
  /** The same inside a sentence: "Cancel before tomorrow 07:00" / "antes de mañana 07:00". */
  momentInText: (epochMs: number) => string;
  /** An instant's studio-local day in words: "Today", else "Thu 26 Nov" (as `day`). */
  dayAt: (epochMs: number) => string;
  /** An instant's studio-local month: "September 2026" / "septiembre de 2026". */
  monthAt: (epochMs: number) => string;
  /** An instant's studio-local day as `yyyy-MM-dd`. */
  dateOf: (epochMs: number) => string;
  /** An instant's studio-local `HH:mm`. */
  time: (epochMs: number) => string;
  /** Cents as money: "$65", "$58.50". */
  money: (cents: number, currency: string) => string;
}

export function formatFor(lang: Lang, now: number): Format {
  return formatForDay(lang, dateKeyOf(now, STUDIO_TIME_ZONE));
}

function formatForDay(lang: Lang, today: string): Format {
  return {
    lang,
    today,
    day: (date) => dayLabel(date, lang, today),
    date: (date) => shortDate(date, lang, today),
    longDate: (date) => longDate(date, lang, today),
    heading: (date) => dayHeading(date, lang, today),
    weekRange: (start, end) => weekRange(start, end, lang, today),
    moment: (epochMs) =>
      `${dayLabel(dateKeyOf(epochMs, STUDIO_TIME_ZONE), lang, today)} ${timeOf(epochMs, STUDIO_TIME_ZONE)}`,
    momentInText: (epochMs) =>
      `${dayInText(dateKeyOf(epochMs, STUDIO_TIME_ZONE), lang, today)} ${timeOf(epochMs, STUDIO_TIME_ZONE)}`,
    dayAt: (epochMs) => dayLabel(dateKeyOf(epochMs, STUDIO_TIME_ZONE), lang, today),
    monthAt: (epochMs) => monthYear(dateKeyOf(epochMs, STUDIO_TIME_ZONE), lang),
    dateOf: (epochMs) => dateKeyOf(epochMs, STUDIO_TIME_ZONE),
    time: (epochMs) => timeOf(epochMs, STUDIO_TIME_ZONE),
    money: (cents, currency) => money(cents, currency, lang),
  };
}

const systemNow = (): number => Date.now();

/**
 * The helpers in the current language. `now` is the screen's clock (tests pass a fixed one); the
 * studio's today is read once per mount, as the screens read theirs.
 */
export function useFormat(now: () => number = systemNow): Format {
  const lang = useLangStore((state) => state.lang);
  const [today] = useState(() => dateKeyOf(now(), STUDIO_TIME_ZONE));
  return useMemo(() => formatForDay(lang, today), [lang, today]);
}
