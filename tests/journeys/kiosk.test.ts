// The kiosk and the written waiver in a browser, on the local stack with the demo data: a member
// who has never signed the studio's written waiver checks in at `/kiosk` by name and the last four
// digits of their phone, signs there with a drawn signature, is checked in, and the roster shows
// them attended; a member who meets the 'FITNESS CLASS WAIVER' alert once a waiver is published
// presses ACCEPT and gets the signature form, whose signature closes the alert.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { StudioClass } from '@studio/core';
import {
  callAs,
  drawSignature,
  offerAlreadyShown,
  signedInPage,
  SERVER,
  until,
  useJourney,
} from '../support/journey.ts';
import { DEMO_PASSWORD } from '../../scripts/lib/seed.ts';

const journey = useJourney();
const ARRIVAL = { timeout: 60_000 };
const STEP_TIMEOUT = 300_000;
const HOUR = 60 * 60_000;
const PHONE = '+52 81 5555 0199';

const WAIVER = {
  en: 'I take part in the studio’s classes at my own risk. I am fit to exercise, I follow the coach, and I stop and tell the coach if I feel unwell.',
  es: 'Participo en las clases del estudio bajo mi propio riesgo. Estoy en condiciones de hacer ejercicio, sigo al coach y me detengo y le aviso si me siento mal.',
};

/** Where to keep pictures of the kiosk at tablet, phone and desk sizes (KIOSK_SHOTS=dir). */
const SHOTS = process.env['KIOSK_SHOTS'];
const SIZES = [
  { name: 'tablet-portrait', width: 820, height: 1180 },
  { name: 'tablet-landscape', width: 1180, height: 820 },
  { name: 'phone', width: 390, height: 860 },
  { name: 'desk', width: 1280, height: 860 },
];
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 820, height: 1180 };
  for (const { name: at, width, height } of SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${at}.png`) });
  }
  await page.setViewportSize(size);
}

async function writeAsOwner(where: string, value: unknown): Promise<void> {
  const { url } = journey.stack.database;
  const response = await fetch(`${url}/${where}.json?ns=${journey.stack.namespace}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(value),
  });
  expect(response.ok).toBe(true);
}

/** The next class that has not started, within a day, cancelled ones left out. */
async function nextClass(): Promise<[string, StudioClass]> {
  const classes = (await journey.read('Classes')) as Record<string, StudioClass>;
  const next = Object.entries(classes)
    .filter(([, cls]) => cls.startsAt > Date.now() + 15 * 60_000 && cls.status === 'scheduled')
    .sort(([, a], [, b]) => a.startsAt - b.startsAt)[0];
  if (!next) throw new Error('no upcoming demo class');
  expect(next[1].startsAt).toBeLessThan(Date.now() + 24 * HOUR);
  return next;
}

/** A demo member with no booking from ten hours ago to a day ahead: the check-in has one class. */
async function memberWithoutBookings(): Promise<{ uid: string; email: string }> {
  for (let n = 20; n >= 2; n -= 1) {
    const uid = `demo-member${n}`;
    const views = ((await journey.read(`UserClasses/${uid}`)) ?? {}) as Record<
      string,
      { startsAt?: number; status?: string }
    >;
    const near = Object.values(views).some(
      (view) =>
        typeof view.startsAt === 'number' &&
        view.startsAt > Date.now() - 10 * HOUR &&
        view.startsAt < Date.now() + 24 * HOUR,
    );
    if (!near) return { uid, email: `member${n}@demo.studio` };
  }
  throw new Error('every demo member has a booking near now');
}

