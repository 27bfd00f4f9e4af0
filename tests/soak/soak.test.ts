// The short soak inside `npm test`: two simulated days of a small studio with every kind of
// fault, every invariant held; and a planted bug (the reconciler no longer finishes a member's
// side of an interrupted booking or cancel) found, with a seed that finds it again at the same
// simulated moment. The full run is `npm run soak` (tests/soak/README.md).
import './quiet.ts';
import { describe, expect, it } from 'vitest';
import { FAULT_KINDS, type FaultRates } from './ops.ts';
import { nightCheckAfter, runSoak } from './simulation.ts';
import { at } from './staff.ts';

const SEED = 20261128;
/** Faults a little more often than the full run's, so two days see every kind. */
const RATES: FaultRates = {
  crash: 0.08,
  clientRetry: 0.05,
  dbRestart: 0.02,
  smtpOutage: 0.03,
  smtpTimeout: 0.03,
  pushRefused: 0.03,
  pushTimeout: 0.03,
  clockJump: 0.02,
};

describe('the short soak', () => {
  it('keeps every invariant through two days of a studio with faults of every kind', async () => {
    const report = await runSoak({
      seed: SEED,
      days: 2,
      members: 15,
      stepMinutes: 20,
      faults: RATES,
    });
    console.log(
      `short soak: ${Object.values(report.operations).reduce((a, b) => a + b, 0)} operations, ` +
        `${Object.values(report.faults).reduce((a, b) => a + b, 0)} faults, ${report.checks} checks, ` +
        `${Math.round(report.wallMs / 1000)} s`,
    );
    expect(report.violations).toEqual([]);
    for (const kind of FAULT_KINDS)
      expect({ kind, injected: report.faults[kind] ?? 0 }).not.toEqual({ kind, injected: 0 });
    for (const what of [
      'book',
      'cancel',
      'checkout',
      'webhook',
      'check-in',
      'job:reconcile',
      'job:plans',
      'push-device',
      'job:push-sweep',
    ])
      expect(report.operations[what] ?? 0).toBeGreaterThan(0);
  }, 240_000);

  it('finds a planted reconciler bug, and its seed finds it again at the same moment', async () => {
    const planted = {
      seed: 14,
      days: 1,
      members: 15,
      stepMinutes: 20,
      plant: 'reconciler-skips-wallet-repair',
    } as const;
    const first = await runSoak(planted);
    expect(first.violations.length).toBeGreaterThan(0);
    expect(first.failedAt?.history.some((line) => line.includes('crashed'))).toBe(true);
    const again = await runSoak(planted);
    expect(again.failedAt?.simulated).toBe(first.failedAt?.simulated);
    expect(again.violations.map((v) => v.replace(/-[\w-]{19}/g, '<id>'))).toEqual(
      first.violations.map((v) => v.replace(/-[\w-]{19}/g, '<id>')),
    );
  }, 240_000);

  it('never lets a step pass the night’s 03:00, so a clock jump cannot skip into the morning', () => {
    // A jump from 01:00 to 06:50 would check at rest a cancel that stopped at 06:50.
    expect(nightCheckAfter(at('2026-12-25', '01:00'))).toBe(at('2026-12-25', '03:00'));
    expect(nightCheckAfter(at('2026-12-24', '21:00'))).toBe(at('2026-12-25', '03:00'));
    expect(nightCheckAfter(at('2026-12-25', '03:00'))).toBe(at('2026-12-26', '03:00'));
  });
});
