import { describe, expect, it } from 'vitest';
import { applyWalletChange, readWallet } from '../booking/wallet';
import { toEpoch } from '../time';
import { importBalance, type ImportBalanceRequest } from './balance';
import { summariseVisits } from './history';

const NOW = Date.parse('2026-11-28T18:00:00Z');
const JAN31 = toEpoch('2027-02-01', '00:00', 'America/Monterrey');
const MAR31 = toEpoch('2027-04-01', '00:00', 'America/Monterrey');

const request = (over: Partial<ImportBalanceRequest> = {}): ImportBalanceRequest => ({
  key: '555',
  sourceName: 'Mindbody',
  kind: 'regular',
  remaining: 7,
  expiresAt: JAN31,
  nowMs: NOW,
  runId: 'run1',
  by: 'cli',
  timeZone: 'America/Monterrey',
  ...over,
});

/** Runs the step as the wallet transaction would: change applied, fields set. */
function run(node: Record<string, unknown>, over: Partial<ImportBalanceRequest> = {}) {
  const step = importBalance(readWallet(node, 'Users/u'), node, request(over));
  const next = { ...applyWalletChange(node, step.change, NOW), ...step.fields };
  return { step, next };
}

describe('importBalance', () => {
  it('grants the pack with its own expiry and the ledger line the admin reads', () => {
    const { step, next } = run({ Name: 'Ana' });
    expect(step.outcome).toBe('created');
    expect(next['Credits']).toBe(7);
    expect(Object.keys(next['credits-list'] as object)).toHaveLength(7);
    const entry = (next['ledger-outbox'] as Record<string, { reason: string; delta: number }>)[
      'import-555'
    ];
    expect(entry?.reason).toBe('Imported from Mindbody: 7 credits, expire 2027-01-31');
    expect(entry?.delta).toBe(7);
  });

  it('changes nothing when the same pack comes again', () => {
    const first = run({}).next;
    const { step } = run(first);
    expect(step).toEqual({ outcome: 'unchanged', delta: 0, fields: {}, change: {} });
  });

  it('brings a launch-day count up or down, continuing the ids, with one adjust line each', () => {
    const first = run({}).next;
    const up = run(first, { remaining: 9, runId: 'run2' });
    expect(up.step).toMatchObject({ outcome: 'updated', delta: 2 });
    expect(up.next['Credits']).toBe(9);
    expect(Object.keys(up.next['credits-list'] as object)).toContain('import-555-009');
    const down = run(up.next, { remaining: 4, runId: 'run3' });
    expect(down.step.delta).toBe(-5);
    expect(down.next['Credits']).toBe(4);
    const ledger = down.next['ledger-outbox'] as Record<string, { type: string; delta: number }>;
    expect(ledger['import-555-run3']).toMatchObject({ type: 'adjust', delta: -5 });
  });

  it('moves the unused credits to a new expiry', () => {
    const first = run({}).next;
    const { next } = run(first, { expiresAt: MAR31, runId: 'run2' });
    const credits = Object.values(next['credits-list'] as Record<string, { expiresAt: number }>);
    expect(credits.every((credit) => credit.expiresAt === MAR31)).toBe(true);
  });

  it('takes back only what is still unused when fewer are left here than the old count', () => {
    const first = run({}).next;
    const list = first['credits-list'] as Record<string, unknown>;
    // Five of the seven were used here meanwhile.
    for (const id of Object.keys(list).slice(0, 5)) delete list[id];
    const { step, next } = run(first, { remaining: 0, runId: 'run2' });
    expect(step.delta).toBe(-2);
    expect(next['Credits']).toBe(0);
  });
});

describe('summariseVisits', () => {
  it('keeps first and last visit, totals and each class its no-show rate; bookings ahead apart', () => {
    const history = summariseVisits(
      'mindbody',
      [
        { date: '2025-03-01', className: 'Ride', status: 'attended', source: 'mindbody' },
        { date: '2025-01-10', className: 'Ride', status: 'no-show', source: 'mindbody' },
        { date: '2025-05-01', className: 'Yoga Flow', status: 'attended', source: 'mindbody' },
        { date: '2025-06-01', className: 'Yoga Flow', status: 'late-cancel', source: 'mindbody' },
        { date: '2026-12-20', className: 'Ride', status: 'booked', source: 'mindbody' },
      ],
      NOW,
    );
    expect(history).toEqual({
      source: 'mindbody',
      firstVisit: '2025-01-10',
      lastVisit: '2025-05-01',
      attended: 2,
      noShow: 1,
      lateCancel: 1,
      upcoming: 1,
      classes: {
        ride: { name: 'Ride', attended: 1, noShow: 1 },
        yogaflow: { name: 'Yoga Flow', attended: 1, noShow: 0 },
      },
      updatedAt: NOW,
    });
  });
});
