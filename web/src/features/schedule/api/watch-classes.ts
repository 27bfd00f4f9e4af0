import type { DateString, StudioClass } from '@studio/core';
import { classesByDateRange, classSchema } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';
import { parseEntries, watchQuery } from '../../../lib/realtime';

/** One week of `Classes`, by the indexed `date` child (docs/decisions/010-class-date-index.md). */
export function watchClasses(
  from: DateString,
  to: DateString,
  onChange: (classes: Record<string, StudioClass>) => void,
): Unsubscribe {
  const range = classesByDateRange(from, to);
  return watchQuery(
    (db, { query, ref, orderByChild, startAt, endAt }) =>
      query(
        ref(db, range.path),
        orderByChild(range.orderByChild),
        startAt(range.startAt),
        endAt(range.endAt),
      ),
    (value) => onChange(parseEntries(value, (entry) => classSchema.safeParse(entry), 'class')),
  );
}
