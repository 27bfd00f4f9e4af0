/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, where window and localStorage exist.
// Member self-service journeys: a booked member changes spot on the class detail while
// a second member's open spot map follows without a reload; a member who set "do not promote me
// later than 6 h before class" is skipped, and told, when a seat frees 3 h before the class, and
// the next member in line gets it.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatHour, paths, shortDate } from '@studio/core';
import {
  SERVER,
  callAs,
  openClass,
  signedInPage,
  soonestCyclingClass,
  useJourney,
} from '../support/journey.ts';

const journey = useJourney();
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const MEMBER = 'demo-member';

beforeAll(
  () => journey.warm(['bookClass', 'changeSpot', 'cancelBooking', 'joinWaitlist', 'createClasses']),
  240_000,
);

describe('a booked member', () => {
  it(
    'changes spot on the class detail, and a second member’s open map follows without a reload',
    { timeout: 240_000 },
    async () => {
      const { classId, cls, spotOf } = await soonestCyclingClass(journey);
      await callAs(journey, 'member@demo.studio', 'bookClass', { classId, spot: spotOf('7') });
      const creditsBefore = await journey.read(paths.userField(MEMBER, 'Credits'));

      const other = await signedInPage(journey, 'member2@demo.studio');
      const otherDetail = await openClass(journey, other, cls, 'Cycling');
      await otherDetail.getByRole('button', { name: 'Spot 7, taken' }).waitFor(SERVER);
      await otherDetail.getByRole('button', { name: 'Spot 12, free' }).waitFor(SERVER);
      // A mark on the window: it survives only if the page is never reloaded.
      await other.evaluate(() => Object.assign(window, { journeyMark: 'still here' }));

      const member = await signedInPage(journey, 'member@demo.studio');
      const detail = await openClass(journey, member, cls, 'Cycling');
      await detail.getByText('Spot 7, yours').first().waitFor(SERVER);
      await detail.getByRole('button', { name: 'Change spot' }).click();
      const picker = detail.locator('.change-spot');
      await picker.getByRole('button', { name: 'Spot 12, free' }).click();
      await picker.getByRole('button', { name: 'Move to spot 12' }).click();
      await picker.getByText('Done: your spot is now 12.').waitFor(SERVER);
      await detail.locator('.class-detail-mine', { hasText: 'Spot 12, yours' }).waitFor(SERVER);

      // The second member's map: 12 taken, 7 free again, and the page never reloaded.
      await otherDetail.getByRole('button', { name: 'Spot 12, taken' }).waitFor(SERVER);
      await otherDetail.getByRole('button', { name: 'Spot 7, free' }).waitFor(SERVER);
      expect(await other.evaluate(() => (window as { journeyMark?: string }).journeyMark)).toBe(
        'still here',
      );

      expect(await journey.read(paths.rosterBooking(classId, MEMBER))).toMatchObject({
        spot: spotOf('12'),
      });
      expect(await journey.read(paths.userClass(MEMBER, classId))).toMatchObject({
        status: 'booked',
        spot: spotOf('12'),
        spotLabel: '12',
      });
      // No credit moved.
      expect(await journey.read(paths.userField(MEMBER, 'Credits'))).toBe(creditsBefore);

      // The class names its coach; the link opens the coach's page with their classes.
      const coach = (await journey.read(paths.coach(cls.coach))) as { name: string };
      await detail.getByRole('link', { name: `About ${coach.name}` }).click();
      await member.waitForURL(new RegExp(`/tabs/coach/${cls.coach}$`));
      await member.getByRole('heading', { level: 1, name: coach.name }).waitFor(SERVER);
      await member
        .getByRole('region', { name: 'Upcoming classes' })
        .getByText(`${cls.date} ${cls.hour} · ${cls.name ?? 'Cycling'}`)
        .waitFor(SERVER);
    },
  );
});

describe('a member with their own waiting-list cut-off', () => {
  it(
    'is skipped and told when a seat frees later than their cut-off; the next in line gets it',
    { timeout: 240_000 },
    async () => {
      // The member sets "do not promote me later than 6 h before class" on their profile.
      const member = await signedInPage(journey, 'member@demo.studio');
      await member
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Profile' })
        .click();
      await member.waitForURL(/\/tabs\/profile-user\//);
      const cutoff = member.getByRole('combobox', { name: 'Do not promote me later than' });
      await cutoff.waitFor(SERVER);
      await cutoff.selectOption({ label: '6 h before class' });
      await member.getByText('Saved.').waitFor(SERVER);
      expect(await journey.read(paths.userField(MEMBER, 'PromotionCutoffHours'))).toBe(6);

      // A one-seat class about 3 h from now: inside the member's 6 h, outside the studio's 60 min.
      const startsAt = Math.ceil((Date.now() + 3 * HOUR_MS) / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
      const date = formatDate(startsAt);
      const hour = formatHour(startsAt);
      const { classIds } = (await callAs(journey, 'admin@demo.studio', 'createClasses', {
        name: 'Cutoff Yoga',
        branch: 'centro',
        exercise: 'yoga',
        coach: 'lucia',
        layout: 'mats',
        capacity: 1,
        hour,
        duration: 60,
        date,
      })) as { classIds: string[] };
      const classId = classIds[0]!;
      await callAs(journey, 'member3@demo.studio', 'bookClass', { classId });
      await callAs(journey, 'member@demo.studio', 'joinWaitlist', { classId });
      await callAs(journey, 'member2@demo.studio', 'joinWaitlist', { classId });

      await callAs(journey, 'member3@demo.studio', 'cancelBooking', { classId });

      // The member past their cut-off is told at home; the seat went to member2.
      await member
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Home' })
        .click();
      await member
        .getByText(
          `A spot opened in Cutoff Yoga on ${shortDate(date, 'en', formatDate(Date.now()))} at ${hour}, later than your cut-off of 6 hours before class, so it went to the next person. No penalty.`,
        )
        .waitFor(SERVER);
      const roster = (await journey.read(paths.classRoster(classId))) as {
        bookings: Record<string, { via: string }>;
      };
      expect(Object.keys(roster.bookings)).toEqual(['demo-member2']);
      expect(roster.bookings['demo-member2']).toMatchObject({ via: 'waitlist' });
      expect(await journey.read(paths.userWaitlistEntry(MEMBER, classId))).toMatchObject({
        status: 'past-cutoff',
      });
      expect(await journey.read(paths.userClass(MEMBER, classId))).toBeNull();
    },
  );
});
