// What happened, in order: every operation, job and fault with its simulated time and outcome.
// When an invariant breaks, the entries that name the ids in the violation and the last few are
// printed with the seed, so the run can be read and replayed.
import { formatDateTime } from '@studio/core';

export interface HistoryEntry {
  /** Simulated epoch ms. */
  at: number;
  step: number;
  /** What ran: `book`, `cancel`, `job:reconcile`, `fault:db-restart` … */
  what: string;
  who?: string;
  detail?: string;
  /** `ok`, `refused:<messageKey>`, `crashed`, or an error's message. */
  outcome: string;
}

/** `#step  2026-12-03 19:00:00  book  m0007  -P8F…  ok` */
function line(entry: HistoryEntry): string {
  return [
    `#${entry.step}`,
    formatDateTime(entry.at),
    entry.what,
    entry.who ?? '',
    entry.detail ?? '',
    entry.outcome,
  ]
    .filter((part) => part !== '')
    .join('  ');
}

export class History {
  private readonly entries: HistoryEntry[] = [];

  constructor(private readonly keep: number) {}

  record(entry: HistoryEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.keep) this.entries.shift();
  }

  tail(count: number): string[] {
    return this.entries.slice(-count).map(line);
  }

  /**
   * What led to `violations`: every kept entry that names one of the ids they mention (a class,
   * a booking, a member, a mail), then the last `recent` entries.
   */
  leadingTo(violations: readonly string[], recent = 15): string[] {
    const ids = [
      ...new Set(
        violations.flatMap((v) => v.match(/[-\w]{5,}/g) ?? []).filter((id) => /\d/.test(id)),
      ),
    ];
    const names = (text: string | undefined) =>
      text !== undefined && ids.some((id) => text.includes(id));
    const related = this.entries.filter((entry) => names(entry.who) || names(entry.detail));
    return [...related.map(line), '…', ...this.tail(recent)];
  }
}
