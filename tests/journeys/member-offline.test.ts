/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, where navigator and window exist.
// Member journey of issue 6, part 3: My Classes offline. A member books a class, opens My
// Classes, and once the service worker (registered 30 s after start) is active the device loses
// its network and the page reloads: the app shell and the booked class are still there,
// read-only, under the app's offline notice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addDays,
  paths,
  startOfWeek,
  usableSpots,
  type SeatLayout,
  type StudioClass,
} from '@studio/core';
import { SERVER, offerAlreadyShown, screenshot, useJourney } from '../support/journey.ts';

const journey = useJourney();
const HOUR_MS = 60 * 60 * 1000;
const MEMBER = 'demo-member';

/** The earliest cycling class that can still be booked (it starts in more than an hour). */
async function nextCyclingClass(): Promise<[string, StudioClass]> {
  const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
  const upcoming = Object.entries(classes)
    .filter(([, c]) => c.exercise === 'cycling' && c.startsAt > Date.now() + HOUR_MS)
    .sort((a, b) => a[1].startsAt - b[1].startsAt);
  const first = upcoming[0];
  if (!first) throw new Error('the demo data has no cycling class to book');
  return first;
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
      await tab(page, 'My Profile').click();
      await page.getByText('Adjusted by the studio').waitFor(SERVER);
      // No photo: the initials stand in a round avatar.
      const avatar = page.locator('.avatar-initials');
      expect(await avatar.textContent()).toBe('MM');
      expect(await avatar.evaluate((element) => getComputedStyle(element).borderRadius)).toBe(
        '50%',
      );

      // Books the class from the schedule (no page reload: the 30 s before the service worker
      // registers run from the sign-in page's load).
      await tab(page, 'Reserve Class').click();
      if (cls.date > addDays(startOfWeek(Date.now()), 6)) {
        await page.getByRole('button', { name: 'Next week' }).click();
      }
      await page
        .locator(`section[aria-labelledby="day-${cls.date}"]`)
        .getByRole('button', { name: new RegExp(`${cls.hour}.*Cycling`) })
        .click();
      const detail = page.locator('.class-detail');
      await detail.getByRole('button', { name: 'Book the first free spot' }).click();
      const booked = await detail.locator('.outcome-ok').textContent(SERVER);
      const spot = /^Booked: spot (.+)\.$/.exec(booked ?? '')?.[1];
      expect(spot).toBeDefined();
      // The entry itself names the spot as the room does, and the class (decision 116).
      expect(await journey.read(paths.userClass(MEMBER, classId))).toMatchObject({
        status: 'booked',
        spotLabel: spot,
        title: cls.name ?? 'Cycling',
      });

      await tab(page, 'My Classes').click();
      await page.waitForURL(/\/tabs\/mis-compras\//);
      const upcoming = page.getByRole('region', { name: 'Upcoming classes' });
      const row = upcoming.getByRole('listitem').filter({ hasText: `${cls.date} ${cls.hour}` });
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

      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'My Classes' }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.getByText('You are offline').waitFor();
      await tab(page, 'Home').waitFor();
      const offlineRow = page
        .getByRole('region', { name: 'Upcoming classes' })
        .getByRole('listitem')
        .filter({ hasText: `${cls.date} ${cls.hour}` });
      // The row itself names the spot and the class: nothing else needs to be read offline.
      await offlineRow.waitFor();
      expect(await offlineRow.textContent()).toContain(`${cls.name ?? 'Cycling'} · Spot ${spot} ·`);
      expect(await offlineRow.textContent()).toContain('Booked');
      // Read-only: the list offers nothing that needs the server.
      expect(await page.locator('main').getByRole('button').count()).toBe(0);
      await screenshot(page, 'offline-my-classes.png');
    },
  );
});
