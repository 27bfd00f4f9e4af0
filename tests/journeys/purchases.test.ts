// Purchases in a browser: on the local stack a member buys each kind of purchase
// (the monthly plan from the subscription modal, a credit package with the WELCOME10 coupon, a
// special-event package, a training package) through the sandbox's hosted checkout page, comes
// back to gracias-compra and sees the credits arrive; the database then holds the credits of the
// right kind, `Credits`, the ledger entry and the payment record of each purchase.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../scripts/lib/seed.ts';
import { useJourney } from '../support/journey.ts';

const journey = useJourney();
const UID = 'demo-member';
const EMAIL = 'member@demo.studio';
const BRANCH = 'centro';
/** The wait for a webhook's effect to show up (a cold Functions worker takes seconds). */
const ARRIVAL = { timeout: 90_000 };
/** Each purchase is a few page loads and a webhook; generous on a shared, busy machine. */
const STEP_TIMEOUT = 240_000;

interface StoredCredit {
  kind: string;
  source: string;
  sourceId: string;
  packageId?: string;
}
interface StoredUser {
  Credits?: number;
  activeSuscription?: boolean;
  activeSuscriptionId?: string;
  'credits-list'?: Record<string, StoredCredit>;
}
interface StoredLedgerEntry {
  type: string;
  kind: string;
  delta: number;
  sourceId?: string;
}
interface StoredPayment {
  uid: string;
  kind: string;
  status: string;
  amount: number;
  discount: number;
  currency: string;
  coupon?: string;
  stripeInvoiceId?: string;
  stripeSubscriptionId?: string;
}

function buyUrl(route: string, credits: number, packageId?: string): string {
  const query = packageId === undefined ? '' : `?package=${packageId}`;
  return `${journey.baseUrl}/tabs/${route}/stripe/127.0.0.1/${BRANCH}/${credits}${query}`;
}

/**
 * From the app's Pay button to the sandbox's hosted page, its Pay button, and back to
 * gracias-compra. Returns the checkout session id the return URL carries.
 */
async function payThroughCheckout(page: Page): Promise<string> {
  // The app's Pay button is enabled once the server's price has arrived; a refusal shows instead.
  await page.locator('dl.price-lines, .checkout [role="alert"]').first().waitFor(ARRIVAL);
  const refusal = page.locator('.checkout [role="alert"]');
  if ((await refusal.count()) > 0)
    throw new Error(`checkout refused: ${(await refusal.allTextContents()).join(' ')}`);
  await page.getByRole('button', { name: /^(Pay|Pagar) / }).click();
  await page.waitForURL(/\/checkout\/cs_[^/]+$/, ARRIVAL);
  await expect(page.getByRole('heading', { name: 'Checkout' }).isVisible()).resolves.toBe(true);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/tabs\/gracias-compra\?session_id=cs_/, ARRIVAL);
  const sessionId = new URL(page.url()).searchParams.get('session_id');
  if (sessionId === null) throw new Error(`no session id in ${page.url()}`);
  await page.getByText(/^(Payment received\.|Pago recibido\.)$/).waitFor(ARRIVAL);
  return sessionId;
}

async function creditLine(page: Page, label: RegExp, count: number): Promise<void> {
  await page
    .locator('#credit-summary-title + ul li')
    .filter({ hasText: label })
    .filter({ hasText: new RegExp(`:\\s*${count}$`) })
    .waitFor(ARRIVAL);
}

async function readUser(): Promise<StoredUser> {
  return (await journey.read(`Users/${UID}`)) as StoredUser;
}

function creditsFrom(user: StoredUser, sourceId: string): StoredCredit[] {
  return Object.values(user['credits-list'] ?? {}).filter((credit) => credit.sourceId === sourceId);
}

async function ledgerEntry(entryId: string): Promise<StoredLedgerEntry | null> {
  return (await journey.read(`CreditLedger/${UID}/${entryId}`)) as StoredLedgerEntry | null;
}

async function payment(paymentId: string): Promise<StoredPayment> {
  return (await journey.read(`Payments/${paymentId}`)) as StoredPayment;
}

function regularCount(user: StoredUser): number {
  return Object.values(user['credits-list'] ?? {}).filter((credit) => credit.kind === 'regular')
    .length;
}

/**
 * The Functions emulator starts a worker per function on its first call, which on a busy machine
 * takes longer than a page waits; the journey's functions are called once first (signed in
 * through the Auth emulator's REST API, as the SDK does).
 */
