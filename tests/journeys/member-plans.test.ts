// Plans in a browser on the local stack (docs/architecture/plans.md): a member buys the unlimited
// plan with a cap of one class a day through the sandbox's checkout, books a class, is refused a
// second the same day with the cap's message and books the next day; a member freezes their plan
// for 14 days from the profile, a booking inside is refused with the offer to end the freeze, ends
// it and books; an admin freezes every plan from admin-planes and the members get the mail
// (MailDev); a first-timer's intro offer is refused on a second try; a member opens Stripe's
// customer portal from the profile (the sandbox's portal page), switches to a dearer plan there,
// returns, and the profile shows the new plan (the webhook moved the membership).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, formatDate, paths } from '@studio/core';
import type { Membership, StudioClass } from '@studio/core';
import type { InboxMessage } from '../../scripts/lib/mail-inbox.ts';
import { DEMO_PLAN_IDS, demoPlans } from '../../scripts/lib/seed-plans.ts';
import {
  SERVER,
  callRawAs,
  openClass,
  signedInPage,
  until,
  useJourney,
} from '../support/journey.ts';

const journey = useJourney();
const STEP_TIMEOUT = 300_000;
const HOUR = 60 * 60 * 1000;
const PLANS = demoPlans();
const DAILY = PLANS[DEMO_PLAN_IDS.daily]!.name;
const INTRO = PLANS[DEMO_PLAN_IDS.intro]!.name;
const TWO_A_WEEK = PLANS[DEMO_PLAN_IDS.twoAWeek]!.name;

/** The cap of one class a day reached on the class's day (today or a later one), in either language. */
const CAP_OF_THE_DAY =
  /^(You have used your 1 class (today; next from tomorrow|that day; next from the day after)|Ya usaste tu clase (de hoy; la siguiente a partir de mañana|de ese día; la siguiente a partir del día siguiente))/;

async function write(path: string, value: unknown): Promise<void> {
  const response = await fetch(
    `${journey.stack.database.url}/${path}.json?ns=${journey.stack.namespace}`,
    { method: 'PUT', headers: { Authorization: 'Bearer owner' }, body: JSON.stringify(value) },
  );
  if (!response.ok) throw new Error(`writing ${path}: ${response.status}`);
}

/** A member who has spent every credit: only their plan can pay. */
async function spendCredits(uid: string): Promise<void> {
  await write(paths.userField(uid, 'credits-list'), null);
  await write(paths.userField(uid, 'Credits'), 0);
}

async function membership(uid: string): Promise<Membership | null> {
  return (await journey.read(paths.membership(uid))) as Membership | null;
}

/** Buy Credits → the plan's card → the sandbox's hosted checkout → paid → the plan is running. */
async function buyPlan(page: Page, uid: string, name: string): Promise<void> {
  await page.goto(`${journey.baseUrl}/tabs/paquetes/0`);
  await page.getByRole('button', { name: new RegExp(`^(Choose|Elegir) ${name}$`) }).click();
  // The checkout opens, or the app says why not (the step then reports it).
  const refusal = page.locator('.plan-list-error');
  await page.waitForURL(/\/checkout\/cs_[^/]+$/, SERVER).catch(async (error: unknown) => {
    if ((await refusal.count()) > 0)
      throw new Error(`checkout refused: ${await refusal.textContent()}`);
    throw error;
  });
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/tabs\/gracias-compra\?session_id=cs_/, SERVER);
  await until(
    () => membership(uid),
    (held) => held?.status === 'active',
  );
}

/**
 * The demo classes of two days in a row, both inside the booking window and out of the
 * cancellation window: the first day's morning and evening classes, the second day's morning.
 */
async function twoDays(): Promise<{ first: StudioClass[]; next: StudioClass }> {
  const classes = Object.values(
    (await journey.read(paths.classes())) as Record<string, StudioClass>,
  ).filter((c) => c.status !== 'cancelled');
  const on = (date: string) =>
    classes.filter((c) => c.date === date).sort((a, b) => a.startsAt - b.startsAt);
  for (let ahead = 1; ahead < 5; ahead++) {
    const date = addDays(formatDate(Date.now()), ahead);
    const first = on(date).filter((c) => c.startsAt > Date.now() + 13 * HOUR);
    const next = on(addDays(date, 1))[0];
    if (first.length >= 2 && next && next.startsAt < Date.now() + 6 * 24 * HOUR)
      return { first, next };
  }
  throw new Error('no two demo days with classes in the booking window');
}

const EXERCISE_NAMES: Readonly<Record<string, string>> = {
  cycling: 'Cycling',
  yoga: 'Yoga',
  hiit: 'HIIT',
};

/**
 * Opens the class, picks the first free spot, waits for the payment line to say `line` when given
 * (how the booking would be paid, shown once a spot is chosen), books, and returns what the
 * outcome line said.
 */
