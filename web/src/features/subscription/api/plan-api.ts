import type { CallableResult } from '@studio/core';

/** The member's plan self-service: Stripe's customer portal. */
export interface PlanApi {
  /** A portal session for the signed-in member; Stripe sends them back to `returnUrl`. */
  createPortalSession: (returnUrl: string) => Promise<CallableResult<'createPortalSession'>>;
}
