/** What processing one Stripe event did, recorded in `StripeEvents/{eventId}`. */
export interface EventOutcome {
  outcome: 'processed' | 'ignored';
  note?: string;
}

export const processed = (note?: string): EventOutcome =>
  note === undefined ? { outcome: 'processed' } : { outcome: 'processed', note };

export const ignored = (note: string): EventOutcome => ({ outcome: 'ignored', note });
