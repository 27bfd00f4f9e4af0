import { parseStored, paths, stripeCustomerSchema } from '@studio/core';
import type { StripeCustomer } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { PaymentDeps } from './deps';

/** The SDK aborts a transaction with 'set' when this process writes under its node. */
const CLAIM_ATTEMPTS = 5;

/**
 * Claims `StripeCustomers/{uid}` (or reads the claim that exists). Several first checkouts of
 * one member run in one process (docs/architecture/payments.md#prices-and-checkout); the node is
 * written only in transactions, since two plain writes under a node whose transaction waits for
 * the server make the SDK drop that transaction (its promise never settles).
 */
async function claimCustomer(db: Database, path: string, at: number): Promise<StripeCustomer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { snapshot } = await db
        .ref(path)
        .transaction(
          (current: unknown) =>
            current === null ? ({ claimedAt: at } satisfies StripeCustomer) : undefined,
          undefined,
          false,
        );
      return parseStored(stripeCustomerSchema, snapshot.val(), path);
    } catch (error) {
      if (!(error instanceof Error && error.message === 'set') || attempt >= CLAIM_ATTEMPTS)
        throw error;
    }
  }
}

/**
 * The member's one Stripe customer (duplicates were the extension's most
 * reported bug). The uid is claimed in a transaction first; the create carries an idempotency
 * key derived from the uid, so two concurrent first purchases get the same customer back.
 */
export async function ensureCustomer(
  { db, stripe, now }: PaymentDeps,
  uid: string,
  email: string | undefined,
): Promise<string> {
  const path = paths.stripeCustomer(uid);
  const claim = await claimCustomer(db, path, now());
  if (claim.customerId !== undefined) return claim.customerId;

  const params: { metadata: Record<string, string>; email?: string } = { metadata: { uid } };
  if (email !== undefined) params.email = email;
  const customer = await stripe.customers.create(params, { idempotencyKey: `customer-${uid}` });
  // The index first: a claim naming a customer always has its way back to the member. A second
  // checkout got the same customer (the idempotency key), so whichever names it first wins.
  await db.ref(paths.stripeCustomerUid(customer.id)).set(uid);
  const { snapshot } = await db.ref(path).transaction(
    (current: unknown) => {
      const stored = stripeCustomerSchema.safeParse(current);
      if (!stored.success || stored.data.customerId !== undefined) return current;
      return { ...stored.data, customerId: customer.id } satisfies StripeCustomer;
    },
    undefined,
    false,
  );
  return parseStored(stripeCustomerSchema, snapshot.val(), path).customerId ?? customer.id;
}

/** The uid behind a Stripe customer, from the `cus → uid` index. */
export async function uidForCustomer(
  { db }: Pick<PaymentDeps, 'db'>,
  customerId: string,
): Promise<string | undefined> {
  const value: unknown = (await db.ref(paths.stripeCustomerUid(customerId)).get()).val();
  return typeof value === 'string' ? value : undefined;
}
