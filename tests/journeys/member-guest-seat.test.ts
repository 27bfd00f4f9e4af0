// "Bring a friend" in a browser, on the local stack with the demo data: a
// booked member opens the class sheet, books a seat for a named guest on a spot they pick, with
// one of their own credits, and sees the guest on their class; the coach, signed in in a second
// browser, finds the guest by name, as the member's guest, on the class list.
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import {
  SERVER,
  callAs,
  openClass,
  signedInPage,
  soonestCyclingClass,
  useJourney,
} from '../support/journey.ts';

const journey = useJourney();
const MEMBER = 'demo-member';
const MEMBER_NAME = 'Mariana López';
const GUEST = 'Ana Friend';

beforeAll(() => journey.warm(['bookClass', 'bookGuest']), 240_000);

describe('a booked member brings a friend', () => {
  it(
    'books the guest’s seat from the class sheet, and the coach’s list names the guest',
    { timeout: 300_000 },
    async () => {
      const { classId, cls, spotOf } = await soonestCyclingClass(journey, 'carlos');
      await callAs(journey, 'member@demo.studio', 'bookClass', { classId, spot: spotOf('7') });
      const creditsBefore = (await journey.read(paths.userField(MEMBER, 'Credits'))) as number;

      const member = await signedInPage(journey, 'member@demo.studio');
      const detail = await openClass(journey, member, cls, 'Cycling');
      await detail.getByText('Spot 7, yours').first().waitFor(SERVER);
      await detail.getByRole('button', { name: 'Bring a friend' }).click();
      const form = detail.locator('.bring-friend');
      await form.getByText('Uses 1 credit of yours.', { exact: false }).waitFor();
      await form.getByLabel(/Your guest’s name/).fill(GUEST);
      await form.getByRole('button', { name: 'Spot 12, free' }).click();
      await form.getByRole('button', { name: 'Book spot 12 for them' }).click();
      await detail.getByText(`Done: ${GUEST} has spot 12.`).waitFor(SERVER);
      // The member's class lists the guest, from their own entry.
      await detail.getByText(`Guest: ${GUEST} · spot 12 · booked`).waitFor(SERVER);
      await detail.getByRole('button', { name: "Spot 12, your friend's" }).waitFor(SERVER);

      const roster = (await journey.read(paths.classRoster(classId))) as {
        bookings: Record<string, { uid: string; guestName?: string; spot: string }>;
      };
      const guestSeats = Object.entries(roster.bookings).filter(
        ([, booking]) => booking.guestName === GUEST,
      );
      expect(guestSeats).toHaveLength(1);
      expect(guestSeats[0]![1]).toMatchObject({ uid: MEMBER, spot: spotOf('12') });
      expect(await journey.read(paths.userField(MEMBER, 'Credits'))).toBe(creditsBefore - 1);

      // The coach, in a browser of their own, finds the guest on the class list.
      const coach = await signedInPage(journey, 'coach@demo.studio');
      await coach.goto(`${journey.baseUrl}/admin-lists-class`);
      await coach.getByLabel('Date', { exact: true }).fill(cls.date);
      await coach
        .getByRole('region', { name: 'My classes' })
        .getByRole('link', { name: `Open the list of Cycling at ${cls.hour}` })
        .click(SERVER);
      const row = coach.getByRole('row').filter({ hasText: GUEST });
      await row.waitFor(SERVER);
      expect(await row.locator('td').allTextContents()).toEqual([
        '12',
        `${GUEST}Guest of ${MEMBER_NAME}`,
        'Not marked',
      ]);
      await coach.getByRole('row').filter({ hasText: MEMBER_NAME }).first().waitFor();
    },
  );
});
