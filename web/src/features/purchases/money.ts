import { formatDate, STUDIO_TIME_ZONE } from '@studio/core';

/** Cents to the member's money format ('$1,250.00'). */
export function formatMoney(cents: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}

/** Route `number` of `paquetes/{number}`: 0 class credits, 1 special events, 2 training. */
export const PACKAGE_TABS = ['credits', 'spcredits', 'train-credits'] as const;
export type PackTab = (typeof PACKAGE_TABS)[number];

export function packTab(number: string | undefined): PackTab {
  const index = Number(number);
  return PACKAGE_TABS[Number.isInteger(index) ? index : 0] ?? 'credits';
}

/** An instant as the studio's day, the weekday beside the spec's year-month-day ('Tue 2025-06-10'). */
export function dayLabel(at: number, lang: string): string {
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: STUDIO_TIME_ZONE })
    .format(at)
    .replace(/\.$/, '');
  return `${weekday.charAt(0).toLocaleUpperCase(lang)}${weekday.slice(1)} ${formatDate(at)}`;
}

/** The weekday of a studio date ('2025-06-10' → 'Tue'), shown beside the date. */
export function weekdayOf(date: string, lang: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' })
    .format(Date.UTC(year, month - 1, day))
    .replace(/\.$/, '');
  return `${weekday.charAt(0).toLocaleUpperCase(lang)}${weekday.slice(1)}`;
}
