import { saveFile } from '../../lib/save-file';
import { bookingIcs } from '@studio/core';
import type { StudioClass, UserClass } from '@studio/core';
import { classTitle, spotLabel } from '../../lib/class-names';
import type { Catalog } from './api/schedule-api';

export interface CalendarFileTexts {
  spot: (spot: string) => string;
  coach: (coach: string) => string;
}

/**
 * One booking as an .ics file (core's writer), the same event the booking mail attaches and the
 * member's feed lists: UID `booking-{bookingId}@{host}`, so importing it twice, or next to the
 * feed, keeps one event.
 */
export function classCalendarFile(
  entry: UserClass,
  cls: StudioClass,
  catalog: Pick<Catalog, 'branches' | 'coaches'>,
  texts: CalendarFileTexts,
  options: { uidDomain: string; stamp: number; url?: string },
): string {
  const branch = catalog.branches[cls.branch];
  const coach = catalog.coaches[cls.coach];
  const location = [branch?.name, branch?.address].filter(Boolean).join(', ');
  const description = [texts.spot(spotLabel(entry)), coach ? texts.coach(coach.name) : undefined]
    .filter(Boolean)
    .join('\n');
  return bookingIcs(
    {
      bookingId: entry.bookingId,
      status: entry.status,
      startsAt: cls.startsAt,
      durationMinutes: cls.duration,
      title: classTitle(entry),
      ...(location ? { location } : {}),
      description,
      ...(options.url ? { url: options.url } : {}),
    },
    { uidDomain: options.uidDomain, productId: '-//Studio//Classes//EN', stamp: options.stamp },
  );
}

/** Hands the browser the .ics file to save or open (the calendar app takes it). */
export function saveCalendarFile(filename: string, text: string): void {
  saveFile(filename, text, 'text/calendar;charset=utf-8');
}
