/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, where window and localStorage exist.
// Member journeys, part 2: booking with credits. A member books a chosen spot while
// a second member's open spot map shows it taken without a reload, then cancels in time and gets
// the credit back; a member waits for a full class and is promoted when the booked one cancels.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addDays,
  formatDate,
  paths,
  shortDate,
  type LedgerEntry,
  type SeatLayout,
  type StudioClass,
} from '@studio/core';
import {
  SERVER,
  callAs,
  openClass as openClassOf,
  signedInPage as signedInPageOf,
  soonestCyclingClass,
  useJourney,
} from '../support/journey.ts';

const journey = useJourney();
const MEMBER = 'demo-member';

const signedInPage = (email: string): Promise<Page> => signedInPageOf(journey, email);

/**
 * What the class detail said after an action: the success line, or the refusal shown instead.
 * `previous` is the line of the action before, still on screen until the new one replaces it.
 */
async function outcome(detail: Locator, previous?: string | RegExp): Promise<string | null> {
  const all = detail.locator('.outcome-ok, .outcome-error');
  const shown = previous === undefined ? all : all.filter({ hasNotText: previous });
  await shown.waitFor(SERVER);
  return shown.textContent();
}

/** Closes the class sheet (Escape), which covers the page while it is open. */
async function closeSheet(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.class-detail').waitFor({ state: 'detached' });
}

/** Opens the schedule on the class's week and the class's detail, as a member would. */
const openClass = (page: Page, cls: StudioClass, name: string): Promise<Locator> =>
  openClassOf(journey, page, cls, name);

beforeAll(
  () => journey.warm(['bookClass', 'cancelBooking', 'joinWaitlist', 'createClasses']),
  240_000,
);

