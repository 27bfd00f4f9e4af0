import type { Unsubscribe } from '../../../lib/realtime';

export interface AdminPaymentsApi {
  /** `Payments` created within [startMs, endMs], live (database.rules.json indexes createdAt). */
  watchPayments: (
    range: { startMs: number; endMs: number },
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** The subscription `Payments` (queried by kind). */
  watchSubscriptionPayments: (onChange: (value: unknown) => void) => Unsubscribe;
  /** `StripeSubscriptions`: the status of every subscription. */
  watchSubscriptions: (onChange: (value: unknown) => void) => Unsubscribe;
  /** `Users`, for names, e-mails and the subscription flags. */
  watchUsers: (onChange: (value: unknown) => void) => Unsubscribe;
}
