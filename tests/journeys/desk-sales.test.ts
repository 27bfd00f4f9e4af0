// Sales at the front desk in a browser, on the local stack with the demo data: the desk finds a
// member, sells them a pack for cash, and the sale is in the admins' payment list and, once the
// nightly rollup has run, in the insights' revenue; the desk then gives the cash back and the
// credits go with it.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { dropInPackage, money, paths } from '@studio/core';
import type { Package, Payment, StudioClass } from '@studio/core';
import { adminDatabase, closeAll } from '../support/database.ts';
import {
  callAs,
  drawSignature,
  signedInPage,
  SERVER,
  until,
  useJourney,
} from '../support/journey.ts';
import type { InboxMessage } from '../../scripts/lib/mail-inbox.ts';
import { rollUpInsights } from '../../functions/src/handlers/insights/roll-up-insights.ts';

const journey = useJourney();
const ARRIVAL = { timeout: 60_000 };
const STEP_TIMEOUT = 300_000;
const MEMBER_UID = 'demo-member';
const MEMBER_NAME = 'Mariana López';
const DESK_UID = 'demo-desk';
const DAY = 24 * 60 * 60_000;

afterAll(closeAll);

/** Where to keep pictures of the screens at a phone's and a desk's width (DESK_SALES_SHOTS=dir). */
const SHOTS = process.env['DESK_SALES_SHOTS'];
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 860 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** A member's payments, read as an admin would (the `uid` index). */
async function memberPaymentsOf(uid: string): Promise<Record<string, Payment>> {
  const { url } = journey.stack.database;
  const query = `orderBy=${encodeURIComponent('"uid"')}&equalTo=${encodeURIComponent(`"${uid}"`)}`;
  const response = await fetch(`${url}/Payments.json?ns=${journey.stack.namespace}&${query}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return ((await response.json()) ?? {}) as Record<string, Payment>;
}

/** Today's revenue as the rollup stored it, summed over the kinds: gross and refunded cents. */
async function todaysRevenue(today: string): Promise<{ gross: number; refunded: number }> {
  const byKind = ((await journey.read(`${paths.insightsDay(today)}/revenue/byKind`)) ??
    {}) as Record<string, { gross?: number; refunded?: number }>;
  return Object.values(byKind).reduce<{ gross: number; refunded: number }>(
    (sum, figures) => ({
      gross: sum.gross + (figures.gross ?? 0),
      refunded: sum.refunded + (figures.refunded ?? 0),
    }),
    { gross: 0, refunded: 0 },
  );
}

/** The nightly rollup as tomorrow's run would do it, so today's payments are in. */
async function rollUpToday(): Promise<void> {
  const db = adminDatabase(journey.stack.ports.database, journey.stack.namespace);
  const tomorrow = Date.now() + DAY;
  await rollUpInsights({ db, now: () => tomorrow });
}

/** The demo's pack of class credits the desk sells (the cheapest active one of several). */
async function demoPack(): Promise<[string, Package]> {
  const packages = (await journey.read('Packages')) as Record<string, Package>;
  const found = Object.entries(packages)
    .filter(([, pack]) => pack.active && pack.kind === 'credits' && pack.credits > 1)
    .sort(([, a], [, b]) => a.price - b.price)[0];
  if (!found) throw new Error('no demo credit pack');
  return found;
}

const WAIVER = {
  en: 'I take part in the studio’s classes at my own risk. I am fit to exercise and I follow the coach.',
  es: 'Participo en las clases del estudio bajo mi propio riesgo. Estoy en condiciones de hacer ejercicio y sigo al coach.',
};

/** A one-pixel PNG: the desk's own signature, given over the callable. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The next class that has not started and has a seat left. */
async function nextOpenClass(): Promise<[string, StudioClass]> {
  const classes = (await journey.read('Classes')) as Record<string, StudioClass>;
  const found = Object.entries(classes)
    .filter(
      ([, cls]) =>
        cls.status === 'scheduled' &&
        cls.startsAt > Date.now() + 15 * 60_000 &&
        cls.bookedCount < cls.capacity,
    )
    .sort(([, a], [, b]) => a.startsAt - b.startsAt)[0];
  if (!found) throw new Error('no upcoming demo class with a seat');
  return found;
}

/** The mails MailDev holds for `address`. */
async function mailsTo(address: string): Promise<InboxMessage[]> {
  const response = await fetch(`http://127.0.0.1:${journey.stack.ports.mailInbox}/api/email`);
  const mails = (await response.json()) as InboxMessage[];
  return mails.filter((mail) => mail.to.some((to) => to.address === address));
}

describe('sales at the front desk', () => {
  let soldId = '';
  let soldPack: Package | undefined;

  it(
    'sells a pack for cash, counted in the payment list and the insights',
    async () => {
      const [packId, pack] = await demoPack();
      soldPack = pack;
      const price = money(pack.price, pack.currency, 'en');
      const settings = (await journey.read('Settings')) as { timeZone?: string } | null;
      const today = new Intl.DateTimeFormat('en-CA', {
        timeZone: settings?.timeZone ?? 'America/Monterrey',
      }).format(new Date());
      await rollUpToday();
      const before = await todaysRevenue(today);
      const creditsBefore = (await journey.read(`Users/${MEMBER_UID}/Credits`)) as number;

      const desk = await signedInPage(journey, 'desk@demo.studio');
      await desk.setViewportSize({ width: 1280, height: 900 });
      // From the front desk's menu.
      await desk.goto(`${journey.baseUrl}/admin-today`);
      await desk.getByRole('link', { name: 'Sell at the desk' }).first().click();
      await desk.getByRole('heading', { level: 1, name: 'Sell at the desk' }).waitFor(ARRIVAL);
      await desk.getByLabel('Find a member').fill('Mariana');
      await desk.getByRole('button', { name: `Choose ${MEMBER_NAME}` }).click(ARRIVAL);
      await desk.getByRole('radio', { name: new RegExp(pack.name) }).check();
      await shoot(desk, 'desk-sale');
      await desk.getByRole('button', { name: `Record ${price} in cash` }).click();
      await desk
        .getByRole('status')
        .filter({ hasText: `Sold ${pack.name} to ${MEMBER_NAME} for ${price} in cash.` })
        .waitFor(SERVER);
      await desk
        .getByRole('region', { name: 'Their desk sales' })
        .getByText(`${pack.name} · ${price}`, { exact: false })
        .waitFor(ARRIVAL);
      await shoot(desk, 'desk-sale-done');

      // A Payments record with method cash, taken by the desk, audited; the credits granted.
      const payments = await memberPaymentsOf(MEMBER_UID);
      const sold = Object.entries(payments).find(
        ([, payment]) => payment.method === 'cash' && payment.items[0]?.id === packId,
      );
      if (!sold) throw new Error('no cash payment recorded');
      soldId = sold[0];
      expect(sold[1]).toMatchObject({
        status: 'paid',
        amount: pack.price,
        takenBy: DESK_UID,
        credits: { kind: 'regular', count: pack.credits },
      });
      expect(await journey.read(paths.auditEntry(`sale-${soldId}`))).toMatchObject({
        action: 'recordCashSale',
        by: DESK_UID,
      });
      await until(
        () => journey.read(`Users/${MEMBER_UID}/Credits`) as Promise<number>,
        (credits) => credits === creditsBefore + pack.credits,
      );

      // The admins' payment list shows it as cash at the desk.
      const admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.goto(`${journey.baseUrl}/lista-pagos`);
      await admin
        .getByRole('row')
        .filter({ hasText: MEMBER_NAME })
        .filter({ hasText: 'Cash at the desk' })
        .filter({ hasText: price })
        .first()
        .waitFor(ARRIVAL);

      // The rollup counts it in today's revenue, and insights shows that day's net revenue.
      await rollUpToday();
      const after = await todaysRevenue(today);
      expect(after.gross - before.gross).toBe(pack.price);
      await admin.goto(`${journey.baseUrl}/admin-insights`);
      await admin.getByLabel('From', { exact: true }).fill(today);
      await admin.getByLabel('To', { exact: true }).fill(today);
      const net = new Intl.NumberFormat('en', { style: 'currency', currency: pack.currency });
      await admin
        .locator('.insights-figure')
        .filter({ has: admin.getByText('Net revenue', { exact: true }) })
        .getByText(net.format((after.gross - after.refunded) / 100), { exact: true })
        .waitFor(ARRIVAL);
    },
    STEP_TIMEOUT,
  );

  it(
    'gives the cash back, taking the unused credits with it',
    async () => {
      if (!soldId || !soldPack) throw new Error('the sale above did not happen');
      const pack = soldPack;
      const price = money(pack.price, pack.currency, 'en');
      const creditsBefore = (await journey.read(`Users/${MEMBER_UID}/Credits`)) as number;
      const desk = await signedInPage(journey, 'desk@demo.studio');
      await desk.setViewportSize({ width: 1280, height: 900 });
      await desk.goto(`${journey.baseUrl}/desk-sale`);
      await desk.getByLabel('Find a member').fill('Mariana');
      await desk.getByRole('button', { name: `Choose ${MEMBER_NAME}` }).click(ARRIVAL);
      await desk
        .getByRole('region', { name: 'Their desk sales' })
        .getByRole('button', { name: `Refund ${pack.name}` })
        .first()
        .click(ARRIVAL);
      await desk
        .getByRole('dialog')
        .getByLabel(/Reason/)
        .fill('Bought the wrong pack');
      await shoot(desk, 'desk-refund');
      await desk.getByRole('button', { name: `Refund ${price}` }).click();
      await desk
        .getByRole('status')
        .filter({ hasText: `Refunded ${price} to ${MEMBER_NAME}.` })
        .waitFor(SERVER);
      expect(await journey.read(paths.payment(soldId))).toMatchObject({
        status: 'refunded',
        amountRefunded: pack.price,
        refundedBy: DESK_UID,
        refundReason: 'Bought the wrong pack',
      });
      await until(
        () => journey.read(`Users/${MEMBER_UID}/Credits`) as Promise<number>,
        (credits) => credits === creditsBefore - pack.credits,
      );
      await desk
        .getByRole('region', { name: 'Their desk sales' })
        .getByText('Refunded', { exact: true })
        .first()
        .waitFor(ARRIVAL);
    },
    STEP_TIMEOUT,
  );

  it(
    'adds someone new to a class: an account, the waiver signed, a drop-in paid, on the roster',
    async () => {
      const { version } = (await callAs(journey, 'admin@demo.studio', 'saveWaiver', {
        text: WAIVER,
      })) as { version: number };
      // A new version asks everyone again, the desk's own account too: it signs its own first.
      await callAs(journey, 'desk@demo.studio', 'signWaiver', {
        version,
        fullName: 'Front Desk',
        lang: 'en',
        signature: `data:image/png;base64,${TINY_PNG}`,
      });
      const [classId, cls] = await nextOpenClass();
      const packages = (await journey.read('Packages')) as Record<string, Package>;
      const dropIn = dropInPackage(packages, cls.creditKind);
      if (!dropIn) throw new Error('the demo sells no single class');
      const price = money(dropIn.pack.price, dropIn.pack.currency, 'en');
      const name = 'Lucía Paso';
      const email = 'lucia.paso@walk.in';
      const desk = await signedInPage(journey, 'desk@demo.studio');
      await desk.setViewportSize({ width: 1280, height: 900 });
      await desk.goto(`${journey.baseUrl}/checador?class=${classId}`);
      await desk.getByRole('button', { name: 'Add to class' }).click(ARRIVAL);
      const dialog = desk.getByRole('dialog', { name: 'Add to class' });
      await dialog.getByRole('radio', { name: 'Someone new' }).check();
      await dialog.getByLabel('Full name').fill(name);
      await dialog.getByLabel('E-mail').fill(email);
      await dialog.getByLabel('Phone').fill('+52 81 5555 0142');
      await dialog.getByRole('radio', { name: 'Drop-in (cash)' }).check();
      await dialog.getByText(`Cash received: ${price}`).waitFor(ARRIVAL);
      await shoot(desk, 'desk-add-walk-in');
      await dialog.getByRole('button', { name: 'Add to the class' }).click();

      // Someone new signs the studio's waiver on the desk's screen first.
      await desk.getByRole('heading', { name: 'FITNESS CLASS WAIVER' }).waitFor(ARRIVAL);
      await drawSignature(desk);
      await desk.getByRole('button', { name: 'Sign the waiver' }).click();
      await desk
        .getByRole('status')
        .filter({ hasText: `${name} is booked in this class · ${price} in cash.` })
        .waitFor(SERVER);
      await desk.locator('.checador-members').getByText(name, { exact: true }).waitFor(ARRIVAL);
      await shoot(desk, 'desk-add-done');

      const bookings = (await journey.read(`ClassRoster/${classId}/bookings`)) as Record<
        string,
        { via?: string }
      >;
      const uid = Object.entries(bookings).find(
        ([id, booking]) => id.startsWith('walkin-') && booking.via === 'desk',
      )?.[0];
      if (!uid) throw new Error('no walk-in on the roster');
      expect(await journey.read(`Users/${uid}/Email`)).toBe(email);
      expect(await journey.read(`Users/${uid}/Conditions`)).toBe(true);
      expect(Object.values(await memberPaymentsOf(uid)).map((payment) => payment.method)).toEqual([
        'cash',
      ]);
      // The invitation: the welcome mail, to set a password.
      await until(
        () => mailsTo(email),
        (mails) => mails.length > 0,
      );
    },
    STEP_TIMEOUT,
  );
});
