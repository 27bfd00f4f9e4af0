// What the payment handlers need: the database, a Stripe client (pointed at the local sandbox in
// tests and on the local stack, at Stripe in production) and a clock. Every write goes through
// `db`, so tests hand in a database that stops a grant between two writes as a crash would
// (test/support/crash-db.ts).
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import type { RateLimiter } from '../../engine';

export interface PaymentDeps {
  db: Database;
  stripe: Stripe;
  /** Epoch milliseconds; a parameter so tests can pin coupon validity and expiry. */
  now: () => number;
  /** The per-member abuse limits (checkouts opened); the callables pass the deployed ones. */
  limits?: RateLimiter;
}

/** What checkout and the customer portal check return URLs against. */
export interface CheckoutConfig {
  /** Where Stripe may send the member back to: the app's origins (`APP_ORIGINS`). */
  appOrigins: readonly string[];
}
