/**
 * The studio's brand on this device (docs/architecture/web-app.md#studio-branding): its name,
 * logo and the design tokens derived from its primary colour. The last branding the database
 * sent is kept in local storage (`StudioBranding`), and index.html applies it before any script
 * runs, so the first paint already wears the studio's colour and name; the shell's session
 * layer then follows the live `Studio` node. No zod here: this module is on the first route.
 */
import type { TypefacePair } from '@studio/core';
import { brandPalette } from '@studio/core';
import { create } from 'zustand';
import type { Branding } from './kept-branding';
import { BRAND_STYLE_ID, brandCss, keptBranding } from './kept-branding';
import { drawableImage } from './pictures/studio-image';
import { BRANDING_STORAGE_KEY, readStorage, removeStorage, writeStorage } from './storage';
import { BUILT_IN_TYPEFACE, TYPEFACES, typefaceDeclarations } from './typefaces';

export type { Branding } from './kept-branding';
export { BRAND_STYLE_ID, brandCss } from './kept-branding';

/**
 * The cover index.html drew on a first visit (no branding kept yet) from its own early read of
 * `Studio`: home draws the same picture until the app's read of the studio answers.
 */
export function firstVisitCover(): string | undefined {
  return drawableImage(window.__STUDIO_FIRST_COVER__, 'studio');
}

/** The element the font tokens of a pair other than the built-in one go into (same writers). */
export const TYPEFACE_STYLE_ID = 'studio-typeface';

export function brandingFrom(
  studio: {
    name: string;
    logo?: string;
    cover?: string;
    typeface?: TypefacePair;
    primaryColor: string;
  },
  coverSrcSet?: string,
): Branding {
  const { light, dark } = brandPalette(studio.primaryColor);
  return drawablePictures({
    name: studio.name,
    ...(studio.logo ? { logo: studio.logo } : {}),
    ...(studio.cover ? { cover: studio.cover } : {}),
    ...(studio.cover && coverSrcSet ? { coverSrcSet } : {}),
    ...(studio.typeface ? { typeface: studio.typeface } : {}),
    light,
    dark,
  });
}

/** `branding` without a logo or cover the app does not draw (lib/pictures/studio-image.ts). */
function drawablePictures(branding: Branding): Branding {
  const { logo, cover, coverSrcSet, ...rest } = branding;
  const drawnLogo = drawableImage(logo, 'studio');
  const drawnCover = drawableImage(cover, 'studio');
  return {
    ...rest,
    ...(drawnLogo ? { logo: drawnLogo } : {}),
    ...(drawnCover ? { cover: drawnCover } : {}),
    ...(drawnCover && coverSrcSet ? { coverSrcSet } : {}),
  };
}

/** What `cacheBranding` wrote, if it still has that shape (the check index.html runs too). */
export function readCachedBranding(): Branding | null {
  const kept = keptBranding(readStorage(BRANDING_STORAGE_KEY), Object.keys(TYPEFACES));
  return kept && drawablePictures(kept);
}

export function cacheBranding(branding: Branding | null): void {
  if (branding === null) removeStorage(BRANDING_STORAGE_KEY);
  else writeStorage(BRANDING_STORAGE_KEY, JSON.stringify(branding));
}

/**
 * The look this build starts with, as web/build/branding.ts writes it into index.html's title and
 * theme colour (`VITE_STUDIO_NAME`, `VITE_STUDIO_COLOR`, else the built-in 'Studio' green).
 */
export const BUILT_IN_LOOK = {
  title: import.meta.env.VITE_STUDIO_NAME?.trim() || 'Studio',
  themeColour: import.meta.env.VITE_STUDIO_COLOR?.trim().toLowerCase() || '#0f5e59',
} as const;

/**
 * Sets the tokens, the document title and the theme colour; null restores the built-in look
 * (the tokens' own colours, the build's title and theme colour).
 */
export function applyBranding(branding: Branding | null, doc: Document = document): void {
  applyTypeface(branding?.typeface ?? BUILT_IN_TYPEFACE, doc);
  let style = doc.getElementById(BRAND_STYLE_ID);
  if (branding === null) {
    style?.remove();
    doc.title = BUILT_IN_LOOK.title;
    doc
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', BUILT_IN_LOOK.themeColour);
    return;
  }
  if (!style) {
    style = doc.createElement('style');
    style.id = BRAND_STYLE_ID;
    doc.head.append(style);
  }
  const css = brandCss(branding);
  if (style.textContent !== css) style.textContent = css;
  doc.title = branding.name;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.light.primary);
}

/**
 * The font tokens of the studio's pair: the built-in pair is tokens.css's own, so only another
 * pair writes its tokens (with the same `:root:root` weight as the colours).
 */
function applyTypeface(pair: TypefacePair, doc: Document): void {
  let style = doc.getElementById(TYPEFACE_STYLE_ID);
  if (pair === BUILT_IN_TYPEFACE) {
    style?.remove();
    return;
  }
  if (!style) {
    style = doc.createElement('style');
    style.id = TYPEFACE_STYLE_ID;
    doc.head.append(style);
  }
  const css = `:root:root{${typefaceDeclarations(pair)}}`;
  if (style.textContent !== css) style.textContent = css;
}

interface BrandingState {
  branding: Branding | null;
  setBranding: (branding: Branding | null) => void;
}

/** The branding the header shows: the cached one at start, then each one the database sends. */
export const useBrandingStore = create<BrandingState>()((set) => ({
  branding: readCachedBranding(),
  setBranding: (branding) => {
    applyBranding(branding);
    cacheBranding(branding);
    set({ branding });
  },
}));
