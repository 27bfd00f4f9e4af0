/**
 * A member's history before the switch, summed from their imported visits: first and last
 * visit, totals, and per class how often they came and how often they missed, so the no-show
 * rate of a member (and of a class) goes on from the old system's figures.
 */
import { foldHeader } from './sources';
import type { ImportSource } from './fields';
import type { ImportedHistory, ImportedVisit } from './schemas';

export function summariseVisits(
  source: ImportSource,
  visits: readonly ImportedVisit[],
  nowMs: number,
): ImportedHistory {
  const history: ImportedHistory = {
    source,
    attended: 0,
    noShow: 0,
    lateCancel: 0,
    upcoming: 0,
    classes: {},
    updatedAt: nowMs,
  };
  for (const visit of visits) {
    if (visit.status === 'booked') {
      history.upcoming += 1;
      continue;
    }
    if (visit.status === 'cancelled') continue;
    if (visit.status === 'attended') history.attended += 1;
    if (visit.status === 'no-show') history.noShow += 1;
    if (visit.status === 'late-cancel') history.lateCancel += 1;
    if (visit.status === 'attended' || visit.status === 'no-show') {
      if (history.firstVisit === undefined || visit.date < history.firstVisit)
        history.firstVisit = visit.date;
      if (history.lastVisit === undefined || visit.date > history.lastVisit)
        history.lastVisit = visit.date;
      const name = visit.className ?? '';
      const key = foldHeader(name) || 'class';
      const entry = history.classes[key] ?? { name: name || 'Class', attended: 0, noShow: 0 };
      if (visit.status === 'attended') entry.attended += 1;
      else entry.noShow += 1;
      history.classes[key] = entry;
    }
  }
  return history;
}
