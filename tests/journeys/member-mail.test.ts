// Mail journeys: mail reaches the local stack's MailDev (the stack sweeps the outbox, as
// our database emulator fires no triggers). A booking brings one confirmation with a valid .ics;
// a member on the waiting list is mailed when another member cancels; a webhook Stripe delivers
// twice brings one receipt; and the member's calendar link, made on the profile, serves their
// class as a feed a calendar parser reads.
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate, paths, type StudioClass, type UserClass } from '@studio/core';
import type { InboxMessage } from '../../scripts/lib/mail-inbox.ts';
import { callAs, signedInPage, useJourney } from '../support/journey.ts';

const journey = useJourney();
const MEMBER = 'demo-member';
const MEMBER_EMAIL = 'member@demo.studio';
/** A cold Functions worker and the 3 s sweep: generous on a shared, busy machine. */
const ARRIVAL_MS = 90_000;
const HOUR_MS = 60 * 60 * 1000;

const inboxUrl = () => `http://127.0.0.1:${journey.stack.ports.mailInbox}`;

async function inbox(): Promise<InboxMessage[]> {
  const response = await fetch(`${inboxUrl()}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

/** The mails whose Message-ID names this outbox entry (`<{id}@{host}>`). */
async function mailsFor(outboxId: string): Promise<InboxMessage[]> {
  return (await inbox()).filter((mail) =>
    Object.entries(mail.headers).some(
      ([name, value]) => name.toLowerCase() === 'message-id' && value.startsWith(`<${outboxId}@`),
    ),
  );
}

/** Waits until the entry's mail is in MailDev; returns every copy there is by then. */
async function arrived(outboxId: string): Promise<InboxMessage[]> {
  const deadline = Date.now() + ARRIVAL_MS;
  for (;;) {
    const found = await mailsFor(outboxId);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no mail ${outboxId} in MailDev`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A class the member may book: tomorrow or later, inside the booking window, not full. */
async function bookableClass(): Promise<[string, StudioClass]> {
  const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
  const found = Object.entries(classes)
    .filter(
      ([, c]) =>
        c.status !== 'cancelled' &&
        c.startsAt > Date.now() + 13 * HOUR_MS &&
        c.startsAt < Date.now() + 5 * 24 * HOUR_MS &&
        (c.bookedCount ?? 0) < c.capacity - 1,
    )
    .sort((a, b) => a[1].startsAt - b[1].startsAt)[0];
  if (!found) throw new Error('no bookable demo class');
  return found;
}

beforeAll(
  () =>
    journey.warm([
      'bookClass',
      'cancelBooking',
      'joinWaitlist',
      'createClasses',
      'rotateCalendarFeed',
    ]),
  240_000,
);

describe('e-mail on the local stack', () => {
  it(
    'a booking brings one confirmation with the class as a valid .ics',
    { timeout: 240_000 },
    async () => {
      const [classId] = await bookableClass();
      await callAs(journey, MEMBER_EMAIL, 'bookClass', { classId });
      const view = (await journey.read(paths.userClass(MEMBER, classId))) as UserClass;
      const [mail, ...more] = await arrived(`booked-${view.bookingId}`);
      expect(more).toEqual([]);
      expect(mail!.to.map((to) => to.address)).toEqual([MEMBER_EMAIL]);
      expect(mail!.subject).toMatch(/^Booked: /);
      const file = mail!.attachments?.find((attachment) => attachment.filename === 'class.ics');
      expect(file?.contentType).toMatch(/^text\/calendar/);
      const text = await (
        await fetch(`${inboxUrl()}/api/email/${mail!.id}/attachment/${file!.generatedFileName}`)
      ).text();
      const event = new ICAL.Event(
        new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent')!,
      );
      expect(event.uid).toMatch(new RegExp(`^booking-${view.bookingId}@`));
      expect(event.startDate.toJSDate().getTime()).toBe(view.startsAt);
    },
  );

  it(
    'a member on the waiting list is mailed when the booked member cancels',
    { timeout: 240_000 },
    async () => {
      const date = addDays(formatDate(Date.now()), 3);
      const { classIds } = (await callAs(journey, 'admin@demo.studio', 'createClasses', {
        name: 'Mail Yoga',
        branch: 'centro',
        exercise: 'yoga',
        coach: 'lucia',
        layout: 'mats',
        capacity: 1,
        hour: '11:45',
        duration: 60,
        date,
      })) as { classIds: string[] };
      const classId = classIds[0]!;
      await callAs(journey, 'member3@demo.studio', 'bookClass', { classId });
      await callAs(journey, MEMBER_EMAIL, 'joinWaitlist', { classId });
      await callAs(journey, 'member3@demo.studio', 'cancelBooking', { classId });

      const deadline = Date.now() + ARRIVAL_MS;
      let view: UserClass | null = null;
      while (view?.status !== 'booked') {
        if (Date.now() > deadline) throw new Error('the member was not promoted');
        view = (await journey.read(paths.userClass(MEMBER, classId))) as UserClass | null;
        if (view?.status !== 'booked') await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const [mail, ...more] = await arrived(`promoted-${view.bookingId}`);
      expect(more).toEqual([]);
      expect(mail!.to.map((to) => to.address)).toEqual([MEMBER_EMAIL]);
      expect(mail!.subject).toContain('Mail Yoga');
    },
  );

  it('a checkout webhook delivered twice brings one receipt', { timeout: 240_000 }, async () => {
    const stripe = journey.stack.stripe.url;
    const { sessionId } = (await callAs(journey, MEMBER_EMAIL, 'createCheckoutSession', {
      kind: 'credits',
      packageId: 'credits-5',
      successUrl: `${journey.baseUrl}/tabs/gracias-compra?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${journey.baseUrl}/tabs/inicio`,
    })) as { sessionId: string };
    const completed = await fetch(`${stripe}/_sandbox/checkout_sessions/${sessionId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(completed.ok).toBe(true);
    const [first] = await arrived(`receipt-${sessionId}`);
    expect(first!.subject).toMatch(/receipt/i);

    // Stripe delivers the same event again: the webhook answers, nothing new is sent.
    const events = (await (
      await fetch(`${stripe}/_sandbox/events?type=checkout.session.completed`)
    ).json()) as { data: { id: string; event: { data: { object: { id: string } } } }[] };
    const event = events.data.find((entry) => entry.event.data.object.id === sessionId);
    expect(event).toBeDefined();
    const resent = await fetch(`${stripe}/_sandbox/events/${event!.id}/resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(resent.ok).toBe(true);
    // Several sweeps (every 3 s) after the redelivery: still one receipt.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(await mailsFor(`receipt-${sessionId}`)).toHaveLength(1);
  });
});

describe('the calendar feed', () => {
  it(
    'is made on the profile and serves the member booked classes to a calendar parser',
    { timeout: 240_000 },
    async () => {
      const page = await signedInPage(journey, MEMBER_EMAIL);
      await page.goto(`${journey.baseUrl}/tabs/profile-user/${MEMBER}`);
      await page.getByRole('heading', { name: 'Notifications' }).waitFor({ timeout: ARRIVAL_MS });
      await page.getByRole('switch', { name: 'Class reminder by e-mail' }).click();
      await page.getByRole('button', { name: 'Create my calendar link' }).click();
      const link = page.getByLabel('Your calendar link');
      await link.waitFor({ timeout: ARRIVAL_MS });
      const url = await link.inputValue();
      expect(url).toMatch(new RegExp(`^${journey.baseUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
      expect(await journey.read(`${paths.mailPreferences(MEMBER)}/class-reminder`)).toBe(false);

      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
      const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
      const booked = Object.values(
        ((await journey.read(paths.userClasses(MEMBER))) ?? {}) as Record<string, UserClass>,
      ).filter((entry) => entry.status === 'booked' && entry.startsAt > Date.now());
      const uids = calendar
        .getAllSubcomponents('vevent')
        .map((component) => new ICAL.Event(component).uid);
      for (const entry of booked) expect(uids.join(' ')).toContain(`booking-${entry.bookingId}@`);

      await page.getByRole('button', { name: 'Turn off the link' }).click();
      await page.getByRole('button', { name: 'Create my calendar link' }).waitFor();
      expect((await fetch(url)).status).toBe(404);
    },
  );
});
