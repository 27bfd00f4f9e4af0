// CSV for the admin exports (lista-pagos, admin-insights): RFC 4180 fields and plain decimals.

export { csvField } from '@studio/core';

/** Cents as a plain decimal for spreadsheets ('1250.00'; no currency sign, no grouping). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
