import type { DateString } from '@studio/core';

/** The weekday of a studio-local date ('Wednesday', 'miércoles' → 'Miércoles'). */
export function weekdayName(date: DateString, lang: string, width: 'long' | 'short'): string {
  // The date is already studio-local; UTC keeps the formatter from shifting it.
  const name = new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}
