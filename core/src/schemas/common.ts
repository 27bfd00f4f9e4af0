import { z } from 'zod';
import { keySchema } from '../keys';

export { keySchema };

/** Instants are epoch milliseconds (RTDB `ServerValue.TIMESTAMP` is too). */
export const epochMsSchema = z.number().int().nonnegative();

/**
 * Money we define is integer minor units (cents); the spec's own `Precio` fields are major
 * units as the admin typed them (see docs/architecture/data-model.md#money).
 */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const centsSchema = z.number().int().min(0).max(MAX_AMOUNT_CENTS);
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'expected an ISO currency code such as USD')
  .default('USD');

export const CREDIT_KINDS = ['regular', 'special', 'train'] as const;
export const creditKindSchema = z.enum(CREDIT_KINDS);
export type CreditKind = z.infer<typeof creditKindSchema>;

/** What a checkout buys (`createCheckoutSession`'s `kind`). */
export const PURCHASE_KINDS = [
  'credits',
  'spcredits',
  'train-credits',
  'subscription',
  'cart',
  /** A membership plan from `Plans` (schemas/plans.ts). */
  'plan',
] as const;
export const purchaseKindSchema = z.enum(PURCHASE_KINDS);
export type PurchaseKind = z.infer<typeof purchaseKindSchema>;

/** Free text a person typed (names, descriptions), bounded. */
export const textSchema = (max: number) => z.string().trim().max(max);
export const nameSchema = z.string().trim().min(1).max(100);

/** Coupon codes: letters, digits, `-` and `_`; stored and compared upper-case. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
  .transform((code) => code.toUpperCase());

/**
 * A list as the Realtime Database returns it: an array (possibly with null holes) when the
 * keys are dense integers, otherwise an object. Either way the result is an array in key order.
 */
export function rtdbList<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item.nullable()), z.record(z.string(), item)])
    .transform((value): z.output<T>[] =>
      (Array.isArray(value) ? value : Object.values(value)).filter(
        (entry): entry is z.output<T> => entry !== null,
      ),
    );
}

/**
 * A map as the Realtime Database returns it: keys that are small integers ("1", "2", … — the
 * spots of a class without a layout, say) come back as an array with null holes. Either way
 * the result is the object keyed as written.
 */
export function rtdbMap<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      Array.isArray(value)
        ? Object.fromEntries(
            value.flatMap((entry, index) => (entry === null ? [] : [[String(index), entry]])),
          )
        : value,
    z.record(keySchema, item),
  );
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL; anything else (javascript:, data:) is rejected. */
export const httpUrlSchema = z.string().max(2048).refine(isHttpUrl, 'expected an http(s) URL');
