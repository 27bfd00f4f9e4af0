// `Payments/{id}` as this module writes it: the core payment shape plus what the webhook needs to
// fulfil it later (the credit grants priced at checkout, so a catalogue edit in between changes
// nothing) and what it has already done (credits revoked by refunds).
import { z } from 'zod';
import {
  creditKindSchema,
  disputeStateSchema,
  keySchema,
  parseStored,
  paths,
  paymentSchema,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';

export const creditGrantPlanSchema = z.object({
  line: z.number().int().min(0),
  packageId: keySchema,
  kind: creditKindSchema,
  count: z.number().int().min(1),
  validityDays: z.number().int().min(1),
});

export const purchaseRecordSchema = paymentSchema.extend({
  grants: z.array(creditGrantPlanSchema).optional(),
  creditsRevoked: z.number().int().min(0).optional(),
  /** A card dispute on the charge, and where it stands. */
  disputeId: z.string().max(255).optional(),
  disputeStatus: disputeStateSchema.optional(),
  /** Which `SuscriptionPrices` entry was charged. */
  subscriptionPrice: z.literal('discounted').optional(),
  /** The checkout's hold on a limited coupon (`CouponHolds/{coupon}/{id}`), until paid or lapsed. */
  couponHold: keySchema.optional(),
});
export type PurchaseRecord = z.infer<typeof purchaseRecordSchema>;

export async function readPurchase(
  db: Database,
  paymentId: string,
): Promise<PurchaseRecord | undefined> {
  const path = paths.payment(paymentId);
  const raw: unknown = (await db.ref(path).get()).val();
  return raw === null ? undefined : parseStored(purchaseRecordSchema, raw, path);
}

/**
 * Changes fields of an existing `Payments/{id}` record in a transaction, never with update():
 * the Realtime Database SDK drops a transaction that is waiting for the server when this process
 * writes twice under its node (the second abort finds it already marked and empties the queue),
 * so its promise never settles. Two events of one purchase (a dispute while
 * the checkout completes) did exactly that here. `patch` gets the stored record and returns the
 * fields to change, or undefined to leave it; an absent record stays absent.
 */
export async function patchPurchase(
  db: Database,
  paymentId: string,
  patch: (record: PurchaseRecord) => Partial<PurchaseRecord> | undefined,
): Promise<void> {
  // Refusals write the value back unchanged rather than abort: the SDK first runs the update on
  // its cache (usually nothing), and only the server's value may decide.
  await db.ref(paths.payment(paymentId)).transaction(
    (current: unknown) => {
      if (current === null || typeof current !== 'object') return current;
      const record = current as PurchaseRecord;
      const change = patch(record);
      return change === undefined ? current : { ...record, ...change };
    },
    undefined,
    false,
  );
}
