// Coach lists in a browser, on the local stack with the demo data: an admin creates a
// seat layout in admin-spot (places a spot on the grid with the keyboard and names it) and it is
// saved; a member books the coach's next class; the coach opens admin-lists-class, sees the
// member and their spot in the class list (user-list-class), marks them attended in the
// checador, and the database holds the mark; the audit log shows the layout change, and the
// coach's attendance mark with who made it and the mark before and after.
import { describe, expect, it } from 'vitest';
import type { SeatLayout, StudioClass } from '@studio/core';
import { callAs, signedInPage, useJourney } from '../support/journey.ts';

const journey = useJourney();
/** A callable's effect on screen (a cold Functions worker takes seconds on a busy machine). */
const ARRIVAL = { timeout: 60_000 };
const STEP_TIMEOUT = 180_000;
const MEMBER_UID = 'demo-member';
const MEMBER_NAME = 'Mariana López';
const COACH_ID = 'carlos';
const LAYOUT_NAME = 'Journey room';

/** Owner write, for the one studio setting this journey needs. */
async function writeAsOwner(path: string, value: unknown): Promise<void> {
  const { url } = journey.stack.database;
  const response = await fetch(`${url}/${path}.json?ns=${journey.stack.namespace}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(value),
  });
  expect(response.ok).toBe(true);
}

/** Reads `path` until `accept` takes its value (the functions write after the callable answers). */
async function readUntil(path: string, accept: (value: unknown) => boolean): Promise<unknown> {
  let value = await journey.read(path);
  for (let tries = 0; tries < 60 && !accept(value); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    value = await journey.read(path);
  }
  return value;
}

describe('an admin edits a layout; a coach lists a class and takes attendance', () => {
  let layoutId = '';
  let classId = '';
  let booked: StudioClass | undefined;
  let spotLabel = '';

  it(
    'an admin creates a seat layout with a named spot placed by keyboard, and it is saved',
    async () => {
      const admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-spot`);
      await admin.getByText('Studio (12 mats) · 12 spots').waitFor(ARRIVAL);
      await admin.getByRole('button', { name: 'New layout' }).click();
      await admin.getByLabel('Layout name').fill(LAYOUT_NAME);
      const first = admin.getByRole('gridcell', { name: 'Empty cell, row 1, column 1' });
      await first.focus();
      await admin.keyboard.press('ArrowRight');
      await admin.keyboard.press('Enter');
      await admin.getByLabel('Spot name').fill('P1');
      await admin.getByRole('gridcell', { name: 'Spot P1, row 1, column 2' }).waitFor();
      await admin.getByRole('button', { name: 'Save layout' }).click();
      await admin.getByRole('status').filter({ hasText: 'Layout saved.' }).waitFor(ARRIVAL);
      await admin.getByText(`${LAYOUT_NAME} · 1 spots`).waitFor(ARRIVAL);

      const layouts = (await journey.read('SeatLayouts')) as Record<string, SeatLayout>;
      const saved = Object.entries(layouts).find(([, layout]) => layout.name === LAYOUT_NAME);
      expect(saved).toBeDefined();
      layoutId = saved?.[0] ?? '';
      expect(Object.values(saved?.[1].spots ?? {})).toEqual([
        { id: 's1', label: 'P1', row: 0, col: 1 },
      ]);
    },
    STEP_TIMEOUT,
  );

  it(
    "a member books the coach's next class",
    async () => {
      // Check-in opens a day ahead here, so the journey passes at any hour of the day.
      await writeAsOwner('Settings/checkInOpensMinutes', 1440);
      const classes = (await journey.read('Classes')) as Record<string, StudioClass>;
      const upcoming = Object.entries(classes)
        .filter(([, cls]) => cls.coach === COACH_ID && cls.startsAt > Date.now() + 10 * 60_000)
        .sort(([, a], [, b]) => a.startsAt - b.startsAt);
      const next = upcoming[0];
      expect(next).toBeDefined();
      [classId, booked] = next ?? ['', undefined];

      const result = (await callAs(journey, 'member@demo.studio', 'bookClass', { classId })) as {
        spot: string;
      };
      const layout = (await journey.read(`SeatLayouts/${booked?.layout}`)) as SeatLayout;
      spotLabel = layout.spots[result.spot]?.label ?? '';
      expect(spotLabel).not.toBe('');
      const booking = await readUntil(
        `ClassRoster/${classId}/bookings/${MEMBER_UID}`,
        (value) => typeof value === 'object' && value !== null && 'creditId' in value,
      );
      expect(booking).toMatchObject({ uid: MEMBER_UID, spot: result.spot });
    },
    STEP_TIMEOUT,
  );

  it(
    'the coach opens admin-lists-class and sees the member and their spot in the class list',
    async () => {
      if (!booked) throw new Error('no class was booked');
      const cls = booked;
      const coach = await signedInPage(journey, 'coach@demo.studio');
      await coach.goto(`${journey.baseUrl}/admin-lists-class`);
      await coach.getByRole('heading', { name: 'User Class Lists' }).waitFor(ARRIVAL);
      await coach.getByLabel('Date', { exact: true }).fill(cls.date);
      const mine = coach.getByRole('region', { name: 'My classes' });
      const exerciseName = cls.exercise === 'hiit' ? 'HIIT' : 'Cycling';
      await mine
        .getByRole('link', { name: `Open the list of ${exerciseName} at ${cls.hour}` })
        .click(ARRIVAL);
      await coach.waitForURL(new RegExp(`/user-list-class/${cls.date}/.+/${classId}/`));
      const row = coach.getByRole('row').filter({ hasText: MEMBER_NAME });
      await row.waitFor(ARRIVAL);
      expect(await row.locator('td').allTextContents()).toEqual([
        spotLabel,
        MEMBER_NAME,
        'Not marked',
      ]);
      await coach.getByText('Nobody is waiting.').waitFor();

      await coach.getByRole('link', { name: 'Take attendance' }).click();
      await coach.waitForURL(/\/checador\?class=/);
      await coach.getByText('Booked 1 · Attended 0 · No-show 0 · Not marked 1').waitFor(ARRIVAL);
      await coach.getByRole('button', { name: `${MEMBER_NAME}: attended` }).click();
      await coach
        .getByRole('status')
        .filter({ hasText: `${MEMBER_NAME} marked Attended.` })
        .waitFor(ARRIVAL);
      await coach.getByText('Booked 1 · Attended 1 · No-show 0 · Not marked 0').waitFor(ARRIVAL);

      expect(await journey.read(`ClassRoster/${classId}/bookings/${MEMBER_UID}`)).toMatchObject({
        attendance: 'attended',
        checkedInBy: 'demo-coach',
      });
      expect(await journey.read(`Attendance/${MEMBER_UID}/classes/${classId}`)).toBe('attended');
      const mine2 = await readUntil(
        `UserClasses/${MEMBER_UID}/${classId}/status`,
        (value) => value === 'attended',
      );
      expect(mine2).toBe('attended');
    },
    STEP_TIMEOUT,
  );

  it(
    'the audit log shows the layout change',
    async () => {
      const admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-audit`);
      // The screen names the admin (by name once users load); the entry is the layout's save.
      await admin
        .getByRole('listitem')
        .filter({ hasText: `— save SeatLayouts/${layoutId}` })
        .waitFor(ARRIVAL);
      const log = (await journey.read('AuditLog')) as Record<
        string,
        { by: string; action: string; target?: string }
      >;
      expect(Object.values(log)).toContainEqual(
        expect.objectContaining({
          by: 'demo-admin',
          action: 'save',
          target: `SeatLayouts/${layoutId}`,
        }),
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "the audit log shows the coach's attendance mark, by the coach, before and after",
    async () => {
      const admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-audit`);
      await admin.getByLabel('Action', { exact: true }).selectOption('checkIn', ARRIVAL);
      await admin.getByLabel('Search (who, what, details)').fill(MEMBER_UID);
      // Named once Users loads: the coach who marked it, not a uid.
      const entry = admin
        .getByRole('listitem')
        .filter({ hasText: `Carlos Garza — checkIn Classes/${classId}` });
      await entry.waitFor(ARRIVAL);
      // One mark, one entry.
      await admin
        .getByRole('status')
        .filter({ hasText: /^1 of \d+ loaded changes$/ })
        .waitFor();

      const snapshot = async (label: string): Promise<unknown> => {
        await entry.getByText(label, { exact: true }).click();
        return JSON.parse(await entry.locator('details[open] pre').last().innerText()) as unknown;
      };
      expect(await snapshot('Details')).toEqual({ member: MEMBER_UID });
      expect(await snapshot('Before')).toBe('unmarked');
      expect(await snapshot('After')).toBe('attended');
    },
    STEP_TIMEOUT,
  );
});
