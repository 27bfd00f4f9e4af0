// Classes: an admin creates a weekly series (crear-clases), a member sees it in the
// calendar and books one class, the admin edits the other and cancels the booked one
// (admin-clases), the member's credit comes back, and the audit log shows each change.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, formatDate, isoWeekday } from '@studio/core';
import { useJourney } from '../support/journey.ts';

const journey = useJourney();

const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
// An hour no demo class uses, so the series is easy to tell apart.
const HOUR = '05:15';

interface StoredClass {
  date: string;
  hour: string;
  exercise: string;
  capacity: number;
  status: string;
}

async function seriesIds(): Promise<Map<string, string>> {
  const classes = ((await journey.read('Classes')) ?? {}) as Record<string, StoredClass>;
  const byDate = new Map<string, string>();
  for (const [id, cls] of Object.entries(classes))
    if (cls.hour === HOUR && cls.exercise === 'hiit') byDate.set(cls.date, id);
  return byDate;
}

async function credits(): Promise<number> {
  return (await journey.read('Users/demo-member/Credits')) as number;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('admin classes journey', () => {
  // Tomorrow and the day after, studio time: inside the 7-day booking window, not started.
  const today = formatDate(Date.now());
  const first = addDays(today, 1);
  const second = addDays(today, 2);
  let admin: Page;
  let member: Page;

  it('an admin creates a weekly series in crear-clases', async () => {
    admin = await journey.newPage();
    await journey.signIn(admin, 'admin@demo.studio');
    await admin.goto(`${journey.baseUrl}/crear-clases`);
    await admin.getByLabel('From').fill(first);
    await admin.getByLabel('Until').fill(second);
    for (const date of [first, second])
      await admin.getByLabel(WEEKDAY_LABELS[isoWeekday(date) - 1] ?? '', { exact: true }).check();
    await admin.getByLabel('Hour').fill(HOUR);
    await admin.getByLabel('Branch').selectOption('centro');
    await admin.getByLabel('Class type').selectOption('hiit');
    await admin.getByLabel('Coach').selectOption('lucia');
    await admin.getByLabel('Capacity').fill('5');
    await expect(
      admin.getByRole('list', { name: 'Classes to create: 2' }).textContent(),
    ).resolves.toContain(first);

    await admin.getByRole('button', { name: 'Create classes' }).click();

    await admin.getByRole('status').filter({ hasText: 'Created 2 classes.' }).waitFor();
    const ids = await seriesIds();
    expect([...ids.keys()].sort()).toEqual([first, second]);
  });

  it('a member sees the series in the calendar and books one class', async () => {
    member = await journey.newPage();
    await journey.signIn(member, 'member@demo.studio');
    const before = await credits();
    await member.goto(`${journey.baseUrl}/tabs/calendario/choose/user`);
    // Tomorrow is on the schedule's first page (today and the six days after it).
    const item = member.locator('button.class-item', { hasText: HOUR }).filter({ hasText: 'HIIT' });
    await item.first().waitFor();

    await item.first().click();
    await member.getByRole('button', { name: 'Book the first free spot' }).click();

    const classId = (await seriesIds()).get(first) ?? '';
    await until(
      () => journey.read(`UserClasses/demo-member/${classId}/status`),
      (status) => status === 'booked',
    );
    expect(await until(credits, (now) => now === before - 1)).toBe(before - 1);
  });

  it('the admin edits the other class in admin-clases', async () => {
    await admin.goto(`${journey.baseUrl}/admin-clases`);
    await admin.getByRole('button', { name: `Edit HIIT ${second} ${HOUR}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Capacity').fill('8');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const classId = (await seriesIds()).get(second) ?? '';
    expect(await journey.read(`Classes/${classId}/capacity`)).toBe(8);
  });

  it('the admin cancels the booked class and the member gets the credit back', async () => {
    const before = await credits();
    await admin.getByRole('button', { name: `More actions for HIIT ${first} ${HOUR}` }).click();
    await admin.getByRole('menuitem', { name: `Cancel class HIIT ${first} ${HOUR}` }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByLabel('Reason (members see it)').fill('Coach ill');
    await dialog.getByRole('button', { name: 'Yes, cancel the class' }).click();

    await admin
      .getByRole('status')
      .filter({ hasText: 'Class cancelled. 1 credits returned.' })
      // The journey's first cancelClass starts that function's worker in the Functions emulator:
      // on a machine busy with the other suites that alone took over 30 s.
      .waitFor({ timeout: 90_000 });
    const classId = (await seriesIds()).get(first) ?? '';
    expect(await journey.read(`Classes/${classId}/status`)).toBe('cancelled');
    expect(await until(credits, (now) => now === before + 1)).toBe(before + 1);
    const ledger = (await journey.read('CreditLedger/demo-member')) as Record<
      string,
      { type: string; classId?: string }
    >;
    expect(
      Object.values(ledger).some((entry) => entry.type === 'refund' && entry.classId === classId),
    ).toBe(true);

    // The member's own screen says so too.
    await member.goto(`${journey.baseUrl}/tabs/profile-user/demo-member`);
    await member.getByText('Class cancelled by the studio: credit returned').first().waitFor();
  }, 150_000);

  it('the audit log shows the creation, the edit and the cancellation', async () => {
    const ids = await seriesIds();
    await admin.goto(`${journey.baseUrl}/admin-audit`);
    await admin
      .getByText(/— createClasses/)
      .first()
      .waitFor();
    await admin
      .getByText(`— updateClass Classes/${ids.get(second) ?? ''}`)
      .first()
      .waitFor();
    await admin
      .getByText(`— cancelClass Classes/${ids.get(first) ?? ''}`)
      .first()
      .waitFor();
  });
});
