// What the payment handlers need: the database, a Stripe client (pointed at the local sandbox in
// tests and on the local stack, at Stripe in production) and a clock.
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';

export interface PaymentDeps {
  db: Database;
  stripe: Stripe;
  /** Epoch milliseconds; a parameter so tests can pin coupon validity and expiry. */
  now: () => number;
}
