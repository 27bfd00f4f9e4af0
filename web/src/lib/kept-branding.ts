/**
 * The studio's branding as this device keeps it (`StudioBranding` in local storage), and the
 * three paints index.html makes with it before the app has loaded: the brand tokens, title and
 * theme colour in the head, the header's name and logo, home's cover
 * (docs/architecture/web-app.md#studio-branding). web/build/pre-paint.ts writes the source of
 * these functions into index.html's inline scripts, so the first paint and the app run the same
 * code: each function names nothing outside its own body but its parameters and the browser's
 * globals, and imports are types only.
 */
import type { PrimaryTokens, TypefacePair } from '@studio/core';

export interface Branding {
  name: string;
  /** An http(s) or data:image URL, already checked by the `Studio` schema. */
  logo?: string;
  /** The studio's cover picture (a Cloud Storage download URL). */
  cover?: string;
  /**
   * The cover's narrower widths as `srcset` (core `pictureSources`), kept with it so home draws
   * the cover at the screen's width before anything else has loaded, index.html's paint too.
   */
  coverSrcSet?: string;
  /** The typeface pair; absent: the built-in one. */
  typeface?: TypefacePair;
  light: PrimaryTokens;
  dark: PrimaryTokens;
}

export const BRANDING_STORAGE_KEY = 'StudioBranding';
/** The element the first paint and `applyBranding` write the colour tokens into. */
export const BRAND_STYLE_ID = 'studio-brand';

/** What `cacheBranding` wrote (`text`), if it still has that shape; `typefaces`: the pairs. */
export function keptBranding(text: string | null, typefaces: readonly string[]): Branding | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const kept = value as Record<string, unknown>;
    // core's isHexColour, spelled out so this function stands alone.
    const isTokens = (tokens: unknown): tokens is PrimaryTokens =>
      typeof tokens === 'object' &&
      tokens !== null &&
      ['primary', 'hover', 'onPrimary', 'soft'].every((field) => {
        const colour = (tokens as Record<string, unknown>)[field];
        return typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour);
      });
    const { name, logo, cover, coverSrcSet, typeface, light, dark } = kept;
    if (typeof name !== 'string' || name === '' || !isTokens(light) || !isTokens(dark)) return null;
    const safeLogo = typeof logo === 'string' && /^(https?:|data:image\/)/.test(logo) ? logo : null;
    const safeCover = typeof cover === 'string' && /^https?:/.test(cover) ? cover : null;
    const safeSrcSet =
      safeCover && typeof coverSrcSet === 'string' && /^https?:/.test(coverSrcSet)
        ? coverSrcSet
        : null;
    const pair = typeof typeface === 'string' && typefaces.includes(typeface) ? typeface : null;
    return {
      name,
      ...(safeLogo ? { logo: safeLogo } : {}),
      ...(safeCover ? { cover: safeCover } : {}),
      ...(safeSrcSet ? { coverSrcSet: safeSrcSet } : {}),
      ...(pair ? { typeface: pair as TypefacePair } : {}),
      light,
      dark,
    };
  } catch {
    return null;
  }
}

/**
 * The rules that set the brand tokens on `<html>`, light and dark. `:root:root` outranks the
 * tokens' own `:root` whatever the order of the stylesheets.
 */
export function brandCss(branding: Branding): string {
  const declarations = (tokens: PrimaryTokens) =>
    `--color-primary:${tokens.primary};--color-primary-hover:${tokens.hover};` +
    `--color-on-primary:${tokens.onPrimary};--color-primary-soft:${tokens.soft}`;
  return (
    `:root:root{${declarations(branding.light)}}` +
    `@media (prefers-color-scheme: dark){:root:root{${declarations(branding.dark)}}}`
  );
}

/** The head's part: the tokens (`css`, from `brandCss`) in `#studio-brand`, title, theme colour. */
export function paintHead(doc: Document, branding: Branding, css: string): void {
  const style = doc.createElement('style');
  style.id = 'studio-brand';
  style.textContent = css;
  doc.head.append(style);
  doc.title = branding.name;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.light.primary);
}

/** The header's title as the app draws it: the logo, then the name. */
export function paintHeader(title: Element, branding: Branding): void {
  if (title.firstElementChild) title.firstElementChild.textContent = branding.name;
  if (!branding.logo) return;
  const logo = title.ownerDocument.createElement('img');
  logo.className = 'app-logo';
  logo.src = branding.logo;
  logo.alt = '';
  logo.width = logo.height = 32;
  title.prepend(logo);
}

/** Home's cover as the app draws it: the name, and the picture at the screen's width. */
export function paintCover(cover: Element, branding: Branding): void {
  if (cover.lastElementChild) cover.lastElementChild.textContent = branding.name;
  if (!branding.cover) return;
  const picture = cover.ownerDocument.createElement('img');
  picture.className = 'home-cover-picture';
  if (branding.coverSrcSet) picture.setAttribute('sizes', '(min-width: 1024px) 900px, 100vw');
  picture.alt = '';
  picture.width = 1280;
  picture.height = 720;
  picture.setAttribute('fetchpriority', 'high');
  if (branding.coverSrcSet) picture.srcset = branding.coverSrcSet;
  picture.src = branding.cover;
  cover.prepend(picture);
}
