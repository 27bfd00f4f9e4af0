/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, where window and localStorage exist.
// Member journeys, part 1: what a visitor sees before having credits. A guest
// browses the week schedule and a class, fills the cart and is asked to sign in to pay; a new
// person registers, meets the FITNESS CLASS WAIVER, cannot book until accepting it, and accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  dayLabel,
  formatDate,
  paths,
  usableSpots,
  weekRange,
  type SeatLayout,
  type StudioClass,
} from '@studio/core';
import { DEMO_PASSWORD } from '../../scripts/lib/seed.ts';
import { callRawAs as callAs, offerAlreadyShown, useJourney } from '../support/journey.ts';

const journey = useJourney();

/** The classes of the seven days the schedule shows from `first` on. */
function classesOfPage(all: Record<string, StudioClass>, first: string) {
  const last = addDays(first, 6);
  return Object.entries(all).filter(([, cls]) => cls.date >= first && cls.date <= last);
}

beforeAll(() => journey.warm(['bookClass']), 300_000);

describe('a guest', () => {
  it('is first shown the start page index.html paints, which the app then takes over', async () => {
    const page = await journey.newPage();
    await offerAlreadyShown(page);
    // Each largest paint as Chromium reports it, while its element is still in the page.
    await page.addInitScript(() => {
      const seen: { inPaintedHome: boolean; inApp: boolean; cover: boolean }[] = [];
      Object.assign(window, { largestPaints: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const element = (entry as PerformanceEntry & { element: Element | null }).element;
          seen.push({
            // index.html's frame is hidden from assistive technology; the app's is not.
            inPaintedHome: element?.closest('.app[aria-hidden="true"] section.home') != null,
            inApp: element?.closest('main#main') != null,
            cover: element?.classList.contains('home-cover-picture') === true,
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // The app's entry script is held back until index.html's page has been painted, as on a
    // slow phone; on a fast one the app may simply be first.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${journey.baseUrl}/tabs/inicio`, { waitUntil: 'commit' });
    // index.html's copy is hidden from assistive technology (the app's replaces it).
    const staticHeading = page.locator('[aria-hidden="true"] h2', { hasText: 'Quick links' });
    await staticHeading.waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const paintsOf = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              largestPaints: { inPaintedHome: boolean; inApp: boolean; cover: boolean }[];
            }
          ).largestPaints,
      );
    // A first visit keeps no branding: index.html reads the studio itself and draws its cover,
    // the largest paint, before any of the app's code ran.
    const staticCover = page.locator('[aria-hidden="true"] img.home-cover-picture');
    await expect
      .poll(() => staticCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await paintsOf()).at(-1))
      .toEqual({ inPaintedHome: true, inApp: false, cover: true });
    const staticBox = await staticHeading.boundingBox();

    release();
    // React's page: its heading lives in the app's <main id="main">, index.html's does not.
    const appHeading = page.locator('main#main').getByRole('heading', { name: 'Quick links' });
    await appHeading.waitFor();
    // The app draws its heading where index.html drew it, at its size: nothing moves.
    const appBox = await appHeading.boundingBox();
    expect(Math.abs(appBox!.y - staticBox!.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(appBox!.height - staticBox!.height)).toBeLessThanOrEqual(2);
    expect(await page.locator('h2', { hasText: 'Quick links' }).count()).toBe(1);
  });

  it(
    'browses the week schedule and a class, fills the cart, is asked to sign in to pay and is brought back to the cart',
    { timeout: 180_000 },
    async () => {
      const page = await journey.newPage();
      await offerAlreadyShown(page);
      await page.goto(journey.baseUrl);
      await page.waitForURL(/\/tabs\/inicio$/);
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      // A guest gets a random KeyTemporal once and UID is the text null.
      // The session starts right after the first render (the deferred shell chunk,
      // docs/architecture/web-app.md#first-route-and-the-deferred-shell).
      const stored = (key: string) => page.evaluate((name) => localStorage.getItem(name), key);
      await expect.poll(() => stored('UID'), { timeout: 20_000 }).toBe('null');
      expect(await stored('KeyTemporal')).toMatch(/^[0-9a-f-]{16,}$/);

      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Side menu' });
      await menu.getByRole('link', { name: 'Reserve Class' }).waitFor();
      expect(await menu.getByText('V.2.8').isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'Payment list' }).count()).toBe(0);
      await menu.getByRole('link', { name: 'Reserve Class' }).click();

      await page.waitForURL(/\/tabs\/calendario\/choose\/user$/);
      const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
      // The schedule opens on today and the six days after it.
      const start = formatDate(Date.now());
      const thisWeek = classesOfPage(classes, start);
      // The days read as people write them ("Week of 29 Nov – 5 Dec"; another year's names it).
      const week = weekRange(start, addDays(start, 6), 'en', formatDate(Date.now()));
      await page.getByText(`Week of ${week}`, { exact: true }).waitFor();
      const items = page.locator('.week .class-item');
      await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(thisWeek.length);

      // The class-type filter keeps only that exercise's classes of the week.
      await page.getByLabel('Class type').selectOption({ label: 'Yoga' });
      const yoga = thisWeek.filter(([, cls]) => cls.exercise === 'yoga');
      await expect.poll(() => items.count()).toBe(yoga.length);
      await page.getByLabel('Class type').selectOption({ label: 'All' });

      // The next seven days are downloaded when the guest moves to them.
      await page.getByRole('button', { name: 'Next week' }).click();
      const nextWeek = classesOfPage(classes, addDays(start, 7));
      await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(nextWeek.length);
      const [firstId, first] = nextWeek.sort((a, b) => a[1].startsAt - b[1].startsAt)[0]!;
      await page
        .locator(`section[aria-labelledby="day-${first.date}"]`)
        .getByRole('button', { name: new RegExp(first.hour) })
        .first()
        .click();
      const detail = page.locator('.class-detail');
      const today = formatDate(Date.now());
      await detail.getByText(`${dayLabel(first.date, 'en', today)} · ${first.hour}–`).waitFor();
      const spots = detail.getByRole('group', { name: 'Spot map' }).getByRole('button');
      // Every usable spot of the room is drawn (a class's capacity may be below the room's).
      const layout = (await journey.read(paths.seatLayout(first.layout!))) as SeatLayout;
      await expect.poll(() => spots.count(), { timeout: 20_000 }).toBe(usableSpots(layout).length);
      // A guest sees the room but cannot pick a spot; booking starts with signing in.
      expect(await spots.first().isDisabled()).toBe(true);
      expect(await detail.getByRole('link', { name: 'Sign in to book' }).isVisible()).toBe(true);
      expect(await journey.read(paths.classRoster(firstId))).toBeNull();

      // The cart lives in memory, so the guest moves through the app's own tabs (the class
      // sheet is modal: closed first).
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Buy Credits' })
        .click();
      await page.waitForURL(/\/tabs\/paquetes\/0$/);
      await page.getByRole('button', { name: 'Add to cart: 5 classes' }).click();
      // The cart is the header's icon, named with its count.
      await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
      await page.waitForURL(/\/tabs\/cart$/);
      const cart = page.locator('.cart');
      await cart.getByText('5 classes').waitFor();
      expect(await cart.getByText('$65').first().isVisible()).toBe(true);
      await cart.getByRole('link', { name: 'Sign in to pay' }).click();
      await page.waitForURL(/\/login\?next=%2Ftabs%2Fcart$/);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      // Nothing was bought or reserved by browsing.
      expect(await journey.read(paths.payments())).toBeNull();
      // Signing in leads back to the cart, still holding what the guest chose
      // (docs/architecture/web-app.md#reading-live-data).
      await page.getByLabel(/^Email/).fill('member@demo.studio');
      await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/tabs\/cart$/, { timeout: 30_000 });
      await cart.getByText('5 classes').waitFor();
      expect(await cart.getByRole('link', { name: 'Sign in to pay' }).count()).toBe(0);
    },
  );
});

