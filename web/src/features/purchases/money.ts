import type { Lang } from '@studio/core';
import { dateKeyOf, money, shortDate, STUDIO_TIME_ZONE } from '@studio/core';

/** Cents as the member reads money ('$1,250', '$58.50'): core's `money`, one look everywhere. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  return money(cents, currency, lang);
}

/** Route `number` of `paquetes/{number}`: 0 class credits, 1 special events, 2 training. */
export const PACKAGE_TABS = ['credits', 'spcredits', 'train-credits'] as const;
export type PackTab = (typeof PACKAGE_TABS)[number];

export function packTab(number: string | undefined): PackTab {
  const index = Number(number);
  return PACKAGE_TABS[Number.isInteger(index) ? index : 0] ?? 'credits';
}

/** An instant as the studio's day, as people read it ('Tue 10 Jun'). */
export function dayLabel(at: number, lang: Lang): string {
  return shortDate(dateKeyOf(at, STUDIO_TIME_ZONE), lang);
}
