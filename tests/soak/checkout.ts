// Opening Stripe's checkout as the app does (Buy, Subscribe, a plan's Choose): the callable with
// the app's return pages, once per press (a second press opens a second page; the app does not
// retry a checkout by itself).
import { createCheckoutSessionInput } from '@studio/core';
import { createCheckoutSession } from '../../functions/src/handlers/payments/checkout/create-checkout-session.ts';
import type { OpRunner } from './ops.ts';
import { APP_ORIGIN, type World } from './world.ts';

/** The checkout's session id, or undefined when it was refused or the call died. */
export async function openCheckout(
  world: World,
  ops: OpRunner,
  uid: string,
  detail: string,
  purchase: Record<string, unknown>,
): Promise<string | undefined> {
  const input = createCheckoutSessionInput.parse({
    ...purchase,
    successUrl: `${APP_ORIGIN}/gracias-compra`,
    cancelUrl: `${APP_ORIGIN}/tabs/paquetes/0`,
  });
  const outcome = await ops.perform(
    'checkout',
    uid,
    detail,
    (db) =>
      createCheckoutSession(world.paymentDeps(db), { uid, ...input }, { appOrigins: [APP_ORIGIN] }),
    { retryable: false },
  );
  return outcome.kind === 'ok' ? (outcome.value as { sessionId: string }).sessionId : undefined;
}
