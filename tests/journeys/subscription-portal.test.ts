// Subscription self-service in a browser on the local stack: a subscribed member opens
// Stripe's customer portal from the profile (the sandbox's portal page), updates the card, cancels
// at the period's end and, back in the app, sees "Cancels on <date>" arrive live from the webhook;
// then an admin cancels another member's plan from admin-suscripcion, and that member's plan
// ends (webhook), audited. The plans are bought through the real callable and the sandbox's
// checkout, as purchases.test.ts does in the browser.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDate, shortDate } from '@studio/core';
import { DEMO_PASSWORD } from '../../scripts/lib/seed.ts';
import { until, useJourney } from '../support/journey.ts';

const journey = useJourney();
/** The wait for a webhook's effect to show up (a cold Functions worker takes seconds). */
const ARRIVAL = { timeout: 90_000 };
const STEP_TIMEOUT = 240_000;
const MEMBER = { uid: 'demo-member7', email: 'member7@demo.studio' };
const OTHER = { uid: 'demo-member8', email: 'member8@demo.studio' };

interface PlanState {
  subscriptionId: string;
  status: string;
  periodEnd?: number;
}
interface StoredUser {
  activeSuscription?: boolean;
  activeSuscriptionId?: string;
  'plan-state'?: PlanState;
}

