// Browser journeys: one local stack per test file (started exactly as `npm start` starts it, on
// free ports, with the demo data), Debian's Chromium, and the few steps every journey repeats.
import { afterAll, beforeAll } from 'vitest';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ROOT, startStack, type Stack } from '../../scripts/lib/stack.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/lib/seed.ts';
import { launchBrowser } from './browser.ts';

export interface Journey {
  stack: Stack;
  browser: Browser;
  /** The hosted PWA, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** A fresh browser profile (own storage, own session) on a phone-sized viewport. */
  newPage(): Promise<Page>;
  /** Signs a demo account in through the app's own login form and waits for the home tab. */
  signIn(page: Page, email: string, password?: string): Promise<void>;
  /** Owner-level REST read of the database, for asserting what a journey wrote. */
  read(path: string): Promise<unknown>;
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
export function useJourney(): Journey {
  const contexts: BrowserContext[] = [];
  const journey = {} as Journey;

  beforeAll(async () => {
    const stack = await startStack();
    Object.assign(process.env, stack.env);
    await seedDemoData();
    const browser = await launchBrowser();
    const baseUrl = `http://127.0.0.1:${stack.ports.hosting}`;
    Object.assign(journey, {
      stack,
      browser,
      baseUrl,
      async newPage() {
        const context = await browser.newContext({ viewport: { width: 412, height: 860 } });
        contexts.push(context);
        return context.newPage();
      },
      async signIn(page: Page, email: string, password = DEMO_PASSWORD) {
        await page.goto(`${baseUrl}/login`);
        await page.getByLabel(/^(Email|Correo)/).fill(email);
        await page.getByLabel(/^(Password|Contraseña)/).fill(password);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(/\/tabs\/inicio/, { timeout: 30_000 });
      },
      async read(path: string) {
        const response = await fetch(`${stack.database.url}/${path}.json?ns=${stack.namespace}`, {
          headers: { Authorization: 'Bearer owner' },
        });
        return (await response.json()) as unknown;
      },
      async warm(names: string[]) {
        for (const name of names) await warmFunction(stack.functionUrl(name));
      },
    } satisfies Journey);
  }, 360_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await journey.browser?.close();
    await journey.stack?.stop();
  }, 60_000);

  return journey;
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
 * With `SCREENSHOTS=1`, saves the page to docs/screenshots/{name} (the README shows them); plain
 * test runs leave the committed pictures alone. `target` is scrolled into view under the header.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { target?: Locator; fullPage?: boolean } = {},
): Promise<void> {
  if (process.env['SCREENSHOTS'] !== '1') return;
  const note = page.getByRole('button', { name: 'Dismiss' });
  if (await note.isVisible()) await note.click();
  if (options.target) {
    await options.target.evaluate((element) => {
      element.scrollIntoView();
      const header = document.querySelector('header');
      window.scrollBy(0, -(header?.getBoundingClientRect().height ?? 0));
    });
  }
  await page.screenshot({
    path: path.join(ROOT, 'docs/screenshots', name),
    fullPage: options.fullPage ?? false,
  });
}
