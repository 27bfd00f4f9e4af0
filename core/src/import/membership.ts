/**
 * What an imported membership holds here: the paid period it brings (to the day before the old
 * system's next charge, or through its paid-through day), and a freeze when it was paused there.
 * Pure; the functions write it with the plans' own `startMembership`.
 */
import { addDays, toEpoch, type DateString } from '../time';
import { lastUsableDay } from './balance';
import type { MembershipRecord, RowProblem } from './records';

export interface ImportedPeriod {
  startedAt: number;
  periodEnd: number;
  /** The paused membership's first day back, when later than now. */
  frozenUntil?: number;
}

export type ImportedPeriodResult =
  | { ok: true; period: ImportedPeriod }
  | { ok: false; problem: RowProblem & { params?: Record<string, string> } };

const startOf = (date: DateString, timeZone: string) => toEpoch(date, '00:00', timeZone);

export function importedPeriod(
  record: MembershipRecord,
  nowMs: number,
  timeZone: string,
): ImportedPeriodResult {
  if (record.state === 'ended')
    return { ok: false, problem: { reason: 'membershipEnded', field: 'status' } };
  const periodEnd =
    record.nextBilling !== undefined
      ? startOf(record.nextBilling, timeZone)
      : record.paidThrough !== undefined
        ? startOf(addDays(record.paidThrough, 1), timeZone)
        : undefined;
  if (periodEnd === undefined)
    return { ok: false, problem: { reason: 'missing', field: 'paidThrough' } };
  if (periodEnd <= nowMs)
    return {
      ok: false,
      problem: {
        reason: 'expired',
        field: record.nextBilling !== undefined ? 'nextBilling' : 'paidThrough',
        params: { date: lastUsableDay(periodEnd, timeZone) },
      },
    };
  const started = record.startDate === undefined ? nowMs : startOf(record.startDate, timeZone);
  const period: ImportedPeriod = { startedAt: Math.min(started, nowMs), periodEnd };
  if (record.state === 'frozen') {
    const back = record.resumesOn === undefined ? periodEnd : startOf(record.resumesOn, timeZone);
    if (back > nowMs) period.frozenUntil = Math.min(back, periodEnd);
  }
  return { ok: true, period };
}
