/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser; code passed to the worker runs in the service
// worker. Pushes reach a member's device: on promotion from the waiting list (the tap opens the
// class sheet), to a watcher of a full class when a seat frees (the tap opens the sheet and the
// member books the seat), and a device the push service says is gone (410) is removed. Headless
// Chromium cannot subscribe to a real push service, so a device is a subscription the push
// service stand-in made (its keys decrypt what the functions send), saved with
// savePushSubscription as the app saves one; the push the stand-in received is handed to the
// app's service worker through the DevTools protocol (ServiceWorker.deliverPushMessage), and the
// tap runs the worker's own click step (docs/architecture/testing.md).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import {
  addDays,
  formatDate,
  formatHour,
  LOCAL_VAPID_PUBLIC_KEY,
  paths,
  STUDIO_TIME_ZONE,
  type StudioClass,
} from '@studio/core';
import { SERVER, callAs, signedInPage, useJourney } from '../support/journey.ts';

const journey = useJourney();

beforeAll(
  () =>
    journey.warm([
      'createClasses',
      'bookClass',
      'joinWaitlist',
      'cancelBooking',
      'savePushSubscription',
      'watchClass',
      'updateClass',
    ]),
  240_000,
);

interface StandInMessage {
  endpoint: string;
  status: number;
  payload?: string;
}

interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const pushService = () => `http://127.0.0.1:${journey.stack.ports.push}`;

/** A one-seat class two days ahead, made as an admin makes one, and booked by `holder`. */
async function fullClass(
  name: string,
  hour: string,
  holder: string,
): Promise<StudioClass & { id: string }> {
  const { classIds } = (await callAs(journey, 'admin@demo.studio', 'createClasses', {
    name,
    branch: 'centro',
    exercise: 'yoga',
    coach: 'lucia',
    layout: 'mats',
    capacity: 1,
    hour,
    duration: 60,
    date: addDays(formatDate(Date.now()), 2),
  })) as { classIds: string[] };
  const id = classIds[0]!;
  await callAs(journey, holder, 'bookClass', { classId: id });
  return { id, ...((await journey.read(paths.class(id))) as StudioClass) };
}

/** A device of the member's: a subscription of the stand-in's, saved as the app saves one. */
async function newDevice(email: string): Promise<Device> {
  const device = (await (
    await fetch(`${pushService()}/api/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey: LOCAL_VAPID_PUBLIC_KEY }),
    })
  ).json()) as Device;
  await callAs(journey, email, 'savePushSubscription', {
    endpoint: device.endpoint,
    keys: device.keys,
  });
  return device;
}

/** The app open for `email`, notifications allowed, its service worker controlling the page. */
async function appWithWorker(email: string): Promise<{ page: Page; worker: Worker }> {
  const page = await signedInPage(journey, email);
  const context = page.context();
  // The member allowed notifications when turning push on.
  await context.grantPermissions(['notifications'], { origin: journey.baseUrl });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await page.evaluate(async () => {
    const active = (await navigator.serviceWorker.ready).active;
    if (active?.state === 'activating')
      await new Promise((resolve) => active.addEventListener('statechange', resolve));
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { page, worker };
}

/** What the stand-in accepted for the device, of `kind`, once it has (decrypted JSON). */
async function pushTo(device: Device, kind: string): Promise<string> {
  const deadline = Date.now() + SERVER.timeout;
  while (Date.now() < deadline) {
    const messages = (await (
      await fetch(
        `${pushService()}/api/messages?endpoint=${encodeURIComponent(device.endpoint)}&status=201`,
      )
    ).json()) as StandInMessage[];
    const found = messages.find((message) => message.payload?.includes(`"kind":"${kind}"`));
    if (found?.payload !== undefined) return found.payload;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${kind} push reached ${device.endpoint}`);
}

/** Hands the push to the service worker, checks the notification it shows, and taps it. */
async function showAndTap(page: Page, worker: Worker, payload: string): Promise<void> {
  const sent = JSON.parse(payload) as Record<string, unknown>;
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: journey.baseUrl,
    registrationId,
    data: payload,
  });
  let shown: { title: string; body: string; tag: string }[] = [];
  const deadline = Date.now() + SERVER.timeout;
  while (shown.length === 0 && Date.now() < deadline) {
    shown = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
      })),
    );
    if (shown.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(shown).toEqual([{ title: sent['title'], body: sent['body'], tag: sent['id'] }]);
  // The tap: the worker's click step.
  await worker.evaluate(async () => {
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      openPushTarget: (notification: Notification) => Promise<unknown>;
    };
    const [notification] = await sw.registration.getNotifications();
    if (notification) await sw.openPushTarget(notification);
  });
}

