// Debian's Chromium driven by playwright-core (never a downloaded browser build; see
// scripts/setup-chromium.sh), with the flags this offline machine needs.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** `args`: more flags, e.g. a fake camera (tests/support/fake-camera.ts). */
export async function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...args,
    ],
  });
}
