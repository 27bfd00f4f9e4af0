// What the payment handlers need: the database, a Stripe client (pointed at the local sandbox in
// tests and on the local stack, at Stripe in production), a clock, and crash points. The crash
// points are how tests stop a grant between two writes, exactly where a real crash could; the
// deployed functions pass none.
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';

/** Places where a grant may stop half-way (each follows a committed write). */
export const PAYMENT_FAULT_POINTS = [
  /** Credits, `Credits` and the ledger entry (in the outbox) committed; ledger not copied. */
  'after-credits',
  /** Ledger copied; notification, payment status, coupon and event record not written. */
  'after-ledger',
  /** Every effect written; the event record not. */
  'after-effects',
] as const;
export type PaymentFaultPoint = (typeof PAYMENT_FAULT_POINTS)[number];

/** The business object the step was about (session, invoice…) and its member when known. */
export interface FaultPlace {
  sourceId: string;
  uid?: string;
}

export interface PaymentFaults {
  /** Called after each step; throwing here abandons the call as a crash would. */
  at(point: PaymentFaultPoint, where: FaultPlace): void | Promise<void>;
}

export const NO_PAYMENT_FAULTS: PaymentFaults = { at: () => undefined };

export interface PaymentDeps {
  db: Database;
  stripe: Stripe;
  /** Epoch milliseconds; a parameter so tests can pin coupon validity and expiry. */
  now: () => number;
  faults?: PaymentFaults;
}
