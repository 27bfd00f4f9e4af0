// The parts of Stripe objects the webhook reads, parsed: a shape we do not
// expect is a typed failure here, not an `undefined` deep inside a grant.
import { z } from 'zod';

/** An expandable Stripe reference: the id, or the object with its id. */
const stripeRef = z
  .union([z.string(), z.looseObject({ id: z.string() })])
  .transform((value) => (typeof value === 'string' ? value : value.id));

const metadataSchema = z.record(z.string(), z.string()).nullish();

/** What we put in every Stripe object's metadata (createCheckoutSession). */
export const purchaseMetadataSchema = z.looseObject({
  uid: z.string().min(1),
  kind: z.string().optional(),
});

export const checkoutSessionSchema = z.looseObject({
  id: z.string(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  status: z.string().nullish(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  metadata: metadataSchema,
  customer: stripeRef.nullish(),
  payment_intent: stripeRef.nullish(),
  subscription: stripeRef.nullish(),
  invoice: stripeRef.nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionSchema>;

export const invoiceSchema = z.looseObject({
  id: z.string(),
  billing_reason: z.string().nullish(),
  customer: stripeRef.nullish(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  attempt_count: z.number().int().optional(),
  next_payment_attempt: z.number().int().nullish(),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: stripeRef, metadata: metadataSchema })
        .nullish(),
    })
    .nullish(),
  lines: z.looseObject({
    data: z.array(
      z.looseObject({ period: z.looseObject({ start: z.number().int(), end: z.number().int() }) }),
    ),
  }),
});
export type InvoiceObject = z.infer<typeof invoiceSchema>;

export const subscriptionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  customer: stripeRef,
  metadata: metadataSchema,
  cancel_at_period_end: z.boolean().optional(),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        current_period_start: z.number().int(),
        current_period_end: z.number().int(),
      }),
    ),
  }),
});
export type SubscriptionObject = z.infer<typeof subscriptionSchema>;

export const chargeSchema = z.looseObject({
  id: z.string(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  refunded: z.boolean(),
  payment_intent: stripeRef.nullish(),
  customer: stripeRef.nullish(),
  metadata: metadataSchema,
});
export type ChargeObject = z.infer<typeof chargeSchema>;

/** `charge.dispute.*`: the card's bank questions a charge (status `won`/`lost` when closed). */
export const disputeSchema = z.looseObject({
  id: z.string(),
  amount: z.number().int(),
  charge: stripeRef,
  payment_intent: stripeRef.nullish(),
  status: z.string(),
});
export type DisputeObject = z.infer<typeof disputeSchema>;

/** The uid a purchase was made by, from the metadata we set (or the session's reference). */
export function uidFromMetadata(
  metadata: Record<string, string> | null | undefined,
  fallback?: string | null,
): string | undefined {
  const parsed = purchaseMetadataSchema.safeParse(metadata ?? {});
  if (parsed.success) return parsed.data.uid;
  return fallback ?? undefined;
}

/** A subscription's current period (the first item's; our plans have one item). */
export function currentPeriod(
  subscription: SubscriptionObject,
): { start: number; end: number } | undefined {
  const item = subscription.items.data[0];
  return item ? { start: item.current_period_start, end: item.current_period_end } : undefined;
}

/** The period an invoice bills (its first line's). */
export function invoicePeriod(invoice: InvoiceObject): { start: number; end: number } | undefined {
  const line = invoice.lines.data[0];
  return line ? { start: line.period.start, end: line.period.end } : undefined;
}

/** `SubscriptionGrants/{subId}/{period}` key: the period start, Unix seconds. */
export function periodKey(startSeconds: number): string {
  return String(startSeconds);
}
