// CSV for the admin exports (lista-pagos, admin-insights): RFC 4180 fields and plain decimals.

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge space, with
 * inner quotes doubled. Text a person typed that starts like a formula (=, +, -, @, tab, CR)
 * gets a leading apostrophe so a spreadsheet shows it instead of running it.
 */
export function csvField(value: string | number | undefined, typed = false): string {
  if (value === undefined) return '';
  let text = String(value);
  if (typed && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as a plain decimal for spreadsheets ('1250.00'; no currency sign, no grouping). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
