// Coach pay in a browser, on the local stack with the demo data and a past week of classes this
// journey writes (attended and no-show marks, a class a substitute took, one cancelled): an admin
// sets Carlos's rate on admin-coach-pay, opens the pay report and downloads its CSV, whose rows
// are the ones counted here class by class; on admin-clases the admin gives a booked class to a
// substitute and its member is told in the app and by mail; the front desk cannot open the screen.
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { addDays, formatDate, paths, toEpoch } from '@studio/core';
import type { StudioClass } from '@studio/core';
import {
  callAs,
  signedInPage,
  soonestCyclingClass,
  SERVER,
  until,
  useJourney,
} from '../support/journey.ts';

const journey = useJourney();
const ARRIVAL = { timeout: 60_000 };
const STEP_TIMEOUT = 240_000;
const MEMBER_UID = 'demo-member';

/** Where to keep pictures of the screens at a phone's and a desk's width (COACH_PAY_SHOTS=dir). */
const SHOTS = process.env['COACH_PAY_SHOTS'];
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 412, height: 860 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

async function writeAsOwner(values: Record<string, unknown>): Promise<void> {
  const { url } = journey.stack.database;
  const response = await fetch(`${url}/.json?ns=${journey.stack.namespace}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(values),
  });
  expect(response.ok).toBe(true);
}

/** One past class as this journey writes it: who teaches, who attended, whether it was held. */
interface PastClass {
  id: string;
  date: string;
  hour: string;
  exercise: 'cycling' | 'yoga' | 'hiit';
  coach: 'carlos' | 'lucia';
  substitute?: 'carlos' | 'lucia';
  marks: ('attended' | 'no-show')[];
  cancelled?: boolean;
}

const today = formatDate(Date.now());
const FROM = addDays(today, -7);
const TO = addDays(today, -1);

const PAST: readonly PastClass[] = [
  {
    id: 'pay-1',
    date: addDays(today, -7),
    hour: '07:00',
    exercise: 'cycling',
    coach: 'carlos',
    marks: ['attended', 'attended', 'no-show'],
  },
  {
    id: 'pay-2',
    date: addDays(today, -6),
    hour: '12:30',
    exercise: 'yoga',
    coach: 'lucia',
    marks: ['attended'],
  },
  {
    id: 'pay-3',
    date: addDays(today, -5),
    hour: '19:00',
    exercise: 'hiit',
    coach: 'carlos',
    substitute: 'lucia',
    marks: ['attended', 'attended'],
  },
  {
    id: 'pay-4',
    date: addDays(today, -4),
    hour: '12:30',
    exercise: 'yoga',
    coach: 'lucia',
    substitute: 'carlos',
    marks: ['attended', 'attended', 'attended', 'attended'],
  },
  {
    id: 'pay-5',
    date: addDays(today, -3),
    hour: '07:00',
    exercise: 'cycling',
    coach: 'carlos',
    marks: ['no-show', 'no-show'],
  },
  {
    id: 'pay-6',
    date: addDays(today, -2),
    hour: '19:00',
    exercise: 'hiit',
    coach: 'carlos',
    marks: ['attended'],
    cancelled: true,
  },
  {
    id: 'pay-7',
    date: addDays(today, -1),
    hour: '07:00',
    exercise: 'cycling',
    coach: 'carlos',
    marks: [],
  },
  // Outside the period: the day before it starts.
  {
    id: 'pay-8',
    date: addDays(today, -8),
    hour: '07:00',
    exercise: 'cycling',
    coach: 'carlos',
    marks: ['attended'],
  },
];

/** The past classes and their rosters, shaped like a demo class of the same type. */
async function writePastClasses(): Promise<void> {
  const classes = (await journey.read('Classes')) as Record<string, StudioClass>;
  const template = (exercise: string) => {
    const found = Object.values(classes).find((cls) => cls.exercise === exercise);
    if (!found) throw new Error(`no demo ${exercise} class`);
    return found;
  };
  const writes: Record<string, unknown> = {};
  for (const past of PAST) {
    const base = template(past.exercise);
    const startsAt = toEpoch(past.date, past.hour);
    writes[`Classes/${past.id}`] = {
      ...base,
      date: past.date,
      hour: past.hour,
      startsAt,
      coach: past.coach,
      ...(past.substitute ? { substitute: past.substitute } : {}),
      status: past.cancelled ? 'cancelled' : 'scheduled',
      bookedCount: past.marks.length,
      waitlistCount: 0,
      createdAt: startsAt - 14 * 86_400_000,
    };
    const bookings: Record<string, unknown> = {};
    const spots: Record<string, boolean> = {};
    past.marks.forEach((attendance, i) => {
      const uid = `pay-member-${i}`;
      spots[`s${i}`] = true;
      bookings[uid] = {
        bookingId: `${past.id}-b${i}`,
        uid,
        spot: `s${i}`,
        bookedAt: startsAt - 86_400_000,
        via: 'member',
        creditId: `${past.id}-c${i}`,
        attendance,
      };
    });
    writes[`ClassRoster/${past.id}`] = { bookings, spots };
  }
  await writeAsOwner(writes);
}

describe('coach pay', () => {
  it(
    'an admin sets a rate, opens the pay report and downloads the rows counted here',
    async () => {
      await writePastClasses();
      const admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-coach-pay`);
      await admin.getByRole('heading', { level: 1, name: 'Coach pay' }).waitFor(ARRIVAL);

      // Carlos: $20 a class, $1.50 an attendee, $2.50 from the 3rd, a $4 bonus over 3, at least $21.
      await admin.getByRole('tab', { name: 'Pay rates' }).click();
      const form = admin.getByRole('form', { name: 'New rate' });
      await form.getByLabel(/^Coach/).selectOption('carlos');
      await form.getByLabel(/^From/).fill(addDays(today, -30));
      await form.getByLabel('Per class', { exact: true }).fill('20');
      await form.getByRole('button', { name: 'Add a tier' }).click();
      await form.getByLabel('Amount each').fill('1.50');
      await form.getByRole('button', { name: 'Add a tier' }).click();
      await form.getByLabel('From attendee number').nth(1).fill('3');
      await form.getByLabel('Amount each').nth(1).fill('2.50');
      await form.getByLabel('Bonus when more than').fill('3');
      await form.getByLabel('Bonus', { exact: true }).fill('4');
      await form.getByLabel('Minimum per class').fill('21');
      await form.getByRole('button', { name: 'Save rate' }).click();
      await form
        .getByRole('status')
        .filter({ hasText: 'Rate saved for Carlos Garza' })
        .waitFor(SERVER);
      const rates = await until(
        async () => ((await journey.read('CoachPayRates/carlos')) ?? {}) as Record<string, unknown>,
        (value) => Object.keys(value).length === 1,
      );
      expect(Object.values(rates)[0]).toMatchObject({
        exercise: '*',
        effectiveFrom: addDays(today, -30),
        rule: {
          perClass: 2000,
          perHead: [
            { from: 1, amount: 150 },
            { from: 3, amount: 250 },
          ],
          bonus: { over: 3, amount: 400 },
          minimum: 2100,
        },
        savedBy: 'demo-admin',
      });
      const audit = Object.values(
        (await journey.read('AuditLog')) as Record<string, { action: string }>,
      );
      expect(audit.filter((entry) => entry.action === 'saveCoachPayRate')).toHaveLength(1);
      await admin.getByRole('table', { name: 'Rates' }).getByText('In effect').waitFor(ARRIVAL);
      await shoot(admin, 'coach-pay-rates');

      // The report of the past week.
      await admin.getByRole('tab', { name: 'Pay report' }).click();
      await admin.getByLabel('From', { exact: true }).fill(FROM);
      await admin.getByLabel('To', { exact: true }).fill(TO);
      await admin.getByLabel('To', { exact: true }).blur();
      const carlos = admin.getByRole('listitem', { name: 'Carlos Garza' });
      await carlos.waitFor(SERVER);

      // Counted here class by class: held, ended, in the period; paid to whoever taught it.
      const exercises = (await journey.read('Exercises')) as Record<string, { name: string }>;
      const headPay = (heads: number) => {
        let total = 0;
        for (let head = 1; head <= heads; head++) total += head >= 3 ? 250 : 150;
        return total;
      };
      const expected = PAST.filter((cls) => !cls.cancelled && cls.date >= FROM && cls.date <= TO)
        .map((cls) => {
          const teacher = cls.substitute ?? cls.coach;
          const heads = cls.marks.filter((mark) => mark === 'attended').length;
          const amount =
            teacher === 'carlos'
              ? Math.max(2100, 2000 + headPay(heads) + (heads > 3 ? 400 : 0))
              : 0;
          return { cls, teacher, heads, amount };
        })
        .sort(
          (a, b) =>
            (a.teacher === 'carlos' ? 0 : 1) - (b.teacher === 'carlos' ? 0 : 1) ||
            `${a.cls.date} ${a.cls.hour}`.localeCompare(`${b.cls.date} ${b.cls.hour}`),
        );
      const carlosTotal = expected
        .filter((row) => row.teacher === 'carlos')
        .reduce((sum, row) => sum + row.amount, 0);
      // 2 + 4 heads: $23 and $20 + 2 × $1.50 + 2 × $2.50 + $4 = $32; no heads: the $21 minimum.
      expect(carlosTotal).toBe(2300 + 3200 + 2100 + 2100);
      await carlos
        .locator('.coach-pay-amount')
        .filter({ hasText: `$${carlosTotal / 100}` })
        .waitFor(ARRIVAL);
      await shoot(admin, 'coach-pay-report');

      const [download] = await Promise.all([
        admin.waitForEvent('download', SERVER),
        admin.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`coach-pay-${FROM}-${TO}.csv`);
      const csv = await readFile(await download.path(), 'utf8');
      const [header, ...rows] = csv.trimEnd().split('\r\n');
      expect(header).toBe(
        'coach_id,coach,date,hour,class_id,class,class_type,attendees,substitute,amount,currency,rate_id',
      );
      const rateId = Object.keys(rates)[0];
      expect(rows).toEqual(
        expected.map(({ cls, teacher, heads, amount }) =>
          [
            teacher,
            teacher === 'carlos' ? 'Carlos Garza' : 'Lucía Flores',
            cls.date,
            cls.hour,
            cls.id,
            exercises[cls.exercise]?.name,
            cls.exercise,
            heads,
            cls.substitute ? 'yes' : 'no',
            (amount / 100).toFixed(2),
            'USD',
            teacher === 'carlos' ? rateId : '',
          ].join(','),
        ),
      );
    },
    STEP_TIMEOUT,
  );

  it(
    'an admin gives a booked class to a substitute on admin-clases, and its member is told',
    async () => {
      const { classId, cls } = await soonestCyclingClass(journey, 'carlos');
      await callAs(journey, 'member@demo.studio', 'bookClass', { classId });
      const admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-clases`);
      const label = `Cycling ${cls.date} ${cls.hour}`;
      const row = admin.getByRole('listitem', { name: label });
      await row.waitFor(ARRIVAL);
      await row.getByText('Carlos Garza · Centro').waitFor();
      await admin.getByRole('button', { name: `More actions for ${label}` }).click();
      await admin.getByRole('menuitem', { name: `Assign a substitute ${label}` }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel('Coach teaching').selectOption('lucia');
      await shoot(admin, 'assign-substitute');
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await admin
        .getByRole('status')
        .filter({ hasText: /^Lucía Flores teaches Cycling · .+ Members told: \d+\.$/ })
        .waitFor(SERVER);
      await row.getByText('Lucía Flores, substituting Carlos Garza · Centro').waitFor(ARRIVAL);
      await shoot(admin, 'admin-clases-substitute');

      expect(await journey.read(paths.class(classId))).toMatchObject({
        coach: 'carlos',
        substitute: 'lucia',
        substituteBy: 'demo-admin',
      });
      expect(await journey.read(paths.userClass(MEMBER_UID, classId))).toMatchObject({
        coach: 'lucia',
      });
      const notes = await until(
        async () =>
          Object.values(
            ((await journey.read(paths.notifications(MEMBER_UID))) ?? {}) as Record<
              string,
              { messageKey?: string; classId?: string }
            >,
          ),
        (list) => list.some((note) => note.messageKey === 'notifSubstitute'),
      );
      expect(notes.filter((note) => note.messageKey === 'notifSubstitute')).toEqual([
        expect.objectContaining({ classId }),
      ]);
      await until(
        async () =>
          Object.values(
            ((await journey.read(paths.mailOutbox())) ?? {}) as Record<
              string,
              { uid?: string; kind?: string }
            >,
          ),
        (list) => list.some((mail) => mail.uid === MEMBER_UID && mail.kind === 'class-substitute'),
      );
    },
    STEP_TIMEOUT,
  );

  it(
    'the front desk cannot open it',
    async () => {
      const desk = await signedInPage(journey, 'desk@demo.studio');
      await desk.goto(`${journey.baseUrl}/admin-coach-pay`);
      await desk.getByRole('heading', { level: 1, name: 'Coach pay' }).waitFor(ARRIVAL);
      await desk.getByRole('alert').filter({ hasText: 'for the studio’s admins' }).waitFor();
      expect(await desk.getByRole('tab', { name: 'Pay rates' }).count()).toBe(0);
    },
    STEP_TIMEOUT,
  );
});
