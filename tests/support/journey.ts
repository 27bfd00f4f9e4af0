// Browser journeys: the local stack (started exactly as `npm start` starts it, on free ports),
// Debian's Chromium, and the few steps every journey repeats. Under the `tests` project's
// globalSetup (journey-stack.ts) all journey files of a run share one stack, taking turns, and
// each turn starts from freshly loaded demo data; without it a file starts a stack of its own.
import { afterAll, beforeAll, inject } from 'vitest';
import http from 'node:http';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { REGION, startStack, type Stack } from '../../scripts/lib/stack.ts';
import { DEMO_PASSWORD, seedDemoData, type SeedOptions } from '../../scripts/lib/seed.ts';
import { daysBetween, formatDate, paths, type SeatLayout, type StudioClass } from '@studio/core';
import { launchBrowser } from './browser.ts';
import type { SharedStackInfo } from './journey-stack.ts';

/** The parts of the stack a journey drives: addresses only, the processes may be shared. */
export interface JourneyStack extends Pick<
  Stack,
  'ports' | 'projectId' | 'namespace' | 'env' | 'functionUrl'
> {
  database: { url: string };
  storage: { url: string };
  stripe: { url: string };
}

export interface Journey {
  stack: JourneyStack;
  browser: Browser;
  /** The hosted PWA, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /**
   * A fresh browser profile (own storage, own session) on a phone-sized viewport. Whatever the
   * page's Content-Security-Policy refuses fails the journey file (`watchPolicy`).
   */
  newPage(): Promise<Page>;
  /** Signs a demo account in through the app's own login form and waits for the home tab. */
  signIn(page: Page, email: string, password?: string): Promise<void>;
  /**
   * Owner-level REST read of the database (or of the emulator namespace `namespace`, a branch's
   * instance), for asserting what a journey wrote.
   */
  read(path: string, namespace?: string): Promise<unknown>;
  /**
   * Loads each function's worker before the journey needs it, with one refused call apiece (no
   * sign-in, so nothing is written): the journey then measures the app, not process start-up.
   */
  warm(names: string[]): Promise<void>;
}

/**
 * Registers the hooks of a journey file and returns its context; the fields are filled once
 * `beforeAll` has run, so read them inside tests only.
 */
export function useJourney(seed: SeedOptions = {}): Journey {
  const contexts: BrowserContext[] = [];
  const journey = {} as Journey;
  const refused: string[] = [];

  let release: () => Promise<void> = async () => {};

  // Waiting for the turn counts against the hook's time: up to the journeys ahead of this one.
  beforeAll(async () => {
    const held = await holdStack();
    release = held.release;
    const stack = held.stack;
    Object.assign(process.env, stack.env);
    await seedDemoData(Date.now(), seed);
    const browser = await launchBrowser();
    const baseUrl = `http://127.0.0.1:${stack.ports.hosting}`;
    Object.assign(journey, {
      stack,
      browser,
      baseUrl,
      async newPage() {
        const context = await browser.newContext({ viewport: { width: 412, height: 860 } });
        contexts.push(context);
        const page = await context.newPage();
        watchPolicy(page, refused);
        return page;
      },
      async signIn(page: Page, email: string, password = DEMO_PASSWORD) {
        await page.goto(`${baseUrl}/login`);
        await page.getByLabel(/^(Email|Correo)/).fill(email);
        await page.getByLabel(/^(Password|Contraseña)/).fill(password);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(/\/tabs\/inicio/, { timeout: 30_000 });
      },
      async read(path: string, namespace = stack.namespace) {
        const response = await fetch(`${stack.database.url}/${path}.json?ns=${namespace}`, {
          headers: { Authorization: 'Bearer owner' },
        });
        return (await response.json()) as unknown;
      },
      async warm(names: string[]) {
        for (const name of names) await warmFunction(stack.functionUrl(name));
      },
    } satisfies Journey);
  }, 1_200_000);

  // Chromium now and then never finishes disposing a context whose service worker is busy: the
  // contexts get 15 s, then closing the browser ends them all (Playwright kills a browser that
  // has not closed within 30 s), and the stack is released either way.
  afterAll(async () => {
    try {
      await Promise.race([
        Promise.all(contexts.map((context) => context.close().catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 15_000).unref()),
      ]);
      await journey.browser?.close();
    } finally {
      await release();
    }
    if (refused.length > 0)
      throw new Error(`The Content-Security-Policy refused:\n${refused.join('\n')}`);
  }, 60_000);

  return journey;
}

