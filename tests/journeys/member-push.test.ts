/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser; code passed to the worker runs in the service
// worker. A member on a waiting list is promoted when the booked member cancels: the functions
// push to the member's device at the push service stand-in, the service worker shows it, and the
// tap opens the class sheet. Headless Chromium cannot subscribe to a real push service, so the
// device is a subscription the stand-in made (its keys decrypt what the functions send), saved
// with savePushSubscription as the app saves one; the push the stand-in received is handed to the
// app's service worker through the DevTools protocol (ServiceWorker.deliverPushMessage), and the
// tap runs the worker's own click step (docs/architecture/testing.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate, LOCAL_VAPID_PUBLIC_KEY, paths, type StudioClass } from '@studio/core';
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
    ]),
  240_000,
);

interface StandInMessage {
  endpoint: string;
  status: number;
  payload?: string;
}

describe('a member’s device', () => {
  it(
    'gets a push when promoted from the waiting list, and the tap opens the class sheet',
    { timeout: 300_000 },
    async () => {
      const date = addDays(formatDate(Date.now()), 2);
      const { classIds } = (await callAs(journey, 'admin@demo.studio', 'createClasses', {
        name: 'Push Yoga',
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
      const cls = (await journey.read(paths.class(classId))) as StudioClass;
      await callAs(journey, 'member3@demo.studio', 'bookClass', { classId });
      await callAs(journey, 'member@demo.studio', 'joinWaitlist', { classId });

      // The member's device: a subscription of the stand-in's, saved as the app saves one.
      const pushService = `http://127.0.0.1:${journey.stack.ports.push}`;
      const subscription = (await (
        await fetch(`${pushService}/api/subscriptions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ applicationServerKey: LOCAL_VAPID_PUBLIC_KEY }),
        })
      ).json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
      await callAs(journey, 'member@demo.studio', 'savePushSubscription', {
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      });

      // The app open, its service worker running and in control of the page.
      const page = await signedInPage(journey, 'member@demo.studio');
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

      await callAs(journey, 'member3@demo.studio', 'cancelBooking', { classId });

      // The functions pushed the promotion to the device.
      let payload: string | undefined;
      const deadline = Date.now() + SERVER.timeout;
      while (payload === undefined && Date.now() < deadline) {
        const messages = (await (
          await fetch(
            `${pushService}/api/messages?endpoint=${encodeURIComponent(subscription.endpoint)}&status=201`,
          )
        ).json()) as StandInMessage[];
        payload = messages.find((message) =>
          message.payload?.includes('waitlist-promoted'),
        )?.payload;
        if (payload === undefined) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(payload).toBeDefined();
      const sent = JSON.parse(payload!) as Record<string, unknown>;
      expect(sent).toMatchObject({
        kind: 'waitlist-promoted',
        url: `/tabs/calendario/choose/user?class=${classId}`,
      });
      expect(String(sent['title'])).toContain('Push Yoga');

      // The service worker shows it.
      const cdp = await context.newCDPSession(page);
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
        data: payload!,
      });
      let shown: { title: string; body: string; tag: string }[] = [];
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

      // The tap: the worker's click step opens the class sheet.
      await worker.evaluate(async () => {
        const sw = self as unknown as {
          registration: ServiceWorkerRegistration;
          openPushTarget: (notification: Notification) => Promise<unknown>;
        };
        const [notification] = await sw.registration.getNotifications();
        if (notification) await sw.openPushTarget(notification);
      });
      await page.waitForURL(/\/tabs\/calendario\/choose\/user\?class=/, SERVER);
      const sheet = page.getByRole('dialog');
      await sheet.getByText(cls.hour).first().waitFor(SERVER);
      expect(await sheet.textContent()).toContain('Yoga');
    },
  );
});
