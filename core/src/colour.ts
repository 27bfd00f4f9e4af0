/**
 * The studio's primary colour and what the app derives from it
 * (docs/architecture/data-model.md#studio-branding): WCAG contrast, and the palette the web app
 * sets as design tokens. Pure and without zod, so the first route can use it.
 */

export type HexColour = `#${string}`;

const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColour(value: string): value is HexColour {
  return HEX.test(value);
}

type Rgb = readonly [number, number, number];

function toRgb(hex: string): Rgb {
  const match = HEX.exec(hex);
  if (!match?.[1]) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): HexColour {
  const part = (c: number) =>
    Math.round(Math.min(255, Math.max(0, c)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** WCAG 2 relative luminance, 0 (black) … 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `weight` 0 keeps `from`, 1 gives `to`. */
export function mixColours(from: string, to: string, weight: number): HexColour {
  const a = toRgb(from);
  const b = toRgb(to);
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * weight) as unknown as Rgb);
}

export const WHITE: HexColour = '#ffffff';
export const BLACK: HexColour = '#000000';
/** WCAG AA for body text. */
export const TEXT_CONTRAST = 4.5;
/**
 * The surfaces the primary colour is read on (web/src/styles/tokens.css `--color-surface`, light
 * and dark). The primary is link text and button fill on the light one, so it must reach
 * `TEXT_CONTRAST` against it; the dark theme gets a lightened variant.
 */
export const LIGHT_SURFACE: HexColour = '#ffffff';
export const DARK_SURFACE: HexColour = '#171e1c';

/** Text on a fill of `background`: white or black, whichever contrasts more. */
export function onColour(background: string): HexColour {
  return contrastRatio(background, WHITE) >= contrastRatio(background, BLACK) ? WHITE : BLACK;
}

/** Whether a primary colour can be the app's link text and button fill on its light surfaces. */
export function primaryContrast(hex: string): number {
  return contrastRatio(hex, LIGHT_SURFACE);
}

export interface PrimaryTokens {
  primary: HexColour;
  hover: HexColour;
  onPrimary: HexColour;
  soft: HexColour;
}

export interface BrandPalette {
  light: PrimaryTokens;
  dark: PrimaryTokens;
}

/** The lightest mix of `hex` towards white that still reads on `surface` … or the reverse. */
function towards(hex: string, target: string, surface: string): HexColour {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mixColours(hex, target, step / 20);
    if (contrastRatio(candidate, surface) >= TEXT_CONTRAST) return candidate;
  }
  return toHex(toRgb(target));
}

/** The strongest tint of `primary` over `surface` that `primary` text still reads on. */
function softTint(primary: string, surface: string, from: number): HexColour {
  for (let weight = from; weight < 1; weight += 0.03) {
    const candidate = mixColours(primary, surface, weight);
    if (contrastRatio(primary, candidate) >= TEXT_CONTRAST) return candidate;
  }
  return toHex(toRgb(surface));
}

function tokensFor(
  primary: HexColour,
  surface: string,
  onPrimary: HexColour,
  tint: number,
): PrimaryTokens {
  // Hover moves away from the text colour, so the text reads better on it, never worse.
  return {
    primary,
    hover: mixColours(primary, onPrimary === WHITE ? BLACK : WHITE, 0.2),
    onPrimary,
    soft: softTint(primary, surface, tint),
  };
}

/**
 * The tokens derived from the studio's primary colour: the light theme uses it as given (darkened
 * only if it does not reach 4.5:1 on white, for colours stored before the check) with white text,
 * the dark theme a variant lightened until it reads on the dark surface, with whichever text
 * reads better on it. Hover is a step away from the text colour; soft is the strongest tint the
 * primary still reads on, for selected rows and badges.
 */
export function brandPalette(hex: string): BrandPalette {
  const light = towards(hex, BLACK, LIGHT_SURFACE);
  const dark = towards(hex, WHITE, DARK_SURFACE);
  return {
    // 4.5:1 on white means white text on it reads too.
    light: tokensFor(light, LIGHT_SURFACE, WHITE, 0.85),
    // A dark surface needs a stronger tint to show at all.
    dark: tokensFor(dark, DARK_SURFACE, onColour(dark), 0.7),
  };
}
