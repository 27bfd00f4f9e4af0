/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser; code passed to the worker runs in the service
// worker. Pushes reach a member's device: on promotion from the waiting list (the tap opens the
// class sheet), to a watcher of a full class when a seat frees (the tap opens the sheet and the
// member books the seat), a class reminder is held in the member's quiet hours and sent when
// they end, and a device the push service says is gone (410) is removed. Headless
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
  settingsFromStored,
  STUDIO_TIME_ZONE,
  type PushOutboxEntry,
  type PushQuietHours,
  type StudioClass,
} from '@studio/core';
import { SCHEDULED_MAIL_MS } from '../../scripts/lib/stack.ts';
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
      'removePushSubscription',
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const nextMinute = (ms: number) => Math.ceil(ms / MINUTE) * MINUTE;

/** Writes `value` at `path` with the owner's rights, as the app's own writes would land. */
async function ownerPut(path: string, value: unknown): Promise<void> {
  const response = await fetch(
    `${journey.stack.database.url}/${path}.json?ns=${journey.stack.namespace}`,
    { method: 'PUT', headers: { Authorization: 'Bearer owner' }, body: JSON.stringify(value) },
  );
  expect(response.status).toBe(200);
}

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

/**
 * The member's quiet hours off, as the profile's switch writes them: by default pushes that can
 * wait are held from 22:00 to 07:00 studio time, and this suite runs at any hour.
 */
const QUIET_HOURS_OFF: PushQuietHours = { enabled: false, from: '22:00', to: '07:00' };

/**
 * A device of the member's (`demo-<name>` for `<name>@demo.studio`): a subscription of the
 * stand-in's, saved as the app saves one, with the member's quiet hours `quiet` (off unless given).
 */
