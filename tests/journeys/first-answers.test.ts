// A page's first data comes over the Realtime Database's REST API before the Database
// SDK has loaded (web/src/lib/realtime.ts, rest-read.ts). Here the database's websocket is held
// shut in Chromium, so the SDK can never answer: whatever data the page shows came over REST,
// for a guest (a coach's public page) and for a signed-in member (their own profile, read with
// their ID token, with no copy kept on the device).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { KEPT_TOKEN_AT, keptTokenSaved } from '../../web/bench/lighthouse-routes.ts';
import { SERVER, signedInPage, useJourney } from '../support/journey.ts';

const journey = useJourney();

/** Holds every websocket of the page's context open with no server behind it. */
async function holdWebSockets(page: Page): Promise<void> {
  await page.context().routeWebSocket(/.*/, () => {});
}

/** The REST reads the page made: path and status, e.g. `Coaches/carlos.json 200`. */
function restReads(page: Page, databasePort: number): string[] {
  const reads: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.port === String(databasePort) && url.pathname.endsWith('.json')) {
      reads.push(
        `${url.pathname.slice(1)} ${response.status()}${url.searchParams.has('auth') ? ' with token' : ''}`,
      );
    }
  });
  return reads;
}

describe('first answers over REST', () => {
  it(
    'a guest sees a coach’s page with the database socket held shut',
    { timeout: 120_000 },
    async () => {
      const page = await journey.newPage();
      await holdWebSockets(page);
      const reads = restReads(page, journey.stack.ports.database);
      await page.goto(`${journey.baseUrl}/tabs/coach/carlos`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Carlos Garza' }).isVisible(), SERVER)
        .toBe(true);
      await expect(page.getByText(/Raced on the track/).isVisible()).resolves.toBe(true);
      expect(reads).toContain('Coaches/carlos.json 200');
      // The coach's upcoming classes too, by the query by date over REST: the link below them
      // comes with their answer.
      await expect
        .poll(() => page.getByRole('link', { name: 'Book in the schedule' }).isVisible(), SERVER)
        .toBe(true);
      await expect(page.locator('.coach-classes li').count()).resolves.toBeGreaterThan(0);
      expect(reads).toContain('Classes.json 200');
    },
  );

  it(
    'the week’s classes come once, from the live listener, not over REST as well',
    { timeout: 120_000 },
    async () => {
      // A week of classes read over REST and then by the listener would come twice: the
      // schedule's largest paint is not a class, so it reads them once (calendar bytes ≤ 25 KB).
      const page = await journey.newPage();
      const reads = restReads(page, journey.stack.ports.database);
      await page.goto(`${journey.baseUrl}/tabs/calendario/choose/user`);
      await expect
        .poll(
          () =>
            page
              .getByRole('button', { name: /Cycling/ })
              .first()
              .isVisible(),
          SERVER,
        )
        .toBe(true);
      expect(reads.filter((read) => read.startsWith('Classes.json'))).toEqual([]);
      // The public catalogue the page shows with them still comes first over REST.
      expect(reads.length).toBeGreaterThan(0);
    },
  );

  it(
    'a member sees their own profile with their token, nothing kept on the device, socket shut',
    { timeout: 180_000 },
    async () => {
      const page = await signedInPage(journey, 'member@demo.studio');
      // The sign-in's home page kept the member's nodes on the device: drop them, so the
      // profile's data can only come from the network.
      await page.evaluate(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => reject(new Error('not deleted'));
            request.onblocked = () => resolve();
          }),
        KEPT_TOKEN_AT.name,
      );
      await page.goto('about:blank');
      await holdWebSockets(page);
      const reads = restReads(page, journey.stack.ports.database);
      await page.goto(`${journey.baseUrl}/tabs/profile-user/null`);
      await expect
        .poll(() => page.getByText('Mariana López').first().isVisible(), SERVER)
        .toBe(true);
      expect(reads).toContain('Users/demo-member.json 200 with token');
    },
  );

  it(
    'a member sees their purchases with the token kept at sign-in, the Firebase SDK unreachable',
    { timeout: 180_000 },
    async () => {
      const page = await signedInPage(journey, 'member@demo.studio');
      // The session keeps the account's ID token beside the copies when Auth issues it.
      await expect.poll(() => page.evaluate(keptTokenSaved, KEPT_TOKEN_AT), SERVER).toBe(true);
      await page.goto('about:blank');
      await holdWebSockets(page);
      // Neither Auth nor the Database SDK can load: the purchases can only come over REST, with
      // the kept token (purchases are never kept on the device).
      const sdkAsked: string[] = [];
      await page.context().route(/\/assets\/firebase-sdk-[^/]+\.js$/, (route) => {
        sdkAsked.push(route.request().url());
        return route.abort();
      });
      const reads = restReads(page, journey.stack.ports.database);
      await page.goto(`${journey.baseUrl}/tabs/mis-compras/user/view`);
      await expect
        .poll(
          () => page.getByText('Your packs and subscription payments will show here.').isVisible(),
          SERVER,
        )
        .toBe(true);
      expect(reads).toContain('Payments.json 200 with token');
      // The app does ask for the SDK (the session layer, the live listener), and is refused:
      // what the page showed came without it.
      await expect.poll(() => sdkAsked.length, SERVER).toBeGreaterThan(0);
    },
  );

  it(
    'the waiting list opens from the copy kept at sign-in, never opened, database unreachable',
    { timeout: 180_000 },
    async () => {
      const page = await signedInPage(journey, 'member@demo.studio');
      // The session keeps the member's own nodes with the user details, 3 s after sign-in.
      await page.waitForTimeout(4_500);
      await page.goto('about:blank');
      await holdWebSockets(page);
      const port = journey.stack.ports.database;
      await page.context().route(
        (url) => url.port === String(port),
        (route) => route.abort(),
      );
      await page.goto(`${journey.baseUrl}/tabs/waitlist`);
      await expect
        .poll(() => page.getByText(/On a full class, join its waiting list/).isVisible(), SERVER)
        .toBe(true);
    },
  );
});
