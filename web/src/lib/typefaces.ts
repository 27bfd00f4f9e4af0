/**
 * The typeface pairs a studio chooses from on admin-studio (core's TYPEFACE_PAIRS): a display face
 * for headings and the studio's name, a text face for everything else. Self-hosted from
 * `@fontsource` packages (web/src/styles/typefaces.css), Latin only, `font-display: swap`, each
 * with a fallback face whose metrics match it (size-adjust and the ascent, descent and line gap
 * overrides), so the swap moves no text. No zod and no SDK here: the first route applies it.
 */
import type { TypefacePair } from '@studio/core';

export interface Face {
  /** The CSS family name, as the @fontsource CSS declares it. */
  family: string;
  /** @fontsource's package folder name (`@fontsource/<package>`). */
  package: string;
  /** The weights loaded: the display face's one, the text face's regular, medium and bold. */
  weights: readonly number[];
  /** What the fallback face imitates: a sans-serif (Arial's metrics) or a serif (Times'). */
  kind: 'sans' | 'serif';
}

export interface TypefacePairSpec {
  display: Face;
  text: Face;
}

const face = (
  family: string,
  pkg: string,
  weights: readonly number[],
  kind: Face['kind'] = 'sans',
) => ({
  family,
  package: pkg,
  weights,
  kind,
});
const TEXT_WEIGHTS = [400, 500, 700] as const;

export const TYPEFACES: Readonly<Record<TypefacePair, TypefacePairSpec>> = {
  energetic: {
    display: face('Bricolage Grotesque', 'bricolage-grotesque', [700]),
    text: face('Figtree', 'figtree', TEXT_WEIGHTS),
  },
  editorial: {
    display: face('Fraunces', 'fraunces', [600], 'serif'),
    text: face('DM Sans', 'dm-sans', TEXT_WEIGHTS),
  },
  athletic: {
    display: face('Oswald', 'oswald', [600]),
    text: face('Manrope', 'manrope', TEXT_WEIGHTS),
  },
  calm: {
    display: face('Instrument Serif', 'instrument-serif', [400], 'serif'),
    text: face('Plus Jakarta Sans', 'plus-jakarta-sans', TEXT_WEIGHTS),
  },
  geometric: {
    display: face('Syne', 'syne', [700]),
    text: face('Outfit', 'outfit', TEXT_WEIGHTS),
  },
};

/** The pair a build starts with, before (or without) the studio's choice. */
export const BUILT_IN_TYPEFACE: TypefacePair = 'energetic';

const GENERIC = {
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
} as const;

function stack(face: Face): string {
  return `'${face.family}', '${face.family} Fallback', ${GENERIC[face.kind]}`;
}

/** The font tokens of a pair: families with their fallbacks, and the display face's weight. */
export function typefaceDeclarations(pair: TypefacePair): string {
  const { display, text } = TYPEFACES[pair];
  return (
    `--font-display:${stack(display)};--font-text:${stack(text)};` +
    `--weight-display:${display.weights[0]}`
  );
}

/** The woff2 file @fontsource names for a face's weight (Latin), which the build preloads. */
export function fontFileName(face: Face, weight: number): string {
  return `${face.package}-latin-${weight}-normal.woff2`;
}

/** The two files a page's first paint needs: the display face and the text face's regular. */
export function firstPaintFiles(pair: TypefacePair): [string, string] {
  const { display, text } = TYPEFACES[pair];
  return [fontFileName(display, display.weights[0]!), fontFileName(text, 400)];
}

export function isTypefacePair(value: unknown): value is TypefacePair {
  return typeof value === 'string' && Object.hasOwn(TYPEFACES, value);
}
