// The front desk in a browser, on the local stack with the demo data: a member's pass is read by
// the checador's scanner through a fake camera (Chromium playing a video of the QR code this test
// draws) and the roster shows them checked in; the front desk is refused the admins' money
// screens; a coach opens another coach's class and reads no roster.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { StudioClass } from '@studio/core';
import { launchBrowser } from '../support/browser.ts';
import { fakeCameraArgs, writeQrVideo } from '../support/fake-camera.ts';
import { callAs, offerAlreadyShown, signedInPage, SERVER, useJourney } from '../support/journey.ts';
import { DEMO_PASSWORD } from '../../scripts/lib/seed.ts';

const journey = useJourney();
const ARRIVAL = { timeout: 60_000 };
const STEP_TIMEOUT = 240_000;
const MEMBER_UID = 'demo-member';
const MEMBER_NAME = 'Mariana López';
const COACH_ID = 'carlos';
const HOUR = 60 * 60_000;

/** Where to keep pictures of the screens at a phone's and a desk's width (FRONT_DESK_SHOTS=dir). */
const SHOTS = process.env['FRONT_DESK_SHOTS'];
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 860 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

let cameraBrowser: Browser | undefined;
let folder = '';
afterAll(async () => {
  await cameraBrowser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function writeAsOwner(where: string, value: unknown): Promise<void> {
  const { url } = journey.stack.database;
  const response = await fetch(`${url}/${where}.json?ns=${journey.stack.namespace}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(value),
  });
  expect(response.ok).toBe(true);
}

/** The next classes that have not started, soonest first. */
async function upcomingClasses(): Promise<[string, StudioClass][]> {
  const classes = (await journey.read('Classes')) as Record<string, StudioClass>;
  return Object.entries(classes)
    .filter(([, cls]) => cls.startsAt > Date.now() + 15 * 60_000 && cls.status === 'scheduled')
    .sort(([, a], [, b]) => a.startsAt - b.startsAt);
}

describe('the front desk', () => {
  it(
    "scans a member's pass on the checador and the roster shows them checked in",
    async () => {
      // Check-in opens a day ahead here, so the journey passes at any hour of the day.
      await writeAsOwner('Settings/checkInOpensMinutes', 1440);
      const [classId, cls] = (await upcomingClasses())[0] ?? [];
      if (!classId || !cls) throw new Error('no upcoming demo class');
      expect(cls.startsAt).toBeLessThan(Date.now() + 24 * HOUR);
      await callAs(journey, 'member@demo.studio', 'bookClass', { classId });

      // The member's pass as their profile shows it: the QR code's text.
      const member = await signedInPage(journey, 'member@demo.studio');
      await member.goto(`${journey.baseUrl}/tabs/profile-user/${MEMBER_UID}`);
      await member.getByRole('img', { name: 'QR code of your studio pass' }).waitFor(SERVER);
      await shoot(member, 'member-pass');
      const pass = (await journey.read(`Users/${MEMBER_UID}/pass/code`)) as string;
      expect(pass).toMatch(/^SP1\.demo-member\./);

      folder = await mkdtemp(path.join(tmpdir(), 'front-desk-'));
      const video = path.join(folder, 'pass.y4m');
      await writeQrVideo(pass, video);
      cameraBrowser = await launchBrowser(fakeCameraArgs(video));
      const context = await cameraBrowser.newContext({
        viewport: { width: 1280, height: 860 },
        permissions: ['camera'],
      });
      const desk = await context.newPage();
      await offerAlreadyShown(desk);
      await journey.signIn(desk, 'desk@demo.studio', DEMO_PASSWORD);
      await desk.goto(`${journey.baseUrl}/checador?class=${classId}`);
      await desk.getByText('Booked 1 · Attended 0 · No-show 0 · Not marked 1').waitFor(ARRIVAL);
      await desk.getByRole('button', { name: 'Scan passes' }).click();
      await desk
        .getByRole('status')
        .filter({ hasText: `${MEMBER_NAME} is checked in` })
        .waitFor(SERVER);
      await desk.getByText('Booked 1 · Attended 1 · No-show 0 · Not marked 0').waitFor(ARRIVAL);
      await shoot(desk, 'checador-scan');
      await desk
        .getByRole('button', { name: `${MEMBER_NAME}: attended` })
        .and(desk.locator('[aria-pressed="true"]'))
        .waitFor(ARRIVAL);
      expect(await journey.read(`ClassRoster/${classId}/bookings/${MEMBER_UID}`)).toMatchObject({
        attendance: 'attended',
        checkedInBy: 'demo-desk',
      });

      // The same pass again: already checked in, said plainly, nothing changes.
      await desk.getByRole('button', { name: 'Stop the camera' }).click();
      await desk.getByRole('button', { name: 'Scan passes' }).click();
      await desk
        .getByRole('alert')
        .filter({ hasText: `${MEMBER_NAME} is already checked in` })
        .waitFor(SERVER);
      await context.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'cannot open insights, the payment list or prices',
    async () => {
      const desk = await signedInPage(journey, 'desk@demo.studio');
      for (const [route, title] of [
        ['admin-insights', 'Insights'],
        ['admin-precios', 'Admin packages'],
        ['lista-pagos', 'Payment list'],
      ] as const) {
        await desk.goto(`${journey.baseUrl}/${route}`);
        await desk.getByRole('heading', { level: 1, name: title }).waitFor(ARRIVAL);
        await desk.getByRole('alert').filter({ hasText: 'for the studio’s admins' }).waitFor();
        if (route === 'admin-insights') await shoot(desk, 'admins-only');
      }
      const menu = await desk.locator('nav').allInnerTexts();
      expect(menu.join(' ')).not.toMatch(/Insights|Admin packages|Payment list/);
    },
    STEP_TIMEOUT,
  );

  it(
    "a coach cannot read another coach's roster",
    async () => {
      const [classId, cls] =
        (await upcomingClasses()).find(([, entry]) => entry.coach !== COACH_ID) ?? [];
      if (!classId || !cls) throw new Error('no upcoming class of another coach');
      const coach = await signedInPage(journey, 'coach@demo.studio');
      await coach.goto(`${journey.baseUrl}/checador?class=${classId}`);
      await coach
        .getByRole('alert')
        .filter({ hasText: 'This list is for the coach of this class.' })
        .waitFor(ARRIVAL);
      expect(await coach.getByRole('button', { name: 'Scan passes' }).count()).toBe(0);

      // The database itself refuses the coach's token.
      const signIn = await fetch(
        `http://127.0.0.1:${journey.stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email: 'coach@demo.studio',
            password: DEMO_PASSWORD,
            returnSecureToken: true,
          }),
        },
      );
      const { idToken } = (await signIn.json()) as { idToken: string };
      const { url } = journey.stack.database;
      const read = (id: string) =>
        fetch(`${url}/ClassRoster/${id}.json?ns=${journey.stack.namespace}&auth=${idToken}`);
      expect((await read(classId)).status).toBe(401);
      const own = (await upcomingClasses()).find(([, entry]) => entry.coach === COACH_ID);
      if (!own) throw new Error('no upcoming class of the coach');
      expect((await read(own[0])).status).toBe(200);
    },
    STEP_TIMEOUT,
  );
});
