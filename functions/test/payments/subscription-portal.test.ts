// Subscription self-service: the member opens Stripe's customer portal, the portal's
// changes come back as webhook events that mirror the plan's state for the member
// (`Users/{uid}/plan-state`), and an admin cancels a member's plan, audited. Real SDK, the
// Stripe sandbox, the real `stripeWebhook`.
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { RATE_LIMITS, paths, planStateSchema } from '@studio/core';
import type { AuditEntry } from '@studio/core';
import {
  cancelMemberSubscription,
  createCheckoutSession,
  createPortalSession,
} from '../../src/index';
import { callableRequest, rejectionOf } from '../support/callable';
import { CHECKOUT_URLS, createMember, usePaymentsTestBed, valueAt } from './support';

const bed = usePaymentsTestBed();

const RETURN_URL = 'http://127.0.0.1:5000/profile-user/me';
const ADMIN = { uid: 'admin-1', claims: { role: 'admin' } };

/** A member with a paid monthly plan; returns the subscription id. */
async function subscribed(uid: string): Promise<string> {
  const { sessionId } = await createCheckoutSession.run(
    callableRequest({ ...CHECKOUT_URLS, kind: 'subscription' }, { uid }),
  );
  await bed.control(`checkout_sessions/${sessionId}/complete`);
  await bed.sandbox.idle();
  return (await bed.stripe.checkout.sessions.retrieve(sessionId)).subscription as string;
}

async function planState(uid: string) {
  const value = await valueAt(bed, paths.userField(uid, 'plan-state'));
  return value === null ? null : planStateSchema.parse(value);
}

function openPortal(uid: string, returnUrl = RETURN_URL) {
  return createPortalSession.run(callableRequest({ returnUrl }, { uid }));
}

