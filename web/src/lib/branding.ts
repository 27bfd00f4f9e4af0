/**
 * The studio's brand on this device (docs/architecture/web-app.md#studio-branding): its name,
 * logo and the design tokens derived from its primary colour. The last branding the database
 * sent is kept in local storage (`StudioBranding`), and index.html applies it before any script
 * runs, so the first paint already wears the studio's colour and name; the shell's session
 * layer then follows the live `Studio` node. No zod here: this module is on the first route.
 */
import type { PrimaryTokens, TypefacePair } from '@studio/core';
import { brandPalette, isHexColour } from '@studio/core';
import { create } from 'zustand';
import { BRANDING_STORAGE_KEY, readStorage, removeStorage, writeStorage } from './storage';
import { BUILT_IN_TYPEFACE, isTypefacePair, typefaceDeclarations } from './typefaces';

export interface Branding {
  name: string;
  /** An http(s) or data:image URL, already checked by the `Studio` schema. */
  logo?: string;
  /** The studio's cover picture (a Cloud Storage download URL). */
  cover?: string;
  /** The typeface pair; absent: the built-in one. */
  typeface?: TypefacePair;
  light: PrimaryTokens;
  dark: PrimaryTokens;
}

/** The element index.html and `applyBranding` write the colour tokens into. */
export const BRAND_STYLE_ID = 'studio-brand';
/** The element the font tokens of a pair other than the built-in one go into (same writers). */
export const TYPEFACE_STYLE_ID = 'studio-typeface';

export function brandingFrom(studio: {
  name: string;
  logo?: string;
  cover?: string;
  typeface?: TypefacePair;
  primaryColor: string;
}): Branding {
  const { light, dark } = brandPalette(studio.primaryColor);
  return {
    name: studio.name,
    ...(studio.logo ? { logo: studio.logo } : {}),
    ...(studio.cover ? { cover: studio.cover } : {}),
    ...(studio.typeface ? { typeface: studio.typeface } : {}),
    light,
    dark,
  };
}

function isTokens(value: unknown): value is PrimaryTokens {
  if (typeof value !== 'object' || value === null) return false;
  const tokens = value as Record<string, unknown>;
  return ['primary', 'hover', 'onPrimary', 'soft'].every(
    (field) => typeof tokens[field] === 'string' && isHexColour(tokens[field]),
  );
}

/** What `cacheBranding` wrote, if it still has that shape. */
export function readCachedBranding(): Branding | null {
  const text = readStorage(BRANDING_STORAGE_KEY);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { name, logo, cover, typeface, light, dark } = value as Record<string, unknown>;
    if (typeof name !== 'string' || name === '' || !isTokens(light) || !isTokens(dark)) return null;
    const safeLogo = typeof logo === 'string' && /^(https?:|data:image\/)/.test(logo) ? logo : null;
    const safeCover = typeof cover === 'string' && /^https?:/.test(cover) ? cover : null;
    return {
      name,
      ...(safeLogo ? { logo: safeLogo } : {}),
      ...(safeCover ? { cover: safeCover } : {}),
      ...(isTypefacePair(typeface) ? { typeface } : {}),
      light,
      dark,
    };
  } catch {
    return null;
  }
}

export function cacheBranding(branding: Branding | null): void {
  if (branding === null) removeStorage(BRANDING_STORAGE_KEY);
  else writeStorage(BRANDING_STORAGE_KEY, JSON.stringify(branding));
}

function declarations(tokens: PrimaryTokens): string {
  return (
    `--color-primary:${tokens.primary};--color-primary-hover:${tokens.hover};` +
    `--color-on-primary:${tokens.onPrimary};--color-primary-soft:${tokens.soft}`
  );
}

/**
 * The rules that set the brand tokens on `<html>`, light and dark. `:root:root` outranks the
 * tokens' own `:root` whatever the order of the stylesheets. index.html builds the same text.
 */
export function brandCss(branding: Branding): string {
  return (
    `:root:root{${declarations(branding.light)}}` +
    `@media (prefers-color-scheme: dark){:root:root{${declarations(branding.dark)}}}`
  );
}

/**
 * The look this build starts with, as vite.config.ts writes it into index.html's title and
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