describe('the kiosk and the written waiver', () => {
  it(
    'a member who never signed the written waiver signs it at the kiosk and is checked in',
    async () => {
      // Check-in opens a day ahead here, so the journey passes at any hour of the day.
      await writeAsOwner('Settings', { checkInOpensMinutes: 1440 });
      const [classId] = await nextClass();
      const member = await memberWithoutBookings();
      const name = (await journey.read(`Users/${member.uid}/Name`)) as string;
      await writeAsOwner(`Users/${member.uid}`, { Phone: PHONE });
      await writeAsOwner(`UserDirectory/${member.uid}`, {
        phone: PHONE,
        phoneKey: PHONE.replace(/\D/g, ''),
      });
      await callAs(journey, member.email, 'bookClass', { classId });
      // The studio writes its waiver after: the member has signed no version of it.
      await callAs(journey, 'admin@demo.studio', 'saveWaiver', { text: WAIVER });
      await until(
        () => journey.read(`Users/${member.uid}/Conditions`),
        (value) => value === false,
      );

      const context = await journey.browser.newContext({
        viewport: { width: 820, height: 1180 },
        hasTouch: true,
      });
      const desk = await context.newPage();
      await offerAlreadyShown(desk);
      await journey.signIn(desk, 'desk@demo.studio', DEMO_PASSWORD);
      await desk.goto(`${journey.baseUrl}/kiosk`);
      await desk.getByRole('heading', { level: 1, name: 'Check in' }).waitFor(ARRIVAL);
      await desk
        .getByRole('complementary', { name: 'Next classes' })
        .locator('li')
        .first()
        .waitFor(ARRIVAL);
      await shoot(desk, 'kiosk-home');

      await desk.getByRole('button', { name: /^Check in with my name/ }).click();
      await desk.getByLabel('Your name').fill(name.split(' ')[0] ?? name);
      await desk.getByLabel(/^Last 4 digits/).fill('0199');
      await shoot(desk, 'kiosk-by-name');
      await desk.getByRole('button', { name: 'Check in', exact: true }).click();
      await desk
        .getByText(`${name}, please sign the studio’s waiver before your first class.`)
        .waitFor(SERVER);
      await desk.getByText(WAIVER.en).waitFor();
      expect(await desk.getByLabel(/^Full name/).inputValue()).toBe(name);
      await drawSignature(desk);
      await shoot(desk, 'kiosk-waiver');
      await desk.getByRole('button', { name: 'Sign the waiver' }).click();
      await desk
        .getByRole('status')
        .filter({ hasText: `Welcome, ${name}!` })
        .waitFor(SERVER);
      await shoot(desk, 'kiosk-welcome');

      const signatures = (await journey.read(`WaiverSignatures/${member.uid}`)) as Record<
        string,
        { version: number; via: string; by: string; fullName: string; imageBytes: number }
      >;
      expect(Object.values(signatures)).toEqual([
        expect.objectContaining({ version: 1, via: 'kiosk', by: 'demo-desk', fullName: name }),
      ]);
      expect(Object.values(signatures)[0]?.imageBytes).toBeGreaterThan(64);
      expect(await journey.read(`ClassRoster/${classId}/bookings/${member.uid}`)).toMatchObject({
        attendance: 'attended',
        checkedInBy: 'demo-desk',
      });

      // A reload keeps the device on the kiosk; the desk's password lets it go.
      await desk.goto(`${journey.baseUrl}/admin-today`);
      await desk.waitForURL(/\/kiosk$/);
      await desk.getByRole('button', { name: 'Leave kiosk' }).click();
      await desk.getByLabel('Password').fill('not-the-password');
      await desk.getByRole('button', { name: 'Unlock' }).click();
      await desk.getByText('That password is not right.').waitFor(SERVER);
      await desk.getByLabel('Password').fill(DEMO_PASSWORD);
      await desk.getByRole('button', { name: 'Unlock' }).click();
      await desk.waitForURL(/\/admin-today$/, ARRIVAL);

      // The roster shows the member attended.
      await desk.goto(`${journey.baseUrl}/checador?class=${classId}`);
      await desk
        .getByRole('button', { name: `${name}: attended` })
        .and(desk.locator('[aria-pressed="true"]'))
        .waitFor(ARRIVAL);
      await context.close();
    },
    STEP_TIMEOUT,
  );

  it(
    "ACCEPT on the 'FITNESS CLASS WAIVER' alert opens the written waiver to be signed",
    async () => {
      const { version } = (await callAs(journey, 'admin@demo.studio', 'saveWaiver', {
        text: { en: `${WAIVER.en} Version two.`, es: `${WAIVER.es} Versión dos.` },
      })) as { version: number };
      await until(
        () => journey.read('Users/demo-member2/Conditions'),
        (value) => value === false,
      );
      const member = await signedInPage(journey, 'member2@demo.studio');
      const alert = member.getByRole('alertdialog', { name: 'FITNESS CLASS WAIVER' });
      await alert.getByRole('button', { name: 'ACCEPT' }).click();
      await alert.getByRole('button', { name: 'Sign the waiver' }).waitFor(SERVER);
      await alert.getByText(`${WAIVER.en} Version two.`).waitFor();
      await alert.getByRole('radio', { name: 'Español' }).check();
      await alert.getByText(`${WAIVER.es} Versión dos.`).waitFor();
      await drawSignature(member);
      await shoot(member, 'waiver-alert-signing');
      await alert.getByRole('button', { name: 'Sign the waiver' }).click();
      await alert.waitFor({ state: 'detached', ...SERVER });

      expect(await journey.read('Users/demo-member2/Conditions')).toBe(true);
      expect(await journey.read('Users/demo-member2/waiver/version')).toBe(version);
      const signatures = (await journey.read('WaiverSignatures/demo-member2')) as Record<
        string,
        { version: number; via: string; lang: string }
      >;
      expect(Object.values(signatures)).toEqual([
        expect.objectContaining({ version, via: 'app', lang: 'es' }),
      ]);

      // The admins' editor shows the version in force and offers the next.
      const admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-studio`);
      const editor = admin.getByRole('region', { name: 'The studio’s waiver' });
      await editor.getByText(`Version ${version}, published`, { exact: false }).waitFor(ARRIVAL);
      await editor.getByRole('button', { name: `Publish version ${version + 1}` }).waitFor();
      await editor.scrollIntoViewIfNeeded();
      await shoot(admin, 'admin-waiver-editor');
    },
    STEP_TIMEOUT,
  );
});
