import type { DateString } from '@studio/core';
import { daysBetween, formatDate, isDateString, TIMINGS } from '@studio/core';

/**
 * `weekly_modal_date` as a studio date. We write 'yyyy-MM-dd'; anything else Date can read (an
 * older app version's format) is accepted too, and unreadable text counts as never shown.
 */
export function readShownDate(stored: string | null): DateString | null {
  if (!stored) return null;
  if (isDateString(stored)) return stored;
  const epoch = Date.parse(stored);
  return Number.isNaN(epoch) ? null : formatDate(epoch);
}

/**
 * The modal opens when it was never shown or at least 7 days ago. A date in the future
 * (the device clock was wrong when it was written) does not silence it for good.
 */
export function isModalDue(stored: string | null, today: DateString): boolean {
  const shown = readShownDate(stored);
  if (!shown) return true;
  const days = daysBetween(shown, today);
  return days >= TIMINGS.subscriptionModalIntervalDays || days < 0;
}