describe('a new person', () => {
  it(
    'registers, is shown the waiver, cannot book before accepting it, and accepts it',
    { timeout: 180_000 },
    async () => {
      const email = `newcomer-${Date.now()}@example.test`;
      const page = await journey.newPage();
      await offerAlreadyShown(page);
      await page.goto(`${journey.baseUrl}/registro`);
      await page.getByLabel('Name').fill('Nora Newcomer');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/tabs\/inicio$/, { timeout: 30_000 });

      // The session records the account once Auth reports it (its layer starts after the page's
      // first paint), a moment after the app has moved to home.
      const storedUid = () => page.evaluate(() => localStorage.getItem('UID'));
      await expect.poll(storedUid, { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{20,}$/);
      const uid = await storedUid();
      const waiver = page.getByRole('alertdialog', { name: 'FITNESS CLASS WAIVER' });
      await waiver.waitFor({ timeout: 30_000 });
      const user = (await journey.read(paths.user(uid!))) as Record<string, unknown>;
      expect(user).toMatchObject({ Name: 'Nora Newcomer', Email: email });
      // The admins' member directory lists the newcomer by name, whichever of the
      // registration and the account trigger lands first.
      await expect
        .poll(() => journey.read(paths.userDirectoryEntry(uid!)), { timeout: 30_000 })
        .toMatchObject({ name: 'Nora Newcomer', nameKey: 'nora newcomer', role: 'member' });
      expect(user.Conditions).not.toBe(true);

      // Before accepting, the booking callable refuses and nothing is reserved.
      const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
      const [openId] = Object.entries(classes)
        .filter(([, cls]) => cls.startsAt > Date.now() + 2 * 60 * 60 * 1000)
        .sort((a, b) => a[1].startsAt - b[1].startsAt)[0]!;
      const refused = await callAs(journey, email, 'bookClass', { classId: openId });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { status: 'FAILED_PRECONDITION', details: { messageKey: 'waiverNotAccepted' } },
      });
      expect(await journey.read(paths.userClasses(uid!))).toBeNull();
      expect(await journey.read(paths.classRoster(openId))).toBeNull();

      await waiver.getByRole('button', { name: 'ACCEPT' }).click();
      await waiver.waitFor({ state: 'detached' });
      await expect.poll(() => journey.read(`${paths.user(uid!)}/Conditions`)).toBe(true);
      expect(typeof (await journey.read(`${paths.user(uid!)}/ConditionsAt`))).toBe('number');

      // With the waiver accepted, the refusal is about credits, which a newcomer has none of.
      const afterwards = await callAs(journey, email, 'bookClass', { classId: openId });
      expect(afterwards.body).toMatchObject({
        error: { details: { messageKey: 'noUsableCredit' } },
      });
      // The alert does not come back once accepted: after a reload the details load again (3 s
      // after start, re-caching NameUser), and no waiver shows.
      await page.evaluate(() => localStorage.removeItem('NameUser'));
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('NameUser')), { timeout: 20_000 })
        .toBe('Nora Newcomer');
      expect(await page.getByRole('alertdialog').count()).toBe(0);
    },
  );
});
