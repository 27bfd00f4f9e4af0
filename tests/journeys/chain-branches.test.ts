// Chain journey: the demo studio as `npm start` seeds it, two branches on two database instances
// (Centro in the default one, Norte in `demo-studio-norte`, an emulator namespace). A member books
// a class at each branch from the schedule with one balance; My Classes lists both; the coach and
// the admin open Norte's class list, which the app reads from Norte's instance
// (docs/scaling.md#a-chain-of-studios).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dayLabel, formatDate, paths, type StudioClass } from '@studio/core';
import {
  CHAIN_BRANCH_ID,
  CHAIN_INSTANCE,
  describeInstances,
} from '../../scripts/lib/seed-chain.ts';
import { SERVER, openClass, signedInPage, useJourney } from '../support/journey.ts';

const journey = useJourney({ chain: true });
const MEMBER = 'demo-member';
const MEMBER_NAME = 'Mariana López';
const STEP = { timeout: 240_000 };

/** The soonest cycling class outside the 12 h cancellation window and inside the booking one. */
function soonestCycling(classes: Record<string, StudioClass>): [string, StudioClass] {
  const hour = 60 * 60 * 1000;
  const found = Object.entries(classes)
    .filter(
      ([, cls]) =>
        cls.exercise === 'cycling' &&
        cls.startsAt > Date.now() + 13 * hour &&
        cls.startsAt < Date.now() + 6 * 24 * hour,
    )
    .sort(([, a], [, b]) => a.startsAt - b.startsAt)[0];
  if (!found) throw new Error('no cycling class in the booking window');
  return found;
}

/** Books the first free spot of the open class sheet and returns the spot it says. */
async function bookFirstFree(detail: Locator): Promise<string> {
  await detail.getByRole('button', { name: 'Book the first free spot' }).click();
  const booked = await detail.locator('.outcome-ok').textContent(SERVER);
  const spot = /^Booked: spot (.+)\.$/.exec(booked ?? '')?.[1];
  if (spot === undefined) throw new Error(`not booked: ${booked}`);
  return spot;
}

async function closeSheet(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.class-detail').waitFor({ state: 'detached' });
}

let centroId = '';
let centro: StudioClass;
let norteId = '';
let norte: StudioClass;

beforeAll(async () => {
  [centroId, centro] = soonestCycling(
    (await journey.read(paths.classes())) as Record<string, StudioClass>,
  );
  [norteId, norte] = soonestCycling(
    (await journey.read(paths.classes(), CHAIN_INSTANCE)) as Record<string, StudioClass>,
  );
  await journey.warm(['bookClass']);
}, 240_000);

describe('a chain of two branches on two database instances', () => {
  it('keeps Norte’s classes in its own instance, found through ClassBranches', async () => {
    expect(await journey.read(paths.branch(CHAIN_BRANCH_ID))).toMatchObject({
      name: 'Norte',
      databaseInstance: CHAIN_INSTANCE,
    });
    expect(norte.branch).toBe(CHAIN_BRANCH_ID);
    expect(await journey.read(paths.classBranch(norteId))).toBe(CHAIN_BRANCH_ID);
    expect(await journey.read(paths.class(norteId))).toBeNull();
    expect(centro.branch).toBe('centro');
    // What `npm start` prints: each instance's namespace and whose classes it holds.
    const printed = await describeInstances(journey.stack.database.url, journey.stack.namespace);
    expect(printed.split('\n').map((line) => line.trim().split(/\s{2,}/))).toEqual([
      [journey.stack.namespace, 'members, credits, catalogue; classes of Centro'],
      [CHAIN_INSTANCE, 'classes of Norte'],
    ]);
  });

  it(
    'a member books at both branches with one balance, and My Classes lists both',
    STEP,
    async () => {
      const page = await signedInPage(journey, 'member@demo.studio');
      expect(await journey.read(paths.userField(MEMBER, 'Credits'))).toBe(10);

      const centroSpot = await bookFirstFree(await openClass(journey, page, centro, 'Cycling'));
      await closeSheet(page);
      const detail = await openClass(journey, page, norte, 'Cycling');
      // The sheet names the branch; its spots and booking come from Norte's instance.
      await detail.getByText('Norte').first().waitFor();
      const norteSpot = await bookFirstFree(detail);
      await detail.getByRole('button', { name: `Spot ${norteSpot}, yours` }).waitFor(SERVER);
      await closeSheet(page);

      // One balance, in the default instance: a credit for each class.
      await expect.poll(() => journey.read(paths.userField(MEMBER, 'Credits'))).toBe(8);
      // Each booking lives with its class.
      expect(await journey.read(paths.userClass(MEMBER, centroId))).toMatchObject({
        status: 'booked',
        spotLabel: centroSpot,
      });
      expect(await journey.read(paths.userClass(MEMBER, norteId), CHAIN_INSTANCE)).toMatchObject({
        status: 'booked',
        spotLabel: norteSpot,
      });
      expect(await journey.read(paths.userClass(MEMBER, norteId))).toBeNull();
      expect(
        await journey.read(`${paths.classRoster(norteId)}/bookings/${MEMBER}`, CHAIN_INSTANCE),
      ).toMatchObject({ uid: MEMBER });

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'My Classes' })
        .click();
      const upcoming = page.getByRole('region', { name: 'Upcoming classes' });
      const today = formatDate(Date.now());
      for (const [cls, spot] of [
        [centro, centroSpot],
        [norte, norteSpot],
      ] as const) {
        await upcoming
          .getByRole('listitem')
          .filter({ hasText: `${dayLabel(cls.date, 'en', today)} · ${cls.hour}` })
          .getByText(`Spot ${spot}`, { exact: false })
          .waitFor(SERVER);
      }
    },
  );

  it('the coach and the admin open Norte’s class list and see the member', STEP, async () => {
    const coach = await signedInPage(journey, 'coach@demo.studio');
    await coach.goto(`${journey.baseUrl}/admin-lists-class`);
    await coach.getByLabel('Date', { exact: true }).fill(norte.date);
    await coach
      .getByRole('region', { name: 'My classes' })
      .getByRole('link', { name: `Open the list of Cycling at ${norte.hour}` })
      .click(SERVER);
    await coach.waitForURL(new RegExp(`/user-list-class/${norte.date}/.+/${norteId}/`));
    await coach.getByRole('row').filter({ hasText: MEMBER_NAME }).waitFor(SERVER);

    const admin = await signedInPage(journey, 'admin@demo.studio');
    await admin.goto(`${journey.baseUrl}/admin-lists-class`);
    await admin.getByLabel('Date', { exact: true }).fill(norte.date);
    await admin
      .getByRole('link', { name: `Open the list of Cycling at ${norte.hour}` })
      .click(SERVER);
    await admin.waitForURL(new RegExp(`/user-list-class/${norte.date}/.+/${norteId}/`));
    await admin.getByRole('row').filter({ hasText: MEMBER_NAME }).waitFor(SERVER);
  });
});
