// admin-clases reads the classes of the dates shown a page at a time, never all classes ever
//: by the indexed `startsAt`, so pages follow the timetable.
import { addDays, paths, toEpoch } from '@studio/core';
import type { DateString } from '@studio/core';
import type { IndexedQuery } from '../../lib/indexed-query';

/** Classes per page; 'load more' adds another page. Two weeks of a busy studio fit in one. */
export const CLASS_PAGE_SIZE = 100;

/** The classes starting on studio-local dates `from`…`to` (inclusive), earliest first. */
export function adminClassesQuery(from: DateString, to: DateString): IndexedQuery {
  return {
    path: paths.classes(),
    orderByChild: 'startsAt',
    startAt: toEpoch(from, '00:00'),
    endAt: toEpoch(addDays(to, 1), '00:00') - 1,
    from: 'first',
  };
}
