// index.html's branding scripts, written from the functions the app uses (src/lib/kept-branding.ts):
// each `<script data-pre-paint="…"></script>` of index.html becomes that function's source run
// on the kept branding, so the first paint cannot drift from the app.
import type { Plugin } from 'vite';
import { TYPEFACE_PAIRS } from '../../core/src/schemas/studio';
import {
  BRANDING_STORAGE_KEY,
  brandCss,
  keptBranding,
  paintCover,
  paintHead,
  paintHeader,
} from '../src/lib/kept-branding';

/** The kept branding, checked; the script stops (as on blocked storage) when there is none. */
const KEPT =
  `const branding = (${keptBranding.toString()})(` +
  `localStorage.getItem(${JSON.stringify(BRANDING_STORAGE_KEY)}), ${JSON.stringify(TYPEFACE_PAIRS)});`;

/** Each part: what it paints once the kept branding is sound. */
const PARTS = {
  // In the head: tokens, title and theme colour.
  head: `(${paintHead.toString()})(document, branding, (${brandCss.toString()})(branding));`,
  // Right after the header's title.
  header: `(${paintHeader.toString()})(document.currentScript.previousElementSibling, branding);`,
  // After the start page's own script, which shows it on its addresses only.
  cover: [
    `const home = document.querySelector('#root section.home');`,
    `if (home && !home.hidden) (${paintCover.toString()})(home.querySelector('.home-cover'), branding);`,
  ].join('\n'),
} as const;

export type PrePaintPart = keyof typeof PARTS;

/** The inline script of one part. In a block: a classic script's top-level names are globals. */
export function prePaintScript(part: PrePaintPart): string {
  // No storage, or nothing usable kept: the built-in look, until the app reads the studio.
  return `{\ntry {\n${KEPT}\nif (branding) {\n${PARTS[part]}\n}\n} catch {}\n}`;
}

/** index.html with each `<script data-pre-paint="…"></script>` filled in. */
export function prePaintHtml(html: string): string {
  let result = html;
  for (const part of Object.keys(PARTS) as PrePaintPart[]) {
    const placeholder = `<script data-pre-paint="${part}"></script>`;
    if (!result.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`);
    result = result.replace(placeholder, () => `<script>${prePaintScript(part)}</script>`);
  }
  return result;
}

export function prePaintBranding(): Plugin {
  return {
    name: 'studio:pre-paint-branding',
    transformIndexHtml: { order: 'pre', handler: prePaintHtml },
  };
}
