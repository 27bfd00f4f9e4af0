/**
 * Money and counts as people read them: "$65", "$58.50", "$1,250" in the reader's language
 * (the studio's currency with its symbol; whole amounts without ".00"). Amounts are cents.
 */
import type { Lang } from '../messages';
import { localeOf } from './dates';

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(lang: Lang, currency: string, fraction: 0 | 2): Intl.NumberFormat {
  const key = `${lang}|${currency}|${String(fraction)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(localeOf(lang), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fraction,
      maximumFractionDigits: 2,
    });
    formatters.set(key, found);
  }
  return found;
}

/** `money(6500, 'USD', 'es')` → "$65"; `money(5850, 'USD', 'en')` → "$58.50". */
export function money(cents: number, currency: string, lang: Lang): string {
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'USD';
  return currencyFormatter(lang, code, cents % 100 === 0 ? 0 : 2).format(cents / 100);
}

/** Cents per unit, rounded to the cent: a pack's price per class. */
export function perUnit(cents: number, units: number): number {
  return units > 0 ? Math.round(cents / units) : cents;
}
