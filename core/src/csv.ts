// CSV as every export of the app writes it: RFC 4180 fields, safe to open in a spreadsheet.

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

/** One CSV line (CRLF-terminated); `typed` marks the columns people wrote. */
export function csvLine(
  values: readonly (string | number | undefined)[],
  typed: readonly boolean[] = [],
): string {
  return `${values.map((value, index) => csvField(value, typed[index] ?? false)).join(',')}\r\n`;
}
