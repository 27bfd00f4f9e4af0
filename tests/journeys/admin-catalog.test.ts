/// <reference lib="dom" />
// Code passed to addInitScript runs in the browser, where localStorage exists.
// The catalogue in a browser, on the local stack with the demo data: an admin edits a package price
// in
// admin-precios and a training package's in admin-precios-train (the member's buy-train-credits
// page charges it), creates a coupon in crear-cupones; a member applies that coupon at checkout,
// the server's preview shows the new price and the discount, and the member pays; the admin sees
// the redemption in crear-cupones and the payment in lista-pagos, changes a member's role and
// adjusts their credits in all-users; the audit log lists each of these changes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDate } from '@studio/core';
import { useJourney } from '../support/journey.ts';

const journey = useJourney();
/** A callable's effect on screen (a cold Functions worker on a loaded machine takes a while). */
const ARRIVAL = { timeout: 120_000 };
const STEP_TIMEOUT = 420_000;
const CODE = 'JOURNEY25';
const TARGET_UID = 'demo-member2';

/**
 * The subscription offer (docs/architecture/testing.md#journeys) would cover the screens driven
 * here.
 */
async function signedInPage(email: string): Promise<Page> {
  const page = await journey.newPage();
  await page.context().addInitScript((today: string) => {
    localStorage.setItem('weekly_modal_date', today);
  }, formatDate(Date.now()));
  await journey.signIn(page, email);
  return page;
}

interface StoredUser {
  Admin?: unknown;
  Credits?: number;
}

