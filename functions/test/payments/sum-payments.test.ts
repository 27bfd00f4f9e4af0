// lista-pagos' totals, added up on the server: the browser reads a page of payments,
// so `sumPayments` must give exactly what a brute-force sum over the whole range gives.
import { addDays, paths, paymentTotals, toEpoch, type Payment } from '@studio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumPayments } from '../../src/index.ts';
import { dump, startBackend, type TestBackend } from '../support/backend.ts';
import { callableRequest, rejectionOf, type Caller } from '../support/callable.ts';

const admin: Caller = { uid: 'admin-sum', claims: { role: 'admin' } };
const coach: Caller = { uid: 'coach-sum', claims: { role: 'coach' } };
const member: Caller = { uid: 'member-sum' };

const FROM = '2026-08-15';
const TO = '2026-11-20';

const STATUSES = ['paid', 'refunded', 'partially-refunded', 'failed', 'pending'] as const;
const KINDS = ['credits', 'subscription', 'cart'] as const;

function payment(i: number, createdAt: number): Payment {
  const status = STATUSES[i % STATUSES.length] ?? 'paid';
  return {
    uid: `m${i % 7}`,
    kind: KINDS[i % KINDS.length] ?? 'credits',
    items: [{ type: 'package', id: 'p5', name: '5 classes', quantity: 1, unitAmount: 6500 }],
    subtotal: 6500 + i,
    discount: 0,
    amount: 6500 + i,
    currency: i % 4 === 0 ? 'MXN' : 'USD',
    status,
    ...(status === 'partially-refunded' ? { amountRefunded: 1000 + i } : {}),
    // Two branches' checkouts and, every third payment, one that named no branch.
    ...(i % 3 === 0 ? {} : { branch: i % 3 === 1 ? 'centro' : 'norte' }),
    createdAt,
  };
}

let backend: TestBackend;
const inRange: Payment[] = [];

beforeAll(async () => {
  backend = await startBackend();
  const seed: Record<string, unknown> = {};
  // One payment a day at 10:00 studio time across the range (three 31-day queries and a piece).
  for (let day = FROM, i = 0; day <= TO; day = addDays(day, 1), i += 1) {
    const stored = payment(i, toEpoch(day, '10:00'));
    seed[`cs_${i}`] = stored;
    inRange.push(stored);
  }
  // The first and last instants of the range count; a minute either side does not.
  const first = payment(1, toEpoch(FROM, '00:00'));
  const last = payment(2, toEpoch(addDays(TO, 1), '00:00') - 1);
  seed['cs_first'] = first;
  seed['cs_last'] = last;
  inRange.push(first, last);
  seed['cs_before'] = payment(3, toEpoch(FROM, '00:00') - 60_000);
  seed['cs_after'] = payment(4, toEpoch(addDays(TO, 1), '00:00'));
  // Stored in a shape the schema refuses: left out, as the list leaves it out.
  seed['cs_broken'] = { uid: 'm1', createdAt: toEpoch('2026-09-01', '10:00'), amount: 'lots' };
  await backend.db.ref(paths.payments()).set(seed);
});

afterAll(async () => {
  await backend.stop();
});

const sum = (caller: Caller | null, data: unknown) =>
  sumPayments.run(callableRequest(data, caller));

describe('sumPayments', () => {
  it('adds up every payment of the range per currency, as a brute-force sum does', async () => {
    const { totals } = await sum(admin, { from: FROM, to: TO });
    expect(totals).toEqual(paymentTotals(inRange));
    expect(totals.map((t) => t.currency)).toEqual(['MXN', 'USD']);
    expect(totals.reduce((n, t) => n + t.count, 0)).toBe(inRange.length);
  });

  it('keeps only the status and the kind asked for', async () => {
    const { totals } = await sum(admin, {
      from: FROM,
      to: TO,
      status: 'partially-refunded',
      kind: 'credits',
    });
    const expected = inRange.filter(
      (p) => p.status === 'partially-refunded' && p.kind === 'credits',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(totals).toEqual(paymentTotals(expected));
  });

  it("keeps only the branch asked for (a payment that names none is no branch's)", async () => {
    const { totals } = await sum(admin, { from: FROM, to: TO, branch: 'norte' });
    const expected = inRange.filter((p) => p.branch === 'norte');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(inRange.length / 2);
    expect(totals).toEqual(paymentTotals(expected));
  });

  it('sums their branch’s payments for an admin of that branch, and no other branch’s', async () => {
    const norteAdmin: Caller = { uid: 'admin-norte', claims: { role: 'admin', branch: 'norte' } };
    const { totals } = await sum(norteAdmin, { from: FROM, to: TO, branch: 'norte' });
    expect(totals).toEqual(paymentTotals(inRange.filter((p) => p.branch === 'norte')));
    for (const data of [
      { from: FROM, to: TO },
      { from: FROM, to: TO, branch: 'centro' },
    ]) {
      const error = await rejectionOf(sum(norteAdmin, data));
      expect(error.code).toBe('permission-denied');
      expect(error.details).toMatchObject({ messageKey: 'outsideBranch' });
    }
  });

  it('answers no totals for a range without payments', async () => {
    await expect(sum(admin, { from: '2025-01-01', to: '2025-01-31' })).resolves.toEqual({
      totals: [],
    });
  });

  it.each([
    ['a member', member],
    ['a coach', coach],
    ['a guest', null],
  ])('refuses %s and writes nothing', async (_, caller) => {
    const before = await dump(backend.db);
    const error = await rejectionOf(sum(caller, { from: FROM, to: TO }));
    expect(error.code).toBe(caller === null ? 'unauthenticated' : 'permission-denied');
    expect(await dump(backend.db)).toEqual(before);
  });

  it('refuses a range that ends before it starts', async () => {
    const error = await rejectionOf(sum(admin, { from: TO, to: FROM }));
    expect(error.code).toBe('invalid-argument');
  });
});