describe('a member with credits', () => {
  it(
    'books a chosen spot that another member sees taken live, then cancels in time and gets the credit back',
    { timeout: 240_000 },
    async () => {
      // A cycling class outside the 12 h cancellation window and inside the 7-day booking window.
      const { classId, cls, spotOf } = await soonestCyclingClass(journey);
      const spot = spotOf('7');

      const member = await signedInPage('member@demo.studio');
      const other = await signedInPage('member2@demo.studio');
      const otherDetail = await openClass(other, cls, 'Cycling');
      await otherDetail.getByRole('button', { name: 'Spot 7, free' }).waitFor(SERVER);
      // A mark on the window: it survives only if the page is never reloaded.
      await other.evaluate(() => Object.assign(window, { journeyMark: 'still here' }));

      const detail = await openClass(member, cls, 'Cycling');
      await detail.getByRole('button', { name: 'Spot 7, free' }).click();
      await detail.getByRole('button', { name: 'Spot 7, chosen' }).waitFor();
      await detail.getByRole('button', { name: 'Book spot 7' }).click();
      expect(await outcome(detail)).toBe('Booked: spot 7.');
      await detail.getByRole('button', { name: 'Spot 7, yours' }).waitFor();

      // The member's entry carries the room's label and the class's title
      // (docs/architecture/booking.md#views).
      expect(await journey.read(paths.userClass(MEMBER, classId))).toMatchObject({
        status: 'booked',
        spot,
        spotLabel: '7',
        title: cls.name ?? 'Cycling',
      });
      expect(await detail.locator('.class-detail-mine-label').textContent()).toBe('Your spot');
      expect(await detail.locator('.class-detail-mine-spot').textContent()).toBe('7');
      expect(await journey.read(paths.userField(MEMBER, 'Credits'))).toBe(9);

      // The second member's open spot map turns the spot taken, with no reload.
      await otherDetail.getByRole('button', { name: 'Spot 7, taken' }).waitFor(SERVER);
      expect(await other.evaluate(() => (window as { journeyMark?: string }).journeyMark)).toBe(
        'still here',
      );
      expect(await otherDetail.getByRole('button', { name: 'Spot 7, taken' }).isDisabled()).toBe(
        true,
      );

      // Cancelling shows what happens to the credit before the member confirms.
      await detail.getByRole('button', { name: 'Cancel booking' }).click();
      const confirm = member.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await confirm.getByText('You are cancelling in time: your credit comes back.').waitFor();
      await confirm.getByRole('button', { name: 'Cancel booking' }).click();
      expect(await outcome(detail, 'Booked: spot 7.')).toBe(
        'Booking cancelled. Your credit is back.',
      );
      await otherDetail.getByRole('button', { name: 'Spot 7, free' }).waitFor(SERVER);

      await expect.poll(() => journey.read(paths.userField(MEMBER, 'Credits'))).toBe(10);
      const ledger = Object.values(
        (await journey.read(paths.creditLedger(MEMBER))) as Record<string, LedgerEntry>,
      );
      expect(ledger).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'use', delta: -1, classId }),
          expect.objectContaining({ type: 'refund', delta: 1, classId }),
        ]),
      );

      // The profile shows the balance and the history in plain words (the class sheet is
      // modal: it is closed first, as a member would).
      await closeSheet(member);
      await member
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Profile' })
        .click();
      await member.waitForURL(/\/tabs\/profile-user\//);
      await member.getByText('Class credits:').waitFor();
      await member.getByText('Cancelled in time: credit returned').waitFor(SERVER);
      expect(
        await member.locator('.profile li', { hasText: 'Class credits:' }).textContent(),
      ).toMatch(/Class credits:\s*10/);
    },
  );

  it(
    'waits for a full class, sees the position, and is promoted when the booked member cancels',
    { timeout: 240_000 },
    async () => {
      // A one-seat class, made the way an admin makes one (the createClasses callable).
      const date = addDays(formatDate(Date.now()), 2);
      const { classIds } = (await callAs(journey, 'admin@demo.studio', 'createClasses', {
        name: 'Small Yoga',
        branch: 'centro',
        exercise: 'yoga',
        coach: 'lucia',
        layout: 'mats',
        capacity: 1,
        hour: '10:15',
        duration: 60,
        date,
      })) as { classIds: string[] };
      const classId = classIds[0]!;
      const cls = (await journey.read(paths.class(classId))) as StudioClass;
      expect(cls).toMatchObject({ capacity: 1, date, hour: '10:15' });

      const booked = await signedInPage('member3@demo.studio');
      const bookedDetail = await openClass(booked, cls, 'Small Yoga');
      await bookedDetail.getByRole('button', { name: 'Book the first free spot' }).click();
      expect(await outcome(bookedDetail)).toMatch(/^Booked: spot/);

      const waiting = await signedInPage('member@demo.studio');
      const detail = await openClass(waiting, cls, 'Small Yoga');
      await detail.getByText('Full', { exact: true }).waitFor(SERVER);
      await detail.getByRole('button', { name: 'Join waiting list' }).click();
      expect(await outcome(detail)).toBe('You are number 1 on the waiting list.');
      await detail.getByText('Waiting list #1').waitFor(SERVER);
      expect(await journey.read(paths.userWaitlistEntry(MEMBER, classId))).toMatchObject({
        status: 'waiting',
        position: 1,
      });

      await closeSheet(waiting);
      await waiting.getByRole('button', { name: 'Open menu' }).click();
      await waiting
        .getByRole('navigation', { name: 'Side menu' })
        .getByRole('link', { name: 'My Waiting List' })
        .click();
      await waiting.waitForURL(/\/waitlist$/);
      const entry = waiting.locator('li.card', { hasText: 'Small Yoga' });
      await entry.getByText('Position 1').waitFor(SERVER);

      await bookedDetail.getByRole('button', { name: 'Cancel booking' }).click();
      await booked
        .getByRole('alertdialog', { name: 'Cancel this booking?' })
        .getByRole('button', { name: 'Cancel booking' })
        .click();
      expect(await outcome(bookedDetail, /^Booked: spot/)).toBe(
        'Booking cancelled. Your credit is back.',
      );

      // Promoted by the functions: the waiting list empties live and the member is told at home.
      await waiting.getByText('You are not on any waiting list.').waitFor(SERVER);
      await waiting
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Home' })
        .click();
      // Named by the room's label, as the functions wrote it (docs/architecture/booking.md#views).
      const promotedSpot = (
        (await journey.read(paths.classRoster(classId))) as {
          bookings: Record<string, { spot: string }>;
        }
      ).bookings[MEMBER]!.spot;
      const mats = (await journey.read(paths.seatLayout('mats'))) as SeatLayout;
      const label = mats.spots[promotedSpot]!.label;
      await waiting
        .getByText(
          `A spot opened in Small Yoga on ${shortDate(date, 'en', formatDate(Date.now()))} at 10:15: you are booked (spot ${label}).`,
        )
        .waitFor(SERVER);

      expect(await journey.read(paths.userClass(MEMBER, classId))).toMatchObject({
        status: 'booked',
        spot: promotedSpot,
        spotLabel: label,
        title: 'Small Yoga',
      });
      expect(await journey.read(paths.userWaitlistEntry(MEMBER, classId))).toMatchObject({
        status: 'promoted',
      });
      const notifications = Object.values(
        (await journey.read(paths.notifications(MEMBER))) as Record<
          string,
          { type: string; classId?: string; params?: Record<string, unknown> }
        >,
      );
      expect(notifications.map((entry) => entry.type)).toContain('promoted');
      expect(
        notifications.find((entry) => entry.type === 'promoted' && entry.classId === classId)
          ?.params?.['spot'],
      ).toBe(label);
    },
  );
});
