// Head office and branch managers, on the demo chain (Centro and Norte on two database
// instances): the chain admin makes an account the admin of Norte from its member sheet; that
// manager's payments (a card checkout at Norte, their desk's cash sale), insights, members,
// classes and menu hold Norte's only, and a chain screen tells them it is the chain admins'; the
// chain admin sees every branch's payments and members and filters them by branch
// (docs/architecture/roles-and-rules.md#branch-managers, docs/decisions/175-member-home-branch.md).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { paths } from '@studio/core';
import type { Package } from '@studio/core';
import { rollUpInsights } from '../../functions/src/handlers/insights/roll-up-insights.ts';
import { CHAIN_BRANCH_ID } from '../../scripts/lib/seed-chain.ts';
import { adminDatabase, closeAll } from '../support/database.ts';
import { SERVER, callAs, signedInPage, until, useJourney } from '../support/journey.ts';

const journey = useJourney({ chain: true });
const STEP = { timeout: 240_000 };
const MANAGER = { uid: 'demo-member19', email: 'member19@demo.studio' };
const NORTE_BUYER = { uid: 'demo-member18', email: 'member18@demo.studio' };
const CENTRO_BUYER = { uid: 'demo-member17', email: 'member17@demo.studio' };
/** Buys a pack for cash at Norte's desk, from the manager. */
const DESK_BUYER = { uid: 'demo-member16', email: 'member16@demo.studio' };
/** With SHOTS_DIR set, the manager's and the head office's screens at a phone's and a laptop's width. */
const SHOTS_DIR = process.env['SHOTS_DIR'];