async function idToken(email: string): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${journey.stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
      signal: AbortSignal.timeout(60_000),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Calls a deployed callable over HTTP as the signed-in account, as the web SDK does. */
async function call(name: string, token: string, data: unknown): Promise<unknown> {
  const response = await fetch(journey.stack.functionUrl(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
    signal: AbortSignal.timeout(150_000),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (!response.ok) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** The plan panel's line for a plan that ends on `date`, in either language ("Cancels on Mon 28 Dec"). */
function cancelsOn(date: string, today: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const en = `Cancels on ${shortDate(date, 'en', today)}`;
  const es = `Se cancela el ${shortDate(date, 'es', today)}`;
  return new RegExp(`^(${escape(en)}|${escape(es)})$`);
}

async function readUser(uid: string): Promise<StoredUser> {
  return (await journey.read(`Users/${uid}`)) ?? {};
}

/** A paid monthly plan: the callable opens the checkout, the sandbox pays it, the webhook lands. */
async function subscribe(account: { uid: string; email: string }): Promise<string> {
  const token = await idToken(account.email);
  const { sessionId } = (await call('createCheckoutSession', token, {
    kind: 'subscription',
    successUrl: `${journey.baseUrl}/tabs/gracias-compra?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${journey.baseUrl}/tabs/paquetes`,
  })) as { sessionId: string };
  const paid = await fetch(
    `${journey.stack.stripe.url}/_sandbox/checkout_sessions/${sessionId}/complete`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
  );
  expect(paid.status).toBe(200);
  const user = await until(
    () => readUser(account.uid),
    (stored) => stored['plan-state']?.status === 'active',
  );
  return user.activeSuscriptionId ?? '';
}

function watchErrors(page: Page): void {
  page.setDefaultTimeout(ARRIVAL.timeout);
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[browser] ${message.text()}`);
  });
}

let memberSubscription = '';
let otherSubscription = '';

beforeAll(async () => {
  await journey.warm(['createCheckoutSession', 'createPortalSession', 'cancelMemberSubscription']);
  // The webhook refuses an unsigned body (400); the call only loads its worker.
  await fetch(journey.stack.functionUrl('stripeWebhook'), {
    method: 'POST',
    body: '{}',
    signal: AbortSignal.timeout(150_000),
  }).catch(() => undefined);
  memberSubscription = await subscribe(MEMBER);
  otherSubscription = await subscribe(OTHER);
}, STEP_TIMEOUT);

describe('subscription self-service through Stripe’s customer portal', () => {
  it(
    'the member updates the card, cancels at period end and sees "Cancels on …" in the app',
    async () => {
      const page = await journey.newPage();
      watchErrors(page);
      await journey.signIn(page, MEMBER.email);
      await page.goto(`${journey.baseUrl}/tabs/profile-user/${MEMBER.uid}`);
      const plan = page.locator('.plan-panel [role="status"]');
      await plan.filter({ hasText: /^(Active|Activa)/ }).waitFor(ARRIVAL);

      await page
        .getByRole('button', { name: /^(Manage subscription|Administrar suscripción)$/ })
        .click();
      await page.waitForURL(/\/portal\/bps_[^/]+$/, ARRIVAL);
      await page.getByRole('heading', { name: 'Manage your subscription' }).waitFor();

      // A declined card changes nothing and says so; a good one is saved.
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Update card' }).click();
      await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Update card' }).click();
      await page.getByTestId('card').filter({ hasText: 'VISA •••• 4242' }).waitFor();

      await page.getByRole('button', { name: 'Cancel plan at period end' }).click();
      await page
        .getByTestId('plan-status')
        .filter({ hasText: /^Cancels on/ })
        .waitFor();

      await page.getByRole('link', { name: 'Return to the app' }).click();
      await page.waitForURL(new RegExp(`/tabs/profile-user/${MEMBER.uid}$`), ARRIVAL);
      const user = await until(
        () => readUser(MEMBER.uid),
        (stored) => stored['plan-state']?.status === 'cancelling',
      );
      const periodEnd = user['plan-state']?.periodEnd ?? 0;
      expect(periodEnd).toBeGreaterThan(Date.now());
      await plan
        .filter({ hasText: cancelsOn(formatDate(periodEnd), formatDate(Date.now())) })
        .waitFor(ARRIVAL);
      // The plan is kept until the period ends.
      expect(user).toMatchObject({
        activeSuscription: true,
        activeSuscriptionId: memberSubscription,
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'an admin cancels another member’s plan now from admin-suscripcion, audited',
    async () => {
      const page = await journey.newPage();
      watchErrors(page);
      await journey.signIn(page, 'admin@demo.studio');
      await page.goto(`${journey.baseUrl}/admin-suscripcion`);
      const row = page.getByTestId(`subscriber-${otherSubscription}`);
      await row.waitFor(ARRIVAL);
      await row.getByRole('button', { name: /^(Cancel plan of|Cancelar plan de) / }).click();
      const dialog = page.getByRole('dialog', {
        name: /^(Cancel the plan of|Cancelar el plan de) /,
      });
      await dialog.getByRole('radio', { name: /^(Now|Ahora)$/ }).check();
      await dialog.getByLabel(/^(Reason|Motivo)/).fill('Member asked at the front desk');
      await dialog
        .getByRole('button', { name: /^(Confirm cancellation|Confirmar cancelación)$/ })
        .click();
      await row
        .getByRole('status')
        .filter({ hasText: /^(The plan was cancelled\.|El plan fue cancelado\.)$/ })
        .waitFor(ARRIVAL);
      // The row follows the webhook: Stripe's status is now canceled.
      await row.locator('.status-canceled').waitFor(ARRIVAL);

      const user = await until(
        () => readUser(OTHER.uid),
        (stored) => stored['plan-state']?.status === 'ended',
      );
      expect(user.activeSuscription).toBe(false);
      const audit = ((await journey.read('AuditLog')) ?? {}) as Record<
        string,
        { action: string; target?: string; by: string; details?: Record<string, unknown> }
      >;
      expect(
        Object.values(audit).filter((entry) => entry.action === 'cancelMemberSubscription'),
      ).toEqual([
        expect.objectContaining({
          by: 'demo-admin',
          target: OTHER.uid,
          details: expect.objectContaining({
            subscriptionId: otherSubscription,
            when: 'now',
            reason: 'Member asked at the front desk',
          }) as unknown,
        }),
      ]);
    },
    STEP_TIMEOUT,
  );
});
