/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, where navigator and window exist.
// Member journey, part 3: My Classes offline. A member books a class, opens My
// Classes, and once the service worker (registered 30 s after start) is active the device loses
// its network and the page reloads: the app shell and the booked class are still there,
// read-only, under the app's offline notice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  dayLabel,
  formatDate,
  DEFAULT_SETTINGS,
  paths,
  usableSpots,
  type DateString,
  type SeatLayout,
  type StudioClass,
} from '@studio/core';
import { SERVER, offerAlreadyShown, useJourney } from '../support/journey.ts';

const journey = useJourney();
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MEMBER = 'demo-member';

/**
 * The earliest cycling class that stays bookable and upcoming for the whole journey, whatever
 * the time of day: it starts more than an hour from now (the journey takes minutes; My Classes
 * lists it under "Upcoming" after the reload) and booking for it is already open (the window
 * opens `bookingWindowDays` before the start). The demo data has one every day at 07:00 studio
 * time for two weeks, so one always qualifies, today or tomorrow.
 */
async function nextCyclingClass(): Promise<[string, StudioClass]> {
  const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
  const now = Date.now();
  const bookable = Object.entries(classes)
    .filter(
      ([, c]) =>
        c.exercise === 'cycling' &&
        c.status === 'scheduled' &&
        c.startsAt > now + HOUR_MS &&
        c.startsAt < now + DEFAULT_SETTINGS.bookingWindowDays * DAY_MS - HOUR_MS,
    )
    .sort((a, b) => a[1].startsAt - b[1].startsAt);
  const first = bookable[0];
  if (!first) throw new Error('the demo data has no cycling class to book');
  return first;
}

/**
 * Moves the schedule on until it shows the seven days holding `date`. The schedule counts its
 * pages from its own clock when the page opened (today and the six days after it), so this
 * reads which days the page shows instead of guessing from the clock here: a run around
 * midnight in Monterrey, or a class on the next page, both work.
 */
async function showWeekOf(page: Page, date: DateString): Promise<void> {
  const shown = page.getByText(/^Week of /);
  const day = page.locator(`.week section[aria-labelledby="day-${date}"]`);
  for (let step = 0; step <= 2; step++) {
    await page.locator('.week section.day').first().waitFor();
    if ((await day.count()) > 0) return;
    const before = await shown.textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => shown.textContent()).not.toBe(before);
  }
  throw new Error(`the schedule never showed ${date}`);
}

/** Spot `label` of the tab bar, for the checks that nothing covers it. */
function tab(page: Page, label: string) {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: label });
}

beforeAll(() => journey.warm(['bookClass']), 240_000);

describe('a member offline', () => {
  it(
    'still sees the app and the booked class, read-only, after reloading without a network',
    { timeout: 300_000 },
    async () => {
      const [classId, cls] = await nextCyclingClass();
      const page = await journey.newPage();
      await offerAlreadyShown(page);
      await journey.signIn(page, 'member@demo.studio');

      // The demo data: the cycling room has as many bikes as its name says, and the demo
      // credits are named in the member's history.
      const layout = (await journey.read(paths.seatLayout(cls.layout!))) as SeatLayout;
      expect(layout.name).toContain(`(${usableSpots(layout).length} bikes)`);
      await tab(page, 'Profile').click();
      await page.getByText('Adjusted by the studio').waitFor(SERVER);
      // No photo: the initials of the member's first two names stand in a round avatar.
      const name = (await journey.read(paths.userField(MEMBER, 'Name'))) as string;
      const initials = name
        .split(/\s+/)
        .slice(0, 2)
        .map((word) => word.charAt(0).toLocaleUpperCase())
        .join('');
      expect(initials).toMatch(/^\p{Lu}{2}$/u);
      const avatar = page.locator('.avatar-initials');
      expect(await avatar.textContent()).toBe(initials);
      expect(await avatar.evaluate((element) => getComputedStyle(element).borderRadius)).toBe(
        '50%',
      );

      // Books the class from the schedule (no page reload: the 30 s before the service worker
      // registers run from the sign-in page's load).
      await tab(page, 'Schedule').click();
      await showWeekOf(page, cls.date);
      await page
        .locator(`section[aria-labelledby="day-${cls.date}"]`)
        .getByRole('button', { name: new RegExp(`^${cls.hour}.*${cls.name ?? 'Cycling'}`) })
        .click();
      const detail = page.locator('.class-detail');
      await detail.getByRole('button', { name: 'Book the first free spot' }).click();
      const booked = await detail.locator('.outcome-ok').textContent(SERVER);
      const spot = /^Booked: spot (.+)\.$/.exec(booked ?? '')?.[1];
      expect(spot).toBeDefined();
      // The entry itself names the spot as the room does, and the class
      // (docs/architecture/booking.md#views).
      expect(await journey.read(paths.userClass(MEMBER, classId))).toMatchObject({
        status: 'booked',
        spotLabel: spot,
        title: cls.name ?? 'Cycling',
      });

      // The class sheet is modal: closed first, as a member would.
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      await tab(page, 'My Classes').click();
      await page.waitForURL(/\/tabs\/mis-compras\//);
      const upcoming = page.getByRole('region', { name: 'Upcoming classes' });
      // The row says its day in words, as the member reads it ("Tomorrow · 07:00"; a later day
      // its weekday, with the date for readers).
      const when = `${dayLabel(cls.date, 'en', formatDate(Date.now()))} · ${cls.hour}`;
      const row = upcoming.getByRole('listitem').filter({ hasText: when });
      await row.getByText(`Spot ${spot}`, { exact: false }).waitFor(SERVER);

      // The worker is registered 30 s after start and precaches the app before it activates.
      const state = await page.evaluate(async () => {
        const worker = (await navigator.serviceWorker.ready).active;
        // `ready` resolves while the worker is still activating.
        if (worker?.state === 'activating') {
          await new Promise((resolve) => worker.addEventListener('statechange', resolve));
        }
        return worker?.state;
      });
      expect(state).toBe('activated');
      // It says so once, above the tab bar and not over it, and the note goes by itself.
      const note = page.getByRole('status').filter({ hasText: 'ready to work offline' });
      await note.waitFor();
      const noteBox = await note.boundingBox();
      const tabBox = await page.getByRole('navigation', { name: 'Sections' }).boundingBox();
      expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(tabBox!.y + 1);
      await note.waitFor({ state: 'detached', timeout: 30_000 });

      // The device loses its network but keeps claiming one, as Debian's Chromium did after
      // this reload on 2026-11-25 and as a phone in a tunnel does: the app must tell from what
      // it sees (the database does not connect), not from navigator.onLine.
      await page.context().addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true });
      });
      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'My Classes' }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      await page.getByText('You are offline').waitFor();
      await tab(page, 'Home').waitFor();
      const offlineRow = page
        .getByRole('region', { name: 'Upcoming classes' })
        .getByRole('listitem')
        .filter({ hasText: when });
      // The row itself names the spot and the class: nothing else needs to be read offline.
      await offlineRow.waitFor();
      expect(await offlineRow.textContent()).toContain(`${cls.name ?? 'Cycling'} · Spot ${spot} ·`);
      expect(await offlineRow.textContent()).toContain('Booked');
      // Read-only: the list offers nothing that needs the server.
      expect(await page.locator('main').getByRole('button').count()).toBe(0);
    },
  );
});