describe('a member’s device', () => {
  it(
    'gets a push when promoted from the waiting list, and the tap opens the class sheet',
    { timeout: 300_000 },
    async () => {
      const cls = await fullClass('Push Yoga', '11:45', 'member3@demo.studio');
      await callAs(journey, 'member@demo.studio', 'joinWaitlist', { classId: cls.id });
      const device = await newDevice('member@demo.studio');
      const { page, worker } = await appWithWorker('member@demo.studio');

      await callAs(journey, 'member3@demo.studio', 'cancelBooking', { classId: cls.id });
      const payload = await pushTo(device, 'waitlist-promoted');
      const sent = JSON.parse(payload) as Record<string, unknown>;
      expect(sent).toMatchObject({ url: `/tabs/calendario/choose/user?class=${cls.id}` });
      expect(String(sent['title'])).toContain('Push Yoga');

      await showAndTap(page, worker, payload);
      await page.waitForURL(/\/tabs\/calendario\/choose\/user\?class=/, SERVER);
      const sheet = page.getByRole('dialog');
      await sheet.getByText(cls.hour).first().waitFor(SERVER);
      expect(await sheet.textContent()).toContain('Yoga');
    },
  );

  it(
    'as a watcher of a full class, hears that a seat freed and books it from the tap',
    { timeout: 300_000 },
    async () => {
      const cls = await fullClass('Watched Yoga', '12:30', 'member4@demo.studio');
      expect(
        await callAs(journey, 'member5@demo.studio', 'watchClass', { classId: cls.id }),
      ).toEqual({ ahead: 0 });
      const device = await newDevice('member5@demo.studio');
      const { page, worker } = await appWithWorker('member5@demo.studio');

      await callAs(journey, 'member4@demo.studio', 'cancelBooking', { classId: cls.id });
      const payload = await pushTo(device, 'spot-opened');
      await showAndTap(page, worker, payload);
      await page.waitForURL(/\/tabs\/calendario\/choose\/user\?class=/, SERVER);
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('button', { name: 'Book the first free spot' }).click();
      await sheet
        .locator('.outcome-ok')
        .getByText(/^Booked: spot/)
        .waitFor(SERVER);
      const roster = (await journey.read(paths.classRoster(cls.id))) as {
        bookings: Record<string, unknown>;
      };
      expect(Object.keys(roster.bookings)).toEqual(['demo-member5']);
    },
  );

  it('holds a push that can wait while the member is in quiet hours', async () => {
    const cls = await fullClass('Quiet Yoga', '14:00', 'member8@demo.studio');
    const device = await newDevice('member8@demo.studio');
    // The member's own quiet hours, around now (studio time), as the profile writes them.
    const now = Date.now();
    const quiet = {
      enabled: true,
      from: formatHour(now - 3_600_000, STUDIO_TIME_ZONE),
      to: formatHour(now + 3_600_000, STUDIO_TIME_ZONE),
    };
    await fetch(
      `${journey.stack.database.url}/${paths.pushQuietHours('demo-member8')}.json?ns=${journey.stack.namespace}`,
      { method: 'PUT', headers: { Authorization: 'Bearer owner' }, body: JSON.stringify(quiet) },
    );
    // The studio gives the class another coach: the member hears of it after the quiet hours.
    await callAs(journey, 'admin@demo.studio', 'updateClass', { classId: cls.id, coach: 'carlos' });
    const held = async () =>
      Object.values(
        ((await journey.read(paths.pushOutbox())) ?? {}) as Record<
          string,
          { uid: string; kind: string; status: string; nextAttemptAt: number }
        >,
      ).filter((entry) => entry.uid === 'demo-member8' && entry.kind === 'class-changed');
    await expect.poll(async () => (await held())[0]?.status, SERVER).toBe('held');
    expect((await held())[0]!.nextAttemptAt).toBeGreaterThan(now + 3_000_000);
    const received = (await (
      await fetch(`${pushService()}/api/messages?endpoint=${encodeURIComponent(device.endpoint)}`)
    ).json()) as StandInMessage[];
    expect(received).toEqual([]);
  }, 300_000);

  it('is removed when the push service answers 410 (the member unsubscribed)', async () => {
    const cls = await fullClass('Gone Yoga', '13:15', 'member6@demo.studio');
    await callAs(journey, 'member7@demo.studio', 'joinWaitlist', { classId: cls.id });
    const device = await newDevice('member7@demo.studio');
    const devices = () => journey.read(paths.pushSubscriptions('demo-member7'));
    expect(Object.keys((await devices()) as object)).toHaveLength(1);
    await fetch(`${pushService()}/api/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 410, endpoint: device.endpoint }),
    });

    await callAs(journey, 'member6@demo.studio', 'cancelBooking', { classId: cls.id });
    await expect.poll(devices, SERVER).toBeNull();
    const answered = (await (
      await fetch(`${pushService()}/api/messages?endpoint=${encodeURIComponent(device.endpoint)}`)
    ).json()) as StandInMessage[];
    expect(answered.map((message) => message.status)).toEqual([410]);
  }, 300_000);
});