/**
 * Records what `page`'s Content-Security-Policy refuses (Chromium says so on the console): the
 * app runs under the policy Hosting and its build give it, so a refusal is a broken feature.
 */
export function watchPolicy(page: Page, refused: string[]): void {
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) refused.push(`${page.url()}: ${text}`);
  });
}

/**
 * The run's shared stack, emptied, when the globalSetup offers one (else a stack of this file's
 * own); the caller loads the demo data. Stack tests that need no browser hold it directly.
 */
export async function holdStack(): Promise<{ stack: JourneyStack; release: () => Promise<void> }> {
  const server = inject('journeyStackServer');
  if (server === undefined) {
    const stack = await startStack();
    return { stack, release: () => stack.stop() };
  }
  const turn = `pid=${process.pid}`;
  const info = JSON.parse(await waitForTurn(`${server}/acquire?${turn}`)) as SharedStackInfo;
  const stack: JourneyStack = {
    ports: info.ports,
    projectId: info.projectId,
    namespace: info.namespace,
    env: info.env,
    database: { url: info.databaseUrl },
    storage: { url: info.storageUrl },
    stripe: { url: info.stripeUrl },
    functionUrl: (name) =>
      `http://127.0.0.1:${info.ports.functions}/${info.projectId}/${REGION}/${name}`,
  };
  const release = async () => {
    await fetch(`${server}/release?${turn}`, { method: 'POST' });
  };
  try {
    await clearStack(stack);
  } catch (error) {
    await release();
    throw error;
  }
  return { stack, release };
}

/**
 * The answer to a turn request. Plain node:http, because fetch gives up on an answer that takes
 * more than 300 s, and a turn may wait that long behind other journeys on a loaded machine.
 */
function waitForTurn(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`The shared stack did not start:\n${body}`));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * What the journey before this one left: every database record, every account (a registered
 * newcomer), every stored picture, every sandbox payment. The caller then loads the demo data as
 * on a new stack.
 */
async function clearStack(stack: JourneyStack): Promise<void> {
  const answers = await Promise.all([
    fetch(`${stack.database.url}/.json?ns=${stack.namespace}`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: 'null',
    }),
    fetch(`http://127.0.0.1:${stack.ports.auth}/emulator/v1/projects/${stack.projectId}/accounts`, {
      method: 'DELETE',
    }),
    fetch(`${stack.storage.url}/internal/reset`, { method: 'POST' }),
    fetch(`${stack.stripe.url}/_sandbox/reset`, { method: 'POST' }),
  ]);
  for (const answer of answers) {
    if (!answer.ok) throw new Error(`Resetting the shared stack: ${answer.url} ${answer.status}`);
  }
}

async function warmFunction(url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: {} }),
      signal: AbortSignal.timeout(90_000),
    }).catch((error: unknown) => {
      if (attempt >= 3) throw error;
      return null;
    });
    if (response === null) continue;
    if (response.status !== 401) throw new Error(`${url} answered ${response.status}, not 401`);
    return;
  }
}

/**
 * How long a step waiting on a callable may take: the first call starts a Functions worker, and
 * past its 70 s limit the app's callable gives up and shows an error the step then reports.
 */
export const SERVER = { timeout: 90_000 };

/**
 * Reads until `done` holds (every half second): a server's effect that lands a moment later.
 * Past SERVER's time it gives up, naming the last value read.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + SERVER.timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The subscription offer opens 5 s after start on a fresh profile (the stack suite covers it);
 * marking it shown today keeps it from covering the screens a journey drives.
 */
export async function offerAlreadyShown(page: Page): Promise<void> {
  await page.context().addInitScript((today: string) => {
    localStorage.setItem('weekly_modal_date', today);
  }, formatDate(Date.now()));
}