describe('admin runs the catalogue, coupons and members', () => {
  let admin: Page;

  beforeAll(async () => {
    admin = await signedInPage('admin@demo.studio');
  }, STEP_TIMEOUT);

  it(
    'edits the price of the 5-class package in admin-precios',
    async () => {
      await admin.goto(`${journey.baseUrl}/admin-precios`);
      await admin
        .getByRole('button', { name: 'Edit 5 classes · 5 credits · $65.00 · valid 60 days' })
        .click(ARRIVAL);
      const form = admin.getByRole('form', { name: 'Admin packages' });
      await form.getByLabel('Price (USD)').fill('80');
      await form.getByRole('button', { name: 'Save' }).click();
      await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(ARRIVAL);
      await admin.getByText('5 classes · 5 credits · $80.00 · valid 60 days').waitFor(ARRIVAL);
      expect(await journey.read('Packages/credits-5/price')).toBe(8000);
    },
    STEP_TIMEOUT,
  );

  it(
    'edits a training package, linked from admin-precios, and buy-train-credits charges the new price',
    async () => {
      await admin.goto(`${journey.baseUrl}/admin-precios`);
      await admin
        .getByRole('link', { name: 'Training packages (personal training credits)' })
        .click();
      await admin.waitForURL(/\/admin-precios-train$/, ARRIVAL);
      await admin
        .getByRole('button', {
          name: 'Edit Personal training (4 sessions) · 4 credits · $160.00 · valid 60 days',
        })
        .click(ARRIVAL);
      const form = admin.getByRole('form', { name: 'Admin training packages' });
      await form.getByLabel('Price (USD)').fill('175');
      await form.getByRole('button', { name: 'Save' }).click();
      await admin
        .getByText('Personal training (4 sessions) · 4 credits · $175.00 · valid 60 days')
        .waitFor(ARRIVAL);
      expect(await journey.read('Packages/train-4/price')).toBe(17500);

      const member = await signedInPage('member@demo.studio');
      await member.goto(`${journey.baseUrl}/tabs/buy-train-credits/stripe/127.0.0.1/centro/4`);
      await member.getByText('Personal training (4 sessions)').waitFor(ARRIVAL);
      const prices = member.locator('dl.price-lines');
      await prices.locator('strong').filter({ hasText: '$175' }).waitFor(ARRIVAL);
    },
    STEP_TIMEOUT,
  );

  it(
    'creates a 25 % coupon in crear-cupones',
    async () => {
      await admin.goto(`${journey.baseUrl}/crear-cupones`);
      await admin.getByRole('button', { name: 'New' }).click(ARRIVAL);
      const form = admin.getByRole('form', { name: 'Add coupons' });
      await form.getByLabel('Code').fill(CODE);
      await form.getByLabel('Percent off').fill('25');
      await form.getByRole('button', { name: 'Save' }).click();
      await admin.getByText(`${CODE} · 25% off`).waitFor(ARRIVAL);
      expect(await journey.read(`Coupons/${CODE}`)).toMatchObject({
        code: CODE,
        percentOff: 25,
        active: true,
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'lets a member apply the coupon at checkout (the preview shows the new price and discount) and pay',
    async () => {
      const member = await signedInPage('member@demo.studio');
      await member.goto(
        `${journey.baseUrl}/tabs/buy-credits/stripe/127.0.0.1/centro/5?package=credits-5`,
      );
      await member.getByLabel(/^(Coupon code|Cupón)$/).fill(CODE.toLowerCase());
      await member.getByRole('button', { name: /^(Apply|Aplicar)$/ }).click();
      const prices = member.locator('dl.price-lines');
      await prices.getByText('−$20').waitFor(ARRIVAL);
      await expect(prices.getByText('$80').count()).resolves.toBe(1);
      await expect(prices.locator('strong').textContent()).resolves.toBe('$60');

      // Through the sandbox's hosted checkout, so the webhook records the payment and redemption.
      await member.getByRole('button', { name: /^(Pay|Pagar) / }).click();
      await member.waitForURL(/\/checkout\/cs_[^/]+$/, ARRIVAL);
      await member.getByRole('button', { name: /^Pay / }).click();
      await member.waitForURL(/\/tabs\/gracias-compra\?session_id=cs_/, ARRIVAL);
      await member.getByText(/^(Payment received\.|Pago recibido\.)$/).waitFor(ARRIVAL);
    },
    STEP_TIMEOUT,
  );

  it(
    'shows the redemption in crear-cupones, the payment in lista-pagos, and admin-suscripcion',
    async () => {
      await admin.goto(`${journey.baseUrl}/crear-cupones`);
      const coupon = admin.getByRole('region', { name: CODE });
      await coupon.getByText(`${CODE} · Used once`).waitFor(ARRIVAL);
      // The redemptions are read only once the coupon is opened.
      await coupon.getByRole('button', { name: 'Show who used it' }).click();
      await coupon
        .getByText(/^Mariana López \(member@demo\.studio\) · −\$20\.00 · /)
        .waitFor(ARRIVAL);

      await admin.goto(`${journey.baseUrl}/lista-pagos`);
      await admin.getByLabel('Member (name or e-mail)').fill('mariana');
      await admin.getByLabel('Status').selectOption('paid');
      const row = admin.getByRole('row').filter({ hasText: CODE });
      await row.waitFor(ARRIVAL);
      await expect(row.getByText('$60.00').count()).resolves.toBe(1);
      await admin
        .getByText(/^USD: 1 payment · paid \$60\.00 · refunded \$0\.00 · net \$60\.00$/)
        .waitFor(ARRIVAL);

      // admin-suscripcion reads the subscription statuses (the demo data has none yet).
      await admin.goto(`${journey.baseUrl}/admin-suscripcion`);
      await admin.getByText('No subscribers yet.').waitFor(ARRIVAL);
    },
    STEP_TIMEOUT,
  );

  it(
    "changes a member's role and adjusts their credits in all-users",
    async () => {
      await admin.goto(`${journey.baseUrl}/all-users`);
      // The list is the member directory's first page; the search queries its e-mail index.
      await admin
        .getByRole('button', { name: /^Open / })
        .first()
        .waitFor(ARRIVAL);
      await admin.getByLabel('Search by name, e-mail or phone').fill('member2@');
      await admin.getByText('Members shown: 1').waitFor(ARRIVAL);
      await admin.getByRole('button', { name: 'Open Sofía Treviño', exact: true }).click(ARRIVAL);
      await admin.getByRole('heading', { level: 2, name: 'Sofía Treviño' }).waitFor(ARRIVAL);

      const roleForm = admin.getByRole('form', { name: 'Set role' });
      await roleForm.getByLabel('Role').selectOption('coach');
      await roleForm.getByRole('button', { name: 'Set role' }).click();
      await roleForm.getByText('Role changed to Coach.').waitFor(ARRIVAL);

      const adjust = admin.getByRole('form', { name: 'Adjust credits' });
      await adjust.getByLabel('Change (+ adds, − removes)').fill('3');
      await adjust.getByLabel('Reason').fill('Journey goodwill');
      await adjust.getByRole('button', { name: 'Adjust' }).click();
      await adjust.getByText('Done. Regular balance: 8.').waitFor(ARRIVAL);
      // The ledger on the same screen explains the new balance.
      await admin
        .getByText(/Adjusted by the studio · Regular · \+3 · “Journey goodwill”/)
        .waitFor(ARRIVAL);

      const user = (await journey.read(`Users/${TARGET_UID}`)) as StoredUser;
      expect(user.Admin).toBe('Coach');
      expect(user.Credits).toBe(8);
      // The member directory the list reads followed both changes.
      expect(await journey.read(`UserDirectory/${TARGET_UID}`)).toMatchObject({
        name: 'Sofía Treviño',
        role: 'coach',
        credits: 8,
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'shows each change in the audit log, with who made it',
    async () => {
      await admin.goto(`${journey.baseUrl}/admin-audit`);
      const log = admin.locator('ol.audit-log');
      for (const line of [
        'Ana Villarreal — save Packages/credits-5',
        'Ana Villarreal — save Packages/train-4',
        `Ana Villarreal — save Coupons/${CODE}`,
        `Ana Villarreal — setUserRole ${TARGET_UID}`,
        `Ana Villarreal — adjustCredits ${TARGET_UID}`,
      ]) {
        await log.getByText(line).first().waitFor(ARRIVAL);
      }
      // The filter narrows the list to one action.
      await admin.getByLabel('Action').selectOption('adjustCredits');
      await log.getByText(`Ana Villarreal — adjustCredits ${TARGET_UID}`).waitFor(ARRIVAL);
      await expect(log.getByText('Ana Villarreal — save Packages/credits-5').count()).resolves.toBe(
        0,
      );
    },
    STEP_TIMEOUT,
  );
});