/** Presses a button of the sandbox's portal page, then waits for the webhook deliveries. */
async function press(url: string, path: string, fields: Record<string, string> = {}) {
  const response = await fetch(`${url}/${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(303);
  await bed.sandbox.idle();
}

async function periodEndOf(subscriptionId: string): Promise<number> {
  const subscription = await bed.stripe.subscriptions.retrieve(subscriptionId);
  return (subscription.items.data[0]?.current_period_end ?? 0) * 1000;
}

describe('createPortalSession', () => {
  it('opens Stripe’s customer portal for the member’s own customer', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    expect(await planState(uid)).toMatchObject({ subscriptionId, status: 'active' });

    const { url } = await openPortal(uid);

    expect(url.startsWith(`${bed.sandbox.url}/portal/bps_`)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page).toContain(`href="${RETURN_URL}"`);
    expect(page).toMatch(/Active · renews on/);
  });

  it('refuses a member who never had a plan, counting the refused call once', async () => {
    const uid = await createMember(bed);
    const error = await rejectionOf(openPortal(uid));
    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({ messageKey: 'noSubscription' });
    expect(await valueAt(bed, paths.rateLimit(uid, 'checkout'))).toMatchObject({ count: 1 });
  });

  it('refuses a return address outside the app before anything else', async () => {
    const uid = await createMember(bed);
    await subscribed(uid);
    const error = await rejectionOf(openPortal(uid, 'https://evil.example/profile'));
    expect(error.code).toBe('invalid-argument');
    expect(error.details).toMatchObject({ messageKey: 'returnUrlNotAllowed' });
  });

  it('is rate-limited with the checkouts: the sixth Stripe page in ten minutes is refused', async () => {
    const uid = await createMember(bed);
    await subscribed(uid);
    // The plan's checkout was the first of the five.
    for (let opened = 1; opened < RATE_LIMITS.checkout.max; opened += 1) await openPortal(uid);
    const error = await rejectionOf(openPortal(uid));
    expect(error.code).toBe('resource-exhausted');
    expect(error.details).toMatchObject({ messageKey: 'tooManyAttempts' });
  });

  it('refuses a caller who is not signed in and bad input', async () => {
    const unauthenticated = await rejectionOf(
      createPortalSession.run(callableRequest({ returnUrl: RETURN_URL }, null)),
    );
    expect(unauthenticated.code).toBe('unauthenticated');
    const uid = await createMember(bed);
    const bad = await rejectionOf(
      createPortalSession.run(
        callableRequest({ returnUrl: RETURN_URL, customer: 'cus_x' }, { uid }),
      ),
    );
    expect(bad.code).toBe('invalid-argument');
  });
});

describe('the plan’s state, mirrored from the portal’s events', () => {
  it('cancel at period end shows cancelling on the period’s end; resume makes it active again', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    const { url } = await openPortal(uid);

    await press(url, `subscriptions/${subscriptionId}/cancel`);
    expect(await planState(uid)).toMatchObject({
      subscriptionId,
      status: 'cancelling',
      periodEnd: await periodEndOf(subscriptionId),
    });
    // Still the member's plan until the period ends.
    expect(await valueAt(bed, paths.userField(uid, 'activeSuscription'))).toBe(true);

    await press(url, `subscriptions/${subscriptionId}/resume`);
    expect(await planState(uid)).toMatchObject({ subscriptionId, status: 'active' });
  });

  it('ends the plan when the period of a cancelling plan is over', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    const { url } = await openPortal(uid);
    await press(url, `subscriptions/${subscriptionId}/cancel`);

    await bed.control(`subscriptions/${subscriptionId}/renew`);
    await bed.sandbox.idle();

    expect(await planState(uid)).toMatchObject({ subscriptionId, status: 'ended' });
    expect(await valueAt(bed, paths.user(uid))).toMatchObject({ activeSuscription: false });
  });

  it('a failed renewal is past due; a new card in the portal pays it and the plan is active', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    await bed.control(`subscriptions/${subscriptionId}/fail_payment`);
    await bed.sandbox.idle();
    expect(await planState(uid)).toMatchObject({ subscriptionId, status: 'past-due' });

    const { url } = await openPortal(uid);
    await press(url, 'card', { number: '4000000000000341' });
    expect(await planState(uid)).toMatchObject({ status: 'past-due' });

    await press(url, 'card', { number: '4242424242424242' });
    expect(await planState(uid)).toMatchObject({ subscriptionId, status: 'active' });
    expect(await valueAt(bed, paths.userField(uid, 'activeSuscription'))).toBe(true);
  });

  it('invoice.payment_failed alone is enough to show past due', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    // Only the invoice event reaches us: the subscription's own update is held back.
    const seen = bed.sandbox.events().length;
    // Nothing listens there: the deliveries fail after their few quick retries.
    bed.sandbox.setWebhookUrl('http://127.0.0.1:9/stripeWebhook');
    try {
      await bed.control(`subscriptions/${subscriptionId}/fail_payment`);
      await bed.sandbox.idle();
    } finally {
      bed.sandbox.setWebhookUrl(bed.webhookUrl);
    }
    const failed = bed.sandbox
      .events()
      .slice(seen)
      .find((entry) => entry.type === 'invoice.payment_failed');
    expect(failed).toBeDefined();
    expect(await planState(uid)).toMatchObject({ status: 'active' });

    expect(await bed.deliver(failed?.event)).toBe(200);

    expect(await planState(uid)).toMatchObject({ subscriptionId, status: 'past-due' });
  });

  it('cancel now ends the plan at once, and a redelivered event changes nothing', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    const { url } = await openPortal(uid);
    await press(url, `subscriptions/${subscriptionId}/cancel_now`);

    const ended = await planState(uid);
    expect(ended).toMatchObject({ subscriptionId, status: 'ended' });
    expect(await valueAt(bed, paths.user(uid))).toMatchObject({ activeSuscription: false });

    const deleted = bed.sandbox
      .events()
      .filter((entry) => entry.type === 'customer.subscription.deleted')
      .find((entry) => (entry.event.data.object as { id: string }).id === subscriptionId);
    await bed.control(`events/${deleted?.id ?? ''}/resend`);
    await bed.sandbox.idle();
    expect(await planState(uid)).toEqual(ended);
  });
});

describe('cancelMemberSubscription', () => {
  function cancelPlan(data: Record<string, unknown>, caller = ADMIN) {
    return cancelMemberSubscription.run(callableRequest(data, caller));
  }

  async function auditOf(uid: string): Promise<AuditEntry[]> {
    const log = ((await valueAt(bed, paths.auditLog())) ?? {}) as Record<string, AuditEntry>;
    return Object.values(log).filter(
      (entry) => entry.target === uid && entry.action === 'cancelMemberSubscription',
    );
  }

  it('cancels at the period’s end through Stripe, audited; the member sees the date', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    const periodEnd = await periodEndOf(subscriptionId);

    const result = await cancelPlan({ uid, when: 'period-end', reason: 'Moved away' });
    await bed.sandbox.idle();

    expect(result).toEqual({ subscriptionId, cancelAt: periodEnd });
    const stripeSide: Stripe.Subscription = await bed.stripe.subscriptions.retrieve(subscriptionId);
    expect(stripeSide.cancel_at_period_end).toBe(true);
    expect(await planState(uid)).toMatchObject({ status: 'cancelling', periodEnd });
    expect(await auditOf(uid)).toEqual([
      expect.objectContaining({
        by: ADMIN.uid,
        details: { subscriptionId, when: 'period-end', reason: 'Moved away', cancelAt: periodEnd },
      }),
    ]);
  });

  it('cancels at once: the plan ends and the credits flag clears', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);

    const result = await cancelPlan({ uid, when: 'now', reason: 'Fraud' });
    await bed.sandbox.idle();

    expect(result).toEqual({ subscriptionId, cancelAt: null });
    expect((await bed.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(await planState(uid)).toMatchObject({ status: 'ended' });
    expect(await valueAt(bed, paths.user(uid))).toMatchObject({ activeSuscription: false });
    expect(await auditOf(uid)).toHaveLength(1);
  });

  it('refuses a plan Stripe has already cancelled before its webhook arrived, writing nothing', async () => {
    const uid = await createMember(bed);
    const subscriptionId = await subscribed(uid);
    await bed.stripe.subscriptions.cancel(subscriptionId);
    await bed.sandbox.idle();
    // As if the cancellation's webhook had not been delivered yet.
    await bed.backend.db
      .ref(paths.user(uid))
      .update({ activeSuscription: true, activeSuscriptionId: subscriptionId });

    const error = await rejectionOf(cancelPlan({ uid, when: 'now', reason: 'x' }));

    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({ messageKey: 'noSubscription' });
    expect(await auditOf(uid)).toEqual([]);
  });

  it('refuses members, members without a plan and unknown members, writing nothing', async () => {
    const uid = await createMember(bed);
    const member = await rejectionOf(
      cancelPlan({ uid, when: 'now', reason: 'x' }, { uid, claims: { role: 'member' } }),
    );
    expect(member.code).toBe('permission-denied');
    const noPlan = await rejectionOf(cancelPlan({ uid, when: 'now', reason: 'x' }));
    expect(noPlan.code).toBe('failed-precondition');
    expect(noPlan.details).toMatchObject({ messageKey: 'noSubscription' });
    const unknown = await rejectionOf(cancelPlan({ uid: 'nobody-here', when: 'now', reason: 'x' }));
    expect(unknown.code).toBe('not-found');
    const bad = await rejectionOf(cancelPlan({ uid, when: 'later', reason: 'x' }));
    expect(bad.code).toBe('invalid-argument');
    expect(await auditOf(uid)).toEqual([]);
    expect(await auditOf('nobody-here')).toEqual([]);
  });
});
