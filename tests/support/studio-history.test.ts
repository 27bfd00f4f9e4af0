// The gallery's and the accessibility pass's made-up history (studio-history.ts) against a bare
// database emulator: its coupon purchases leave what the webhook leaves, so crear-cupones lists
// real redemptions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import {
  couponRedemptionEntrySchema,
  isRecord,
  memberRedemptionsSchema,
  paths,
  paymentSchema,
} from '@studio/core';
import { NAMESPACE, PROJECT_ID, RULES_TEXT } from './database.ts';
import { writeStudioHistory } from './studio-history.ts';

const CODE = 'WELCOME10';
let emulator: RtdbEmulator;

/** An owner's REST read of one location. */
async function read(path: string): Promise<unknown> {
  const response = await fetch(`${emulator.url}/${path}.json?ns=${NAMESPACE}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return response.json();
}

beforeAll(async () => {
  emulator = await startRtdbEmulator({ port: 0, rules: RULES_TEXT, namespace: NAMESPACE });
  await fetch(`${emulator.url}/${paths.coupon(CODE)}.json?ns=${NAMESPACE}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({ code: CODE, percentOff: 10, maxPerMember: 1, active: true }),
  });
});

afterAll(async () => {
  await emulator.stop();
});

describe("the studio's made-up history", () => {
  it('records each WELCOME10 purchase as the webhook does: marker, count and member entry', async () => {
    const { redemptions } = await writeStudioHistory({
      stack: { projectId: PROJECT_ID, namespace: NAMESPACE, database: { url: emulator.url } },
    });
    const payments = await read(paths.payments());
    if (!isRecord(payments)) throw new Error('the history wrote no payments');

    // Every coupon payment, and only those, is a redemption; once per member, the coupon's limit.
    const couponPayments = Object.entries(payments)
      .map(([id, value]) => [id, paymentSchema.parse(value)] as const)
      .filter(([, payment]) => payment.coupon === CODE);
    const couponIds = couponPayments.map(([id]) => id).sort();
    expect(couponPayments.length).toBeGreaterThan(2);
    expect(redemptions.map((used) => used.paymentId).sort()).toEqual(couponIds);
    expect(new Set(redemptions.map((used) => used.uid)).size).toBe(redemptions.length);
    // The member the journeys sign in as keeps the coupon for checkout.
    expect(redemptions.map((used) => used.uid)).not.toContain('demo-member');

    expect(await read(`${paths.coupon(CODE)}/redeemed`)).toBe(couponPayments.length);
    const markers = await read(paths.couponRedemptionLog(CODE));
    if (!isRecord(markers)) throw new Error(`no ${paths.couponRedemptionLog(CODE)}`);
    expect(Object.keys(markers).sort()).toEqual(couponIds);
    for (const [id, payment] of couponPayments) {
      expect(couponRedemptionEntrySchema.parse(markers[id])).toEqual({
        uid: payment.uid,
        discount: payment.discount,
        at: payment.paidAt,
        counted: true,
      });
      expect(
        memberRedemptionsSchema.parse(await read(paths.memberRedemptions(CODE, payment.uid))),
      ).toEqual([{ paymentId: id, discount: payment.discount, at: payment.paidAt }]);
    }
  });
});
