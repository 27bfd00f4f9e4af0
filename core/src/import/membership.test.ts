import { describe, expect, it } from 'vitest';
import { toEpoch } from '../time';
import { importedPeriod } from './membership';
import type { MembershipRecord } from './records';

const TZ = 'America/Monterrey';
// 23:30 studio time: the day's last half hour, so a date compared in UTC would be a day off.
const NOW = toEpoch('2026-11-28', '23:30', TZ);
const base: MembershipRecord = { id: 'c1', clientId: '100', name: 'Unlimited', state: 'active' };

describe('an imported membership period', () => {
  it('runs to the day before the next charge', () => {
    expect(importedPeriod({ ...base, nextBilling: '2026-12-15' }, NOW, TZ)).toEqual({
      ok: true,
      period: { startedAt: NOW, periodEnd: toEpoch('2026-12-15', '00:00', TZ) },
    });
  });

  it('runs through the paid-through day, started when the old system says', () => {
    expect(
      importedPeriod({ ...base, startDate: '2025-01-10', paidThrough: '2026-12-31' }, NOW, TZ),
    ).toEqual({
      ok: true,
      period: {
        startedAt: toEpoch('2025-01-10', '00:00', TZ),
        periodEnd: toEpoch('2027-01-01', '00:00', TZ),
      },
    });
  });

  it('keeps a pause until the day back, never past the paid period', () => {
    const frozen = { ...base, state: 'frozen' as const, paidThrough: '2026-12-31' };
    expect(importedPeriod({ ...frozen, resumesOn: '2026-12-10' }, NOW, TZ)).toMatchObject({
      period: { frozenUntil: toEpoch('2026-12-10', '00:00', TZ) },
    });
    expect(importedPeriod(frozen, NOW, TZ)).toMatchObject({
      period: { frozenUntil: toEpoch('2027-01-01', '00:00', TZ) },
    });
    expect(importedPeriod({ ...frozen, resumesOn: '2026-11-01' }, NOW, TZ)).toEqual({
      ok: true,
      period: { startedAt: NOW, periodEnd: toEpoch('2027-01-01', '00:00', TZ) },
    });
  });

  it('brings a membership paid through today: half an hour of it is left', () => {
    expect(importedPeriod({ ...base, paidThrough: '2026-11-28' }, NOW, TZ).ok).toBe(true);
  });

  it.each([
    [{ state: 'ended' as const, paidThrough: '2026-12-31' }, 'membershipEnded', undefined],
    [{}, 'missing', undefined],
    [{ paidThrough: '2026-11-27' }, 'expired', { date: '2026-11-27' }],
    [{ nextBilling: '2026-11-28' }, 'expired', { date: '2026-11-27' }],
  ])('refuses %o: %s', (fields, reason, params) => {
    const result = importedPeriod({ ...base, ...fields }, NOW, TZ);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.reason).toBe(reason);
      expect(result.problem.params).toEqual(params);
    }
  });
});
