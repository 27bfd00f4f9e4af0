// The screenshot gallery of `npm run screenshots` (SCREENSHOTS=1): each route as the role that
// uses it, and a few states a route alone does not show, at a phone's and a desktop's width, into
// docs/screenshots/{routes,states}/<name>-<width>.png, with docs/screenshots/README.md as the
// index. Names are fixed, so a new run replaces the pictures; without SCREENSHOTS=1 nothing is
// written and the committed gallery stays as it is.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/stack.ts';

export const GALLERY = process.env['SCREENSHOTS'] === '1';
export const GALLERY_DIR = path.join(ROOT, 'docs/screenshots');

/** A phone (iPhone 12–15) and a laptop. */
export const GALLERY_SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

export type GalleryRole = 'guest' | 'member' | 'coach' | 'admin';

export interface GalleryEntry {
  /** File name stem: the route's name, or the state's. */
  name: string;
  role: GalleryRole;
  /** The route's address pattern, or what the state shows. */
  caption: string;
}

/**
 * The page as it is now at each width, the whole page for a route (viewport-sized for a state), animations finished, the caret, the focus
 * ring and the service worker's note hidden, scrolled to `scrollTo` (just under the header) if
 * given; the viewport is put back afterwards.
 */
export async function photograph(
  page: Page,
  kind: 'routes' | 'states',
  name: string,
  scrollTo?: Locator,
  /** The whole page where it scrolls (the routes); a state is what the viewport shows. */
  fullPage = kind === 'routes' && scrollTo === undefined,
): Promise<void> {
  if (!GALLERY) return;
  const folder = path.join(GALLERY_DIR, kind);
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  await page.evaluate(() => {
    // The service worker's "ready to work offline" note appears by itself some 30 s after start,
    // on some pictures and not others (and above an open sheet, out of a click's reach): hidden.
    if (document.getElementById('gallery-style') === null) {
      const style = document.createElement('style');
      style.id = 'gallery-style';
      style.textContent = '.sw-note { display: none !important; }';
      document.head.append(style);
    }
    // No focus ring left where the last step clicked or pressed Escape.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  await sumsShown(page);
  for (const size of GALLERY_SIZES) {
    await page.setViewportSize(size);
    // The pointer off every control (a menu row under it shows its hover colour), on the
    // header's top edge, before the transitions are waited for.
    await page.mouse.move(size.width / 2, 1);
    if (scrollTo) {
      await scrollTo.evaluate((element: HTMLElement) => {
        const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        element.style.scrollMarginTop = `${header + 16}px`;
        element.scrollIntoView({ block: 'start' });
      });
    }
    await settled(page);
    if (fullPage) await tallAsThePage(page, size);
    await page.screenshot({
      path: path.join(folder, `${name}-${size.width}.png`),
      animations: 'disabled',
      caret: 'hide',
      fullPage,
    });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * A part the page adds up or asks for after its heading (a payment list's totals: "Adding up the
 * totals…"; the member's pass, whose first call may wait on a function's cold start) is waited
 * for, up to 40 s; a note that stays (a payment still being confirmed) is taken as it is.
 */
async function sumsShown(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('main [role="status"]')].some((status) =>
          /…$/.test(status.textContent?.trim() ?? ''),
        ),
      undefined,
      { timeout: 40_000 },
    )
    .catch(() => undefined);
}

/**
 * A whole page is taken on a screen as tall as the page: a capture beyond the viewport draws what
 * is fixed where the viewport ends (a desktop's side menu cut some 800 px down, a phone's tab bar
 * across the middle of a long page). Twice, as a taller screen can lengthen the page (a table's
 * height follows it).
 */
async function tallAsThePage(page: Page, size: { width: number; height: number }): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const tall = Math.min(Math.max(height, size.height), MAX_HEIGHT);
    if (tall === page.viewportSize()?.height) return;
    await page.setViewportSize({ width: size.width, height: tall });
    await settled(page);
  }
}

/** Chromium draws a screen up to this tall in one piece; a longer page is captured beyond it. */
const MAX_HEIGHT = 8_000;

/** No transition running (the side menu slides in and out with the width and the menu button). */
export async function settled(page: Page): Promise<void> {
  // Two frames, so a transition the last change starts is already running when looked for.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** docs/screenshots/README.md: every picture of the gallery, linked at full size. */
export function writeGalleryIndex(routes: GalleryEntry[], states: GalleryEntry[]): void {
  if (!GALLERY) return;
  const cell = (kind: string, { name }: GalleryEntry, width: number, shown: number) => {
    const file = `${kind}/${name}-${width}.png`;
    return `<a href="${file}"><img src="${file}" width="${shown}" alt="${name} at ${width} px"></a>`;
  };
  const table = (kind: string, entries: GalleryEntry[], first: string) => [
    `| ${first} | role | 390 px | 1280 px |`,
    '|---|---|---|---|',
    ...entries.map(
      (entry) =>
        `| \`${entry.name}\`<br>${entry.caption} | ${entry.role} | ` +
        `${cell(kind, entry, 390, 180)} | ${cell(kind, entry, 1280, 400)} |`,
    ),
  ];
  const lines = [
    '# Screens',
    '',
    '<!-- Generated by `npm run screenshots` (tests/support/gallery.ts): do not edit. -->',
    '',
    'Every route of `web/src/config/paths.ts` at 390 px (a phone) and 1280 px (a laptop) wide, as',
    'the role that uses it sees it, on the demo studio with bookings, a nearly full class and a',
    'waiting list (`tests/support/lived-in.ts`); then states a route alone does not show. Click a',
    'picture for full size. Regenerate with `npm run screenshots` (see `tests/README.md`).',
    '',
    '## Routes',
    '',
    ...table('routes', routes, 'route'),
    '',
    '## States',
    '',
    ...table('states', states, 'state'),
    '',
  ];
  writeFileSync(path.join(GALLERY_DIR, 'README.md'), lines.join('\n'));
}