async function shots(page: Page, name: string, focus?: Locator): Promise<void> {
  if (SHOTS_DIR === undefined) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  // The steps after go on at the width they started at (the phone's menu button).
  if (before) await page.setViewportSize(before);
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
let deskBuyer = '';

beforeAll(async () => {
  await journey.warm(['createCheckoutSession', 'setUserRole', 'sumPayments', 'recordCashSale']);
  await buyAt(NORTE_BUYER.email, CHAIN_BRANCH_ID);
  await buyAt(CENTRO_BUYER.email, 'centro');
  norteBuyer = (await journey.read(paths.userField(NORTE_BUYER.uid, 'Name'))) as string;
  centroBuyer = (await journey.read(paths.userField(CENTRO_BUYER.uid, 'Name'))) as string;
  deskBuyer = (await journey.read(paths.userField(DESK_BUYER.uid, 'Name'))) as string;
  // Norte's buyer registered at Norte's site (its home), Centro's at Centro's; then the nightly
  // rollup as tomorrow's run does it: each branch's members list.
  const db = adminDatabase(journey.stack.ports.database, journey.stack.namespace);
  await db.ref().update({
    [paths.userField(NORTE_BUYER.uid, 'homeBranch')]: CHAIN_BRANCH_ID,
    [paths.userField(CENTRO_BUYER.uid, 'homeBranch')]: 'centro',
  });
  await rollUpInsights({ db, now: () => Date.now() + 24 * 3600_000 });
}, 300_000);

afterAll(async () => {
  await closeAll();
});

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
      // Their desk sells a pack for cash: the payment names Norte.
      const packages = (await journey.read('Packages')) as Record<string, Package>;
      const [packageId, pack] = Object.entries(packages).find(
        ([, item]) => item.active && item.kind === 'credits',
      ) ?? ['', undefined];
      if (pack === undefined) throw new Error('no demo credit pack');
      const { paymentId } = (await callAs(journey, MANAGER.email, 'recordCashSale', {
        uid: DESK_BUYER.uid,
        kind: 'credits',
        packageId,
        amount: pack.price,
        requestId: 'norte-desk-1',
      })) as { paymentId: string };
      expect(await journey.read(paths.payment(paymentId))).toMatchObject({
        branch: CHAIN_BRANCH_ID,
        method: 'cash',
      });

      const page = await signedInPage(journey, MANAGER.email);
      await page.goto(`${journey.baseUrl}/lista-pagos`);
      await page.getByText('Norte: the payments made at your branch.').waitFor(SERVER);
      await page.getByRole('rowheader', { name: norteBuyer }).first().waitFor(SERVER);
      await page.getByRole('rowheader', { name: deskBuyer }).first().waitFor(SERVER);
      // The checkout and the cash sale (one currency, or one each).
      await page
        .getByText(/^[A-Z]{3}: (1 payment|2 payments) · paid/)
        .first()
        .waitFor(SERVER);
      expect(await page.getByRole('rowheader', { name: centroBuyer }).count()).toBe(0);
      expect(await page.getByLabel('Branch', { exact: true }).count()).toBe(0);
      await shots(page, 'branch-manager-payments');

      await page.goto(`${journey.baseUrl}/admin-insights`);
      await page
        .getByText(/^Norte: the classes of your branch and the payments made at it\./)
        .waitFor(SERVER);
      expect(await page.getByLabel('Branch', { exact: true }).count()).toBe(0);
      await shots(page, 'branch-manager-insights');

      // The menu (a drawer on the phone, opened as the manager would): the desk's work and their
      // branch's money and figures, not the chain's.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Side menu' });
      await menu.getByRole('link', { name: 'Insights' }).waitFor(SERVER);
      await shots(page, 'branch-manager-menu');
      expect(await menu.getByRole('link', { name: 'Admin packages' }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: 'Admin Classes' }).count()).toBe(1);
      expect(await menu.getByRole('link', { name: 'Admin Users' }).count()).toBe(1);

      // Their branch's members: Norte's home member, not Centro's; no member sheet.
      await page.goto(`${journey.baseUrl}/all-users`);
      await page.getByText(/^Norte: the members whose home is your branch/).waitFor(SERVER);
      await page.getByRole('rowheader', { name: norteBuyer }).waitFor(SERVER);
      expect(await page.getByRole('rowheader', { name: centroBuyer }).count()).toBe(0);
      expect(
        await page.getByRole('button', { name: `Open ${norteBuyer}`, exact: true }).count(),
      ).toBe(0);
      await shots(page, 'branch-manager-members');

      // Their branch's classes, and no other branch to choose.
      await page.goto(`${journey.baseUrl}/admin-clases`);
      const branch = page.getByLabel('Branch', { exact: true });
      await branch.waitFor(SERVER);
      await expect
        .poll(() => branch.locator('option').allTextContents(), { timeout: 30_000 })
        .toEqual(['Norte']);
      await shots(page, 'branch-manager-classes');

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

    await page.getByLabel('Branch', { exact: true }).selectOption({ label: 'Norte' });
    await page
      .getByText(/^[A-Z]{3}: (1 payment|2 payments) · paid/)
      .first()
      .waitFor(SERVER);
    await page.getByRole('rowheader', { name: centroBuyer }).first().waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: norteBuyer }).first().waitFor(SERVER);
    await shots(page, 'head-office-payments-norte');

    await page.getByLabel('Branch', { exact: true }).selectOption({ label: 'Centro' });
    await page.getByRole('rowheader', { name: norteBuyer }).first().waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: centroBuyer }).first().waitFor(SERVER);

    await page.goto(`${journey.baseUrl}/admin-insights`);
    await page.getByLabel('Branch', { exact: true }).waitFor(SERVER);
    expect(
      await page.getByLabel('Branch', { exact: true }).locator('option').allTextContents(),
    ).toEqual(expect.arrayContaining(['Centro', 'Norte']));

    // Every branch's members, and one branch's by its home and visits.
    await page.goto(`${journey.baseUrl}/all-users`);
    await page
      .getByRole('button', { name: /^Open / })
      .first()
      .waitFor(SERVER);
    await page.getByLabel('Branch', { exact: true }).selectOption({ label: 'Norte' });
    const row = page.getByRole('row').filter({ hasText: norteBuyer });
    await row.getByText(/^Home/).waitFor(SERVER);
    expect(
      await page.getByRole('button', { name: `Open ${centroBuyer}`, exact: true }).count(),
    ).toBe(0);
    await shots(page, 'head-office-members-norte');
  });
});