beforeAll(async () => {
  const { stack } = journey;
  const signIn = await fetch(
    `http://127.0.0.1:${stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member20@demo.studio', password: DEMO_PASSWORD }),
      signal: AbortSignal.timeout(60_000),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  // Best effort: a warm-up that times out only means the page waits longer.
  const call = (name: string, init: RequestInit) =>
    fetch(stack.functionUrl(name), {
      ...init,
      method: 'POST',
      signal: AbortSignal.timeout(150_000),
    })
      .then((response) => response.text())
      .catch(() => '');
  const asMember = (data: unknown): RequestInit => ({
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  await Promise.all([
    call('previewPrice', asMember({ kind: 'spcredits', packageId: 'special-2' })),
    // Refused (no URLs): loads the worker without creating anything.
    call('createCheckoutSession', asMember({ kind: 'spcredits' })),
    call('stripeWebhook', { body: '{}' }),
  ]);
}, STEP_TIMEOUT);

describe('a member buys every kind of purchase through the sandbox checkout', () => {
  let page: Page;

  it(
    'subscribes from the BEST CHOICE modal and receives the first 30 credits',
    async () => {
      page = await journey.newPage();
      page.setDefaultTimeout(ARRIVAL.timeout);
      // Shown in the test output when a step fails: what the app reported.
      page.on('console', (message) => {
        if (message.type() === 'error') console.error(`[browser] ${message.text()}`);
      });
      // The modal opens 5 s after the app starts on a first visit, signed in or not; it
      // is followed before signing in, so it cannot cover the login form.
      await page.goto(journey.baseUrl);
      const modal = page.getByRole('dialog');
      await modal.waitFor({ timeout: 20_000 });
      await modal.locator('.dialog-actions button').click();
      await page.waitForURL(/\/tabs\/buy-credits\/.+\/30$/);
      const subscriptionUrl = page.url();
      await journey.signIn(page, EMAIL);
      await page.goto(subscriptionUrl);

      const sessionId = await payThroughCheckout(page);
      await creditLine(page, /^(Class credits|Créditos de clase)/, 40);

      const record = await payment(sessionId);
      expect(record).toMatchObject({
        uid: UID,
        kind: 'subscription',
        status: 'paid',
        amount: 8900,
      });
      const invoiceId = record.stripeInvoiceId;
      expect(invoiceId).toMatch(/^in_/);
      const user = await readUser();
      expect(user.activeSuscription).toBe(true);
      expect(user.activeSuscriptionId).toBe(record.stripeSubscriptionId);
      const granted = creditsFrom(user, invoiceId ?? '');
      expect(granted).toHaveLength(30);
      expect(granted.every((credit) => credit.kind === 'regular')).toBe(true);
      expect(user.Credits).toBe(40);
      expect(await ledgerEntry(`grant-${invoiceId}`)).toMatchObject({
        type: 'grant',
        kind: 'regular',
        delta: 30,
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'buys a credit package with the WELCOME10 coupon at the price the server previews',
    async () => {
      await page.goto(buyUrl('buy-credits', 5, 'credits-5'));
      await page.getByLabel(/^(Coupon code|Cupón)$/).fill('welcome10');
      await page.getByRole('button', { name: /^(Apply|Aplicar)$/ }).click();
      const prices = page.locator('dl.price-lines');
      await prices.getByText('−$6.50').waitFor(ARRIVAL);
      await expect(prices.locator('strong').textContent()).resolves.toBe('$58.50');

      const sessionId = await payThroughCheckout(page);
      await creditLine(page, /^(Class credits|Créditos de clase)/, 45);

      expect(await payment(sessionId)).toMatchObject({
        uid: UID,
        kind: 'credits',
        status: 'paid',
        amount: 5850,
        discount: 650,
        coupon: 'WELCOME10',
      });
      const user = await readUser();
      const granted = creditsFrom(user, sessionId);
      expect(granted).toHaveLength(5);
      expect(granted.every((credit) => credit.kind === 'regular')).toBe(true);
      expect(user.Credits).toBe(45);
      expect(regularCount(user)).toBe(45);
      expect(await ledgerEntry(`grant-${sessionId}`)).toMatchObject({ kind: 'regular', delta: 5 });
      const redemptions = (await journey.read(`CodeCloudStore/WELCOME10/${UID}`)) as Record<
        string,
        unknown
      > | null;
      expect(Object.keys(redemptions ?? {})).toEqual([sessionId]);
    },
    STEP_TIMEOUT,
  );

  it(
    'buys a special-event package and receives special credits',
    async () => {
      await page.goto(buyUrl('buy-spcredits', 2));
      const sessionId = await payThroughCheckout(page);
      await creditLine(page, /^(Special event credits|Créditos de eventos especiales)/, 2);

      expect(await payment(sessionId)).toMatchObject({
        kind: 'spcredits',
        status: 'paid',
        amount: 4000,
      });
      const user = await readUser();
      const granted = creditsFrom(user, sessionId);
      expect(granted.map((credit) => credit.kind)).toEqual(['special', 'special']);
      // Special credits are not class credits: `Credits` does not move.
      expect(user.Credits).toBe(45);
      expect(await ledgerEntry(`grant-${sessionId}`)).toMatchObject({ kind: 'special', delta: 2 });
    },
    STEP_TIMEOUT,
  );

  it(
    'buys a training package and receives training credits',
    async () => {
      await page.goto(buyUrl('buy-train-credits', 4));
      const sessionId = await payThroughCheckout(page);
      await creditLine(page, /^(Training credits|Créditos de entrenamiento)/, 4);

      expect(await payment(sessionId)).toMatchObject({
        kind: 'train-credits',
        status: 'paid',
        amount: 16000,
      });
      const user = await readUser();
      const granted = creditsFrom(user, sessionId);
      expect(granted).toHaveLength(4);
      expect(granted.every((credit) => credit.kind === 'train')).toBe(true);
      expect(user.Credits).toBe(45);
      expect(await ledgerEntry(`grant-${sessionId}`)).toMatchObject({ kind: 'train', delta: 4 });
    },
    STEP_TIMEOUT,
  );
});
