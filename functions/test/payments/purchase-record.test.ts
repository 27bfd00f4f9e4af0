// `Payments/{id}` is changed by several events of one purchase at once (the checkout completing,
// a refund, a dispute), all in one process. The Realtime Database SDK loses a transaction that is
// waiting for the server when the same process makes two plain writes under its node, so every
// change of a purchase record is a transaction (`patchPurchase`).
import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { patchPurchase, readPurchase } from '../../src/handlers/payments/purchase-record';
import { settles } from '../support/settles';
import { usePaymentsTestBed } from './support';

const bed = usePaymentsTestBed();

const RECORD = {
  uid: 'buyer',
  kind: 'credits',
  items: [{ type: 'package', id: 'p5', name: 'Five classes', quantity: 1, unitAmount: 6500 }],
  subtotal: 6500,
  discount: 0,
  amount: 6500,
  currency: 'USD',
  status: 'pending',
  createdAt: 1,
};

describe('purchase records', () => {
  it('the SDK drops a sent transaction when this process writes twice under its node', async () => {
    const { db } = bed.backend;
    const ref = db.ref(paths.payment('cs_sdk_drop'));
    await ref.set(RECORD);
    // Why patchPurchase exists: should a future SDK settle this, the rule can go.
    const status = ref.transaction((current: unknown) =>
      current === null ? current : { ...(current as object), status: 'paid' },
    );
    const dispute = ref.update({ disputeId: 'du_1', disputeStatus: 'lost' });
    await dispute;
    expect(await settles(status, 3000)).toBe(false);
  });

  it('a dispute and the checkout changing one record at once both land, and the buyer stays', async () => {
    const { db } = bed.backend;
    await db.ref(paths.payment('cs_both')).set(RECORD);
    const paid = patchPurchase(db, 'cs_both', (record) =>
      record.status === 'pending' ? { status: 'paid', updatedAt: 2 } : undefined,
    );
    const disputed = patchPurchase(db, 'cs_both', () => ({
      stripeChargeId: 'ch_1',
      disputeId: 'du_1',
      disputeStatus: 'lost',
      creditsRevoked: 5,
      updatedAt: 3,
    }));
    expect(await settles(Promise.all([paid, disputed]), 10_000)).toBe(true);
    expect((await db.ref(paths.payment('cs_both')).get()).val()).toMatchObject({
      uid: 'buyer',
      amount: 6500,
      status: 'paid',
      disputeId: 'du_1',
      disputeStatus: 'lost',
      creditsRevoked: 5,
    });
  });

  it('a read of the record while a change of it waits for the server finds the record', async () => {
    const { db } = bed.backend;
    await db.ref(paths.payment('cs_in_flight')).set(RECORD);
    // Nothing listens to the record, so the transaction's first run sees an empty cache: its
    // guess (no record) must not be what another event of the purchase reads meanwhile.
    const patched = patchPurchase(db, 'cs_in_flight', () => ({ disputeId: 'du_1', updatedAt: 2 }));
    const read = readPurchase(db, 'cs_in_flight');
    await patched;
    expect(await read).toMatchObject({ uid: 'buyer', status: 'pending' });
  });

  it('an absent record stays absent', async () => {
    const { db } = bed.backend;
    await patchPurchase(db, 'cs_none', () => ({ creditsRevoked: 1 }));
    expect((await db.ref(paths.payment('cs_none')).get()).exists()).toBe(false);
  });
});