/** A fresh browser profile signed in as `email`, with the subscription offer out of the way. */
export async function signedInPage(j: Journey, email: string): Promise<Page> {
  const page = await j.newPage();
  await offerAlreadyShown(page);
  await j.signIn(page, email);
  return page;
}

/** A signature drawn across the signature pad with the mouse, as a finger would. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.locator('canvas.signature-canvas[aria-busy="false"]');
  await pad.waitFor({ timeout: 60_000 });
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 24, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1)
    await page.mouse.move(box.x + 24 + step * 22, y + (step % 2 === 0 ? -18 : 18), { steps: 4 });
  await page.mouse.up();
  await page.getByRole('img', { name: 'Signature box, signed' }).waitFor();
}

/**
 * A callable as the HTTPS protocol carries it, signed in through the Auth emulator: the HTTP
 * status and the JSON body as they came (for refusals a test inspects).
 */
export async function callRawAs(
  j: Journey,
  email: string,
  name: string,
  data: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const auth = await fetch(
    `http://127.0.0.1:${j.stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  const { idToken } = (await auth.json()) as { idToken: string };
  const response = await fetch(j.stack.functionUrl(name), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A callable's result, signed in as `email`; a refusal throws with the error it carried. */
export async function callAs(
  j: Journey,
  email: string,
  name: string,
  data: unknown,
): Promise<unknown> {
  const { status, body } = await callRawAs(j, email, name, data);
  if (status < 200 || status >= 300)
    throw new Error(`${name} failed: ${JSON.stringify(body['error'])}`);
  return body['result'];
}

/** A class the journeys book with a chosen spot, and its spots found by their labels. */
export interface CyclingClass {
  classId: string;
  cls: StudioClass;
  /** The id of the spot labelled `label` in the class's room. */
  spotOf: (label: string) => string;
}

/**
 * The soonest demo cycling class (of `coach` when given) outside the 12 h cancellation window
 * and inside the 7-day booking window.
 */
export async function soonestCyclingClass(j: Journey, coach?: string): Promise<CyclingClass> {
  const hour = 60 * 60 * 1000;
  const classes = (await j.read(paths.classes())) as Record<string, StudioClass>;
  const found = Object.entries(classes)
    .filter(
      ([, c]) =>
        c.exercise === 'cycling' &&
        (coach === undefined || c.coach === coach) &&
        c.startsAt > Date.now() + 13 * hour &&
        c.startsAt < Date.now() + 6 * 24 * hour,
    )
    .sort((a, b) => a[1].startsAt - b[1].startsAt)[0];
  if (!found) throw new Error('no demo cycling class in the booking window');
  const [classId, cls] = found;
  const layout = (await j.read(paths.seatLayout(cls.layout!))) as SeatLayout;
  const spotOf = (label: string): string => {
    const spot = Object.values(layout.spots).find((entry) => entry.label === label);
    if (!spot) throw new Error(`no spot labelled ${label}`);
    return spot.id;
  };
  return { classId, cls, spotOf };
}

/** Opens the schedule on the class's seven days and the class's detail, as a member would. */
export async function openClass(
  j: Journey,
  page: Page,
  cls: StudioClass,
  name: string,
): Promise<Locator> {
  await page.goto(`${j.baseUrl}/tabs/calendario/choose/user`);
  // The schedule shows seven days at a time from today.
  const weeksAhead = Math.floor(daysBetween(formatDate(Date.now()), cls.date) / 7);
  for (let week = 0; week < weeksAhead; week++) {
    await page.getByRole('button', { name: 'Next week' }).click();
  }
  // The week is shown once its day sections are (the heading's words are the screen's own).
  await page.locator(`section[aria-labelledby="day-${cls.date}"]`).waitFor();
  await page
    .locator(`section[aria-labelledby="day-${cls.date}"]`)
    .getByRole('button', { name: new RegExp(`${cls.hour}.*${name}`) })
    .click();
  const detail = page.locator('.class-detail');
  await detail.locator('.class-detail-when').getByText(cls.hour).waitFor();
  return detail;
}
