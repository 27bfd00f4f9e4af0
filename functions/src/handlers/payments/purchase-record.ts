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