async function newDevice(email: string, quiet = QUIET_HOURS_OFF): Promise<Device> {
  await ownerPut(paths.pushQuietHours(`demo-${email.split('@')[0]}`), quiet);
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

/** What the stand-in received for the device about a class (any answer), decrypted. */
async function pushesAbout(device: Device, classId: string): Promise<StandInMessage[]> {
  const messages = (await (
    await fetch(`${pushService()}/api/messages?endpoint=${encodeURIComponent(device.endpoint)}`)
  ).json()) as StandInMessage[];
  return messages.filter((message) => message.payload?.includes(`?class=${classId}"`));
}

/**
 * What the stand-in accepted for the device, of `kind` (and about `classId` when given), once it
 * has, as decrypted JSON.
 */
async function pushTo(
  device: Device,
  kind: string,
  { classId, timeout = SERVER.timeout }: { classId?: string; timeout?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const messages = (await (
      await fetch(
        `${pushService()}/api/messages?endpoint=${encodeURIComponent(device.endpoint)}&status=201`,
      )
    ).json()) as StandInMessage[];
    const found = messages.find(
      (message) =>
        message.payload?.includes(`"kind":"${kind}"`) &&
        (classId === undefined || message.payload.includes(`?class=${classId}"`)),
    );
    if (found?.payload !== undefined) return found.payload;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${kind} push reached ${device.endpoint}`);
}

/**
 * Hands the push to the service worker, checks the notification it shows, and taps it. The
 * DevTools protocol hands a push to the registration as it is at that moment, and on a loaded
 * machine a worker that is being started or stopped can miss it (Chromium reports nothing): the
 * push is handed again until a notification shows, as a push service retries a delivery the
 * browser did not take. A repeat carries the same tag, so it replaces rather than adds.
 */
async function showAndTap(page: Page, worker: Worker, payload: string): Promise<void> {
  const sent = JSON.parse(payload) as Record<string, unknown>;
  const cdp = await page.context().newCDPSession(page);
  const scope = `${journey.baseUrl}/`;
  const errors: string[] = [];
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
    errors.push(
      `${errorMessage.errorMessage} (${errorMessage.sourceURL}:${errorMessage.lineNumber})`,
    ),
  );
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find(
        (registration) => !registration.isDeleted && registration.scopeURL === scope,
      );
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registration = await registrationId;
  const notifications = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
      })),
    );
  let shown: { title: string; body: string; tag: string }[] = [];
  const deadline = Date.now() + SERVER.timeout;
  while (shown.length === 0 && Date.now() < deadline) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: journey.baseUrl,
      registrationId: registration,
      data: payload,
    });
    const retryAt = Math.min(Date.now() + 15_000, deadline);
    while (shown.length === 0 && Date.now() < retryAt) {
      shown = await notifications();
      if (shown.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  expect(shown, `the worker's errors: ${errors.join('; ') || 'none'}`).toEqual([
    { title: sent['title'], body: sent['body'], tag: sent['id'] },
  ]);
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

/**
 * The browser's push subscription, answered with a subscription of the stand-in's: headless
 * Chromium has no push service to subscribe with (docs/architecture/testing.md). Kept across
 * loads of the page, ended by `unsubscribe()`, as the browser keeps one.
 */
async function standInPushManager(page: Page, device: Device): Promise<void> {
  await page.context().addInitScript((stored: Device) => {
    const KEY = 'journey-push-subscription';
    const make = (): PushSubscription =>
      ({
        endpoint: stored.endpoint,
        toJSON: () => ({ endpoint: stored.endpoint, keys: stored.keys }),
        unsubscribe: () => {
          localStorage.removeItem(KEY);
          return Promise.resolve(true);
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(localStorage.getItem(KEY) === null ? null : make());
    PushManager.prototype.subscribe = () => {
      localStorage.setItem(KEY, '1');
      return Promise.resolve(make());
    };
  }, device);
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

  it(
    'holds a class reminder in the member’s quiet hours and sends it when they end',
    { timeout: 480_000 },
    async () => {
      const uid = 'demo-member8';
      const { reminderHours } = settingsFromStored(await journey.read(paths.settings()));
      const lead = reminderHours * HOUR;
      // A class starting just over the reminders' lead from now, booked at once: a minute or so
      // later it enters the window and the stack's classReminders job (every minute, as Cloud
      // Scheduler runs it) writes its reminder, whatever the hour.
      const now = Date.now();
      const startsAt = nextMinute(now + lead + 30_000);
      const windowOpens = startsAt - lead;
      // The member's own quiet hours, in studio time as the profile stores them: from an hour
      // ago until after that job has run.
      const quietEnd = nextMinute(windowOpens + SCHEDULED_MAIL_MS + 30_000);
      const quiet = {
        enabled: true,
        from: formatHour(now - HOUR, STUDIO_TIME_ZONE),
        to: formatHour(quietEnd, STUDIO_TIME_ZONE),
      };
      const device = await newDevice('member8@demo.studio', quiet);
      const { classIds } = (await callAs(journey, 'admin@demo.studio', 'createClasses', {
        name: 'Reminder Yoga',
        branch: 'centro',
        exercise: 'yoga',
        coach: 'lucia',
        layout: 'mats',
        capacity: 1,
        hour: formatHour(startsAt, STUDIO_TIME_ZONE),
        duration: 60,
        date: formatDate(startsAt, STUDIO_TIME_ZONE),
      })) as { classIds: string[] };
      const classId = classIds[0]!;
      await callAs(journey, 'member8@demo.studio', 'bookClass', { classId });
      const roster = (await journey.read(paths.classRoster(classId))) as {
        bookings: Record<string, { bookedAt: number }>;
      };
      // Booked before the window: a booking made inside it gets no reminder.
      expect(roster.bookings[uid]!.bookedAt).toBeLessThan(windowOpens);
      const app = appWithWorker('member8@demo.studio');
      app.catch(() => undefined); // awaited below; a failure before then is the test's own

      const reminder = async () =>
        Object.values(
          ((await journey.read(paths.pushOutbox())) ?? {}) as Record<
            string,
            Omit<PushOutboxEntry, 'message'> & { message: { class?: { classId: string } } }
          >,
        ).find(
          (entry) =>
            entry.uid === uid &&
            entry.kind === 'class-reminder' &&
            entry.message.class?.classId === classId,
        );
      // Held until the quiet hours end; the device has heard nothing of it.
      await expect
        .poll(async () => (await reminder())?.status, { timeout: quietEnd - Date.now() })
        .toBe('held');
      expect((await reminder())!.nextAttemptAt).toBe(quietEnd);
      expect(await pushesAbout(device, classId)).toEqual([]);

      // The quiet hours end: the sweep sends it, and the member sees it and taps it.
      const payload = await pushTo(device, 'class-reminder', {
        classId,
        timeout: quietEnd - Date.now() + SERVER.timeout,
      });
      expect((await reminder())!.sentAt).toBeGreaterThanOrEqual(quietEnd);
      const { page, worker } = await app;
      await showAndTap(page, worker, payload);
      await page.waitForURL(/\/tabs\/calendario\/choose\/user\?class=/, SERVER);
      const sheet = page.getByRole('dialog');
      await sheet.getByText(formatHour(startsAt, STUDIO_TIME_ZONE)).first().waitFor(SERVER);
      expect(await sheet.textContent()).toContain('Yoga');
    },
  );

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

  it(
    'turns push on from the profile, watches a full class from its sheet, and signing out removes the device',
    { timeout: 300_000 },
    async () => {
      const uid = 'demo-member17';
      const cls = await fullClass('Sheet Yoga', '15:30', 'member18@demo.studio');
      const device = (await (
        await fetch(`${pushService()}/api/subscriptions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ applicationServerKey: LOCAL_VAPID_PUBLIC_KEY }),
        })
      ).json()) as Device;
      const { page } = await appWithWorker('member17@demo.studio');
      await standInPushManager(page, device);

      // The profile: push on this device, then one kind off.
      await page.goto(`${journey.baseUrl}/tabs/profile-user/${uid}`);
      const section = page.getByRole('region', { name: 'Notifications' });
      await section.getByText('Push is off on this device.').waitFor(SERVER);
      await section.getByRole('button', { name: 'Turn on push on this device' }).click();
      await section.getByText('Push is on for this device.').waitFor(SERVER);
      await section.getByText('Devices that get your pushes: 1').click();
      await section.getByText(/\(this device\)$/).waitFor(SERVER);
      const saved = Object.values(
        (await journey.read(paths.pushSubscriptions(uid))) as Record<string, Device>,
      );
      expect(saved.map((entry) => entry.endpoint)).toEqual([device.endpoint]);
      await section.getByRole('switch', { name: 'Class reminder by push' }).click();
      await expect
        .poll(() => journey.read(paths.pushPreference(uid, 'class-reminder')), SERVER)
        .toBe(false);
      // No quiet hours (a spot offer in quiet hours is not pushed, whatever time this runs).
      await section.getByRole('switch', { name: 'Hold pushes during quiet hours' }).click();
      await expect
        .poll(() => journey.read(paths.pushQuietHours(uid)), SERVER)
        .toEqual(QUIET_HOURS_OFF);

      // The full class's sheet: watch it instead of joining the waiting list.
      await page.goto(`${journey.baseUrl}/tabs/calendario/choose/user?class=${cls.id}`);
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('button', { name: 'Tell me when a spot opens' }).click();
      await sheet.getByText('You are watching this class.').waitFor(SERVER);
      expect(await journey.read(paths.userWatch(uid, cls.id))).toMatchObject({
        startsAt: cls.startsAt,
      });
      // Push is on here already: no offer to turn it on.
      expect(await sheet.getByText('Get a push when a spot opens').count()).toBe(0);

      // A seat frees: the watcher's device hears of it.
      await callAs(journey, 'member18@demo.studio', 'cancelBooking', { classId: cls.id });
      await pushTo(device, 'spot-opened');

      // Signing out: this device gets no more of the member's pushes.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => journey.read(paths.pushSubscriptions(uid)), SERVER).toBeNull();
    },
  );
});