async function book(
  page: Page,
  cls: StudioClass,
  line?: RegExp,
): Promise<{ detail: Locator; said: string }> {
  const detail = await openClass(journey, page, cls, EXERCISE_NAMES[cls.exercise] ?? cls.exercise);
  // A free spot can be picked once the roster has answered (until then the map is disabled; on a
  // loaded machine that takes longer than a click's own wait).
  const free = detail
    .getByRole('button', { name: /^(Spot|Lugar) \S+, (free|libre)$/, disabled: false })
    .first();
  await free.waitFor(SERVER);
  const label = /^(?:Spot|Lugar) (\S+),/.exec((await free.getAttribute('aria-label')) ?? '')?.[1];
  await free.click();
  if (line) await detail.locator('.payment-line').filter({ hasText: line }).waitFor(SERVER);
  await detail
    .getByRole('button', { name: new RegExp(`^(Book spot|Reservar lugar) ${label}$`) })
    .click();
  const outcome = detail.locator('.outcome-ok, .outcome-error');
  await outcome.waitFor(SERVER);
  return { detail, said: (await outcome.textContent()) ?? '' };
}

async function closeSheet(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.class-detail').waitFor({ state: 'detached' });
}

async function inbox(): Promise<InboxMessage[]> {
  const response = await fetch(`http://127.0.0.1:${journey.stack.ports.mailInbox}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

beforeAll(async () => {
  await journey.warm(['createCheckoutSession', 'bookClass', 'freezeMembership', 'endFreeze']);
  await journey.warm(['bulkFreeze', 'createPortalSession']);
  // The webhook refuses an unsigned body (400); the call only loads its worker.
  await fetch(journey.stack.functionUrl('stripeWebhook'), {
    method: 'POST',
    body: '{}',
    signal: AbortSignal.timeout(150_000),
  }).catch(() => undefined);
}, STEP_TIMEOUT);

describe('plans in the browser', () => {
  it(
    'an unlimited plan capped at one class a day: one booked, a second refused, the next day booked',
    { timeout: STEP_TIMEOUT },
    async () => {
      const uid = 'demo-member3';
      await spendCredits(uid);
      const page = await signedInPage(journey, 'member3@demo.studio');
      await buyPlan(page, uid, DAILY);
      const { first, next } = await twoDays();

      const morning = await book(page, first[0]!);
      expect(morning.said).toMatch(/^(Booked|Reservado)/);
      await closeSheet(page);

      // The sheet says why before the member tries; the server refuses with the same words.
      const refused = await book(page, first[1]!, CAP_OF_THE_DAY);
      expect(refused.said).toMatch(CAP_OF_THE_DAY);
      await closeSheet(page);

      const tomorrow = await book(page, next);
      expect(tomorrow.said).toMatch(/^(Booked|Reservado)/);
      const records = Object.values(
        ((await journey.read(paths.userField(uid, 'booking-credits'))) ?? {}) as Record<
          string,
          { plan?: { planId: string } }
        >,
      );
      expect(records.filter((r) => r.plan?.planId === DEMO_PLAN_IDS.daily)).toHaveLength(2);
      expect(await journey.read(paths.userField(uid, 'Credits'))).toBe(0);
    },
  );

  it(
    'a 14-day freeze refuses a booking inside it; ending the freeze early lets the member book',
    { timeout: STEP_TIMEOUT },
    async () => {
      const uid = 'demo-member4';
      await spendCredits(uid);
      const page = await signedInPage(journey, 'member4@demo.studio');
      await buyPlan(page, uid, DAILY);

      await page.goto(`${journey.baseUrl}/tabs/profile-user/${uid}`);
      await page.getByRole('button', { name: /^(Freeze my plan|Congelar mi plan)$/ }).click();
      const dialog = page.getByRole('dialog', { name: /^(Freeze your plan|Congela tu plan)$/ });
      await dialog.getByRole('button', { name: /^(Freeze for|Congelar por) 14 / }).click();
      const frozen = await until(
        () => membership(uid),
        (held) => held?.frozenUntil !== undefined,
      );
      expect((frozen?.frozenUntil ?? 0) - Date.now()).toBeGreaterThan(13 * 24 * HOUR);

      const { first } = await twoDays();
      const cls = first[0]!;
      const inside = await book(
        page,
        cls,
        /^(Your plan is frozen until|Tu plan está congelado hasta)/,
      );
      expect(inside.said).toMatch(/^(Your plan is frozen until|Tu plan está congelado hasta)/);
      await inside.detail
        .getByRole('button', { name: /^(End freeze now|Terminar la congelación)$/ })
        .click();
      await until(
        () => membership(uid),
        (held) => held?.frozenUntil === undefined || held.frozenUntil <= Date.now(),
      );
      await inside.detail
        .locator('.payment-line')
        .filter({ hasText: new RegExp(`(Paid by your plan|Pagado con tu plan): ${DAILY}`) })
        .waitFor(SERVER);
      await closeSheet(page);
      const after = await book(page, cls);
      expect(after.said).toMatch(/^(Booked|Reservado)/);
    },
  );

  it(
    'an admin freezes every plan from admin-planes and each member gets the mail',
    { timeout: STEP_TIMEOUT },
    async () => {
      const page = await signedInPage(journey, 'admin@demo.studio');
      await page.goto(`${journey.baseUrl}/admin-planes`);
      const bulk = page.getByRole('region', {
        name: /^(Freeze every plan|Congelar todos los planes)$/,
      });
      const today = formatDate(Date.now());
      await bulk.getByLabel(/^(Until|Hasta)/).fill(addDays(today, 10));
      const reason = 'Closed for the floor renovation';
      await bulk.getByLabel(/^(Reason members read|Motivo)/).fill(reason);
      await bulk.getByRole('button', { name: /^(Freeze plans|Congelar planes)$/ }).click();
      await bulk.getByRole('button', { name: /^(Yes, freeze plans|Sí, congelar planes)$/ }).click();
      await bulk
        .getByRole('status')
        .filter({ hasText: /^2 (plans frozen|planes congelados)/ })
        .waitFor(SERVER);

      // The two members with a running plan are frozen and mailed, with the studio's reason.
      for (const [uid, email] of [
        ['demo-member3', 'member3@demo.studio'],
        ['demo-member4', 'member4@demo.studio'],
      ] as const) {
        const held = await membership(uid);
        expect(held?.frozenUntil).toBeGreaterThan(Date.now());
        const mail = await until(inbox, (all) =>
          all.some(
            (m) =>
              m.to.some((to) => to.address === email) &&
              (m.text ?? '').includes(reason) &&
              m.subject.includes(DAILY),
          ),
        );
        expect(mail.length).toBeGreaterThan(0);
      }
      // The freezes list shows them.
      const freezes = page.getByRole('region', { name: /^(Freezes|Congelaciones)$/ });
      await freezes.getByRole('row').nth(2).waitFor(SERVER);
    },
  );

  it(
    'a first-timer’s intro offer: bought once, refused on a second try',
    { timeout: STEP_TIMEOUT },
    async () => {
      const uid = 'demo-member5';
      const page = await signedInPage(journey, 'member5@demo.studio');
      await buyPlan(page, uid, INTRO);
      // A second try (the app no longer offers plans to a member who holds one): refused.
      const second = await callRawAs(journey, 'member5@demo.studio', 'createCheckoutSession', {
        kind: 'plan',
        planId: DEMO_PLAN_IDS.intro,
        successUrl: `${journey.baseUrl}/tabs/gracias-compra`,
        cancelUrl: `${journey.baseUrl}/tabs/paquetes/0`,
      });
      expect(second.status).toBe(400);
      expect(JSON.stringify(second.body)).toContain('introAlreadyUsed');
    },
  );

  it(
    'a member switches to a dearer plan in Stripe’s customer portal and the profile shows it',
    { timeout: STEP_TIMEOUT },
    async () => {
      const uid = 'demo-member6';
      const page = await signedInPage(journey, 'member6@demo.studio');
      await buyPlan(page, uid, TWO_A_WEEK);
      const bought = await membership(uid);

      await page.goto(`${journey.baseUrl}/tabs/profile-user/${uid}`);
      const panel = page.locator('.membership-panel');
      await panel.locator('.membership-name').filter({ hasText: TWO_A_WEEK }).waitFor(SERVER);
      await page
        .getByRole('button', { name: /^(Manage subscription|Administrar suscripción)$/ })
        .click();
      await page.waitForURL(/\/portal\/bps_[^/]+$/, SERVER);

      // The portal offers the studio's other plans (not the intro offer), each saying when it applies.
      const choice = page.getByRole('listitem').filter({ hasText: DAILY });
      await choice.getByText('Starts now; the rest of this period is prorated.').waitFor(SERVER);
      expect(await page.getByRole('button', { name: `Switch to ${INTRO}` }).count()).toBe(0);
      await choice.getByRole('button', { name: `Switch to ${DAILY}` }).click();
      await page.waitForURL(/\/portal\/bps_[^/]+$/, SERVER);
      await page.getByRole('heading', { name: new RegExp(`^${DAILY}`) }).waitFor(SERVER);

      await page.getByRole('link', { name: 'Return to the app' }).click();
      await page.waitForURL(new RegExp(`/tabs/profile-user/${uid}$`), SERVER);
      await panel.locator('.membership-name').filter({ hasText: DAILY }).waitFor(SERVER);
      const switched = await until(
        () => membership(uid),
        (held) => held?.planId === DEMO_PLAN_IDS.daily,
      );
      // The same subscription, now on the unlimited plan's terms.
      expect(switched).toMatchObject({
        id: bought?.id,
        status: 'active',
        terms: { kind: 'unlimited', dailyCap: 1 },
      });
      expect(switched?.pendingChange).toBeUndefined();
    },
  );
});
