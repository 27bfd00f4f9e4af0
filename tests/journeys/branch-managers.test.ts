// Head office and branch managers, on the demo chain (Centro and Norte on two database
// instances): the chain admin makes an account the admin of Norte from its member sheet; that
// manager's payments, insights and menu hold Norte's only, and a chain screen tells them it is
// the chain admins'; the chain admin sees every branch's payments and filters them by branch
// (docs/architecture/roles-and-rules.md#branch-managers).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { paths } from '@studio/core';
import { CHAIN_BRANCH_ID } from '../../scripts/lib/seed-chain.ts';
import { SERVER, callAs, signedInPage, until, useJourney } from '../support/journey.ts';

const journey = useJourney({ chain: true });
const STEP = { timeout: 240_000 };
const MANAGER = { uid: 'demo-member19', email: 'member19@demo.studio' };
const NORTE_BUYER = { uid: 'demo-member18', email: 'member18@demo.studio' };
const CENTRO_BUYER = { uid: 'demo-member17', email: 'member17@demo.studio' };
/** With SHOTS_DIR set, the manager's and the head office's screens at a phone's and a laptop's width. */
const SHOTS_DIR = process.env['SHOTS_DIR'];

async function shots(page: Page, name: string, focus?: Locator): Promise<void> {
  if (SHOTS_DIR === undefined) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
}

/** A pack bought through the Stripe sandbox at `branch`; resolves once the payment is paid. */
async function buyAt(email: string, branch: string): Promise<void> {
  const { sessionId } = (await callAs(journey, email, 'createCheckoutSession', {
    kind: 'credits',
    packageId: 'credits-5',
    branch,
    successUrl: `${journey.baseUrl}/tabs/gracias-compra?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${journey.baseUrl}/tabs/inicio`,
  })) as { sessionId: string };
  const completed = await fetch(
    `${journey.stack.stripe.url}/_sandbox/checkout_sessions/${sessionId}/complete`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
  );
  expect(completed.ok).toBe(true);
  await until(
    () => journey.read(paths.payment(sessionId)),
    (payment) => (payment as { status?: string } | null)?.status === 'paid',
  );
}

let norteBuyer = '';
let centroBuyer = '';

beforeAll(async () => {
  await journey.warm(['createCheckoutSession', 'setUserRole', 'sumPayments']);
  await buyAt(NORTE_BUYER.email, CHAIN_BRANCH_ID);
  await buyAt(CENTRO_BUYER.email, 'centro');
  norteBuyer = (await journey.read(paths.userField(NORTE_BUYER.uid, 'Name'))) as string;
  centroBuyer = (await journey.read(paths.userField(CENTRO_BUYER.uid, 'Name'))) as string;
}, 300_000);

describe('a branch manager and the head office', () => {
  it(
    'the chain admin makes an account the admin of Norte from its member sheet',
    STEP,
    async () => {
      const page = await signedInPage(journey, 'admin@demo.studio');
      await page.goto(`${journey.baseUrl}/all-users`);
      await page
        .getByRole('button', { name: /^Open / })
        .first()
        .waitFor(SERVER);
      const name = (await journey.read(paths.userField(MANAGER.uid, 'Name'))) as string;
      await page.getByLabel('Search by name, e-mail or phone').fill(MANAGER.email);
      await page.getByText('Members shown: 1').waitFor(SERVER);
      await page.getByRole('button', { name: `Open ${name}`, exact: true }).click(SERVER);
      await page.getByRole('heading', { level: 2, name }).waitFor(SERVER);
      const form = page.getByRole('form', { name: 'Set role' });
      await form.getByLabel('Role').selectOption('admin');
      await form.getByLabel('Branch they manage').selectOption({ label: 'Norte' });
      await shots(page, 'member-sheet-branch-role', form);
      await form.getByRole('button', { name: 'Set role' }).click();
      await form.getByText('Role changed to Admin.').waitFor(SERVER);
      // The claim, the profile the app reads and an audit entry (setUserRole).
      expect(await journey.read(paths.userField(MANAGER.uid, 'branch-scope'))).toBe(
        CHAIN_BRANCH_ID,
      );
      const audit = Object.values(
        (await journey.read(paths.auditLog())) as Record<string, unknown>,
      );
      expect(audit).toContainEqual(
        expect.objectContaining({
          action: 'setUserRole',
          target: MANAGER.uid,
          details: expect.objectContaining({
            after: { claim: 'admin', Admin: true, branch: CHAIN_BRANCH_ID },
          }) as unknown,
        }),
      );
    },
  );

  it(
    'the admin of Norte sees Norte’s payments and insights, and none of the chain’s',
    STEP,
    async () => {
      const page = await signedInPage(journey, MANAGER.email);
      await page.goto(`${journey.baseUrl}/lista-pagos`);
      await page.getByText('Norte: the payments made at your branch.').waitFor(SERVER);
      await page.getByRole('rowheader', { name: norteBuyer }).first().waitFor(SERVER);
      await page.getByText(/^USD: 1 payment · paid/).waitFor(SERVER);
      expect(await page.getByRole('rowheader', { name: centroBuyer }).count()).toBe(0);
      expect(await page.getByLabel('Branch').count()).toBe(0);
      await shots(page, 'branch-manager-payments');

      await page.goto(`${journey.baseUrl}/admin-insights`);
      await page
        .getByText(/^Norte: the classes of your branch and the payments made at it\./)
        .waitFor(SERVER);
      expect(await page.getByLabel('Branch').count()).toBe(0);
      await shots(page, 'branch-manager-insights');

      // The menu (a drawer on the phone, opened as the manager would): the desk's work and their
      // branch's money and figures, not the chain's.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Side menu' });
      await menu.getByRole('link', { name: 'Insights' }).waitFor(SERVER);
      expect(await menu.getByRole('link', { name: 'Admin packages' }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: 'Admin Users' }).count()).toBe(0);

      await page.goto(`${journey.baseUrl}/admin-precios`);
      await page
        .getByRole('alert')
        .filter({ hasText: 'This screen is for the admins of the whole chain.' })
        .waitFor(SERVER);
      await shots(page, 'branch-manager-chain-screen');
    },
  );

  it('the chain admin sees every branch’s payments and filters by branch', STEP, async () => {
    const page = await signedInPage(journey, 'admin@demo.studio');
    await page.goto(`${journey.baseUrl}/lista-pagos`);
    await page.getByRole('rowheader', { name: norteBuyer }).first().waitFor(SERVER);
    await page.getByRole('rowheader', { name: centroBuyer }).first().waitFor(SERVER);

    await page.getByLabel('Branch').selectOption({ label: 'Norte' });
    await page.getByText(/^USD: 1 payment · paid/).waitFor(SERVER);
    await page.getByRole('rowheader', { name: centroBuyer }).first().waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: norteBuyer }).first().waitFor(SERVER);
    await shots(page, 'head-office-payments-norte');

    await page.getByLabel('Branch').selectOption({ label: 'Centro' });
    await page.getByRole('rowheader', { name: norteBuyer }).first().waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: centroBuyer }).first().waitFor(SERVER);

    await page.goto(`${journey.baseUrl}/admin-insights`);
    await page.getByLabel('Branch').waitFor(SERVER);
    expect(await page.getByLabel('Branch').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Centro', 'Norte']),
    );
  });
});
