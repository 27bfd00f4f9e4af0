// The typefaces at build time (web/src/lib/typefaces.ts is the one list): the stylesheet that
// declares every pair's faces with metric-matched fallbacks (written to
// web/src/styles/typefaces.css by `npm run typefaces -w web`, kept equal by
// web/test/typefaces.test.ts), and the head script that preloads the two files the first paint
// of the studio's pair needs (the kept branding's choice, else the built-in pair).
import { fontFamilyToCamelCase } from '@capsizecss/metrics';
import type { Plugin } from 'vite';
import type { Face } from '../src/lib/typefaces';
import {
  BUILT_IN_TYPEFACE,
  firstPaintFiles,
  typefaceDeclarations,
  TYPEFACES,
} from '../src/lib/typefaces';
import { TYPEFACE_PAIRS } from '../../core/src/schemas/studio';

/** What each fallback imitates with: local fonts of the same widths, Arial's or Times'. */
const FALLBACK_SOURCES = {
  sans: "local('Arial'), local('Liberation Sans'), local('Helvetica')",
  serif: "local('Times New Roman'), local('Liberation Serif'), local('Times')",
} as const;

// As Prettier writes a percentage: no trailing zeros after the point.
const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`;

/** The metrics of a font as @capsizecss/metrics describes it (the fields used here). */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
  subsets?: { latin?: { xWidthAvg: number } };
}

/**
 * A face that draws a local font at the family's size and line metrics, the way capsize and
 * next/font compute it: scaled by the ratio of average character widths, with the family's
 * ascent, descent and line gap.
 */
export function fallbackFace(face: Face, metrics: FontMetrics, fallback: FontMetrics): string {
  const width = (m: FontMetrics) => (m.subsets?.latin?.xWidthAvg ?? m.xWidthAvg) / m.unitsPerEm;
  const sizeAdjust = width(metrics) / width(fallback);
  const em = metrics.unitsPerEm * sizeAdjust;
  return [
    '@font-face {',
    `  font-family: '${face.family} Fallback';`,
    `  src: ${FALLBACK_SOURCES[face.kind]};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${percent(metrics.ascent / em)};`,
    `  descent-override: ${percent(Math.abs(metrics.descent) / em)};`,
    `  line-gap-override: ${percent(metrics.lineGap / em)};`,
    '}',
  ].join('\n');
}

async function loadMetrics(name: string): Promise<FontMetrics> {
  const module = (await import(`@capsizecss/metrics/${name}`)) as { default: FontMetrics };
  return module.default;
}

/** web/src/styles/typefaces.css, as it must read. */
export async function typefacesCss(): Promise<string> {
  const faces = TYPEFACE_PAIRS.flatMap((pair) => [TYPEFACES[pair].display, TYPEFACES[pair].text]);
  const imports = faces.flatMap((face) =>
    face.weights.map((weight) => `@import '@fontsource/${face.package}/latin-${weight}.css';`),
  );
  const fallbacks = {
    sans: await loadMetrics('arial'),
    serif: await loadMetrics('timesNewRoman'),
  };
  const fallbackFaces: string[] = [];
  for (const face of faces) {
    fallbackFaces.push(
      fallbackFace(
        face,
        await loadMetrics(fontFamilyToCamelCase(face.family)),
        fallbacks[face.kind],
      ),
    );
  }
  return [
    '/* Written by `npm run typefaces -w web` from web/src/lib/typefaces.ts (web/build/typefaces.ts):',
    "   every pair's faces, Latin only, font-display: swap (declared by @fontsource), and a fallback",
    '   face per family whose metrics match it, so swapping in the web font moves no text. Only the',
    '   files of the pair in use are downloaded. */',
    ...imports,
    '',
    ...fallbackFaces,
    '',
  ].join('\n');
}

/**
 * The head script that preloads the first paint's two font files of the studio's pair (the kept
 * `StudioBranding.typeface`, else the built-in pair) and, for a pair other than the built-in one,
 * sets its font tokens before the first paint, as lib/branding.ts does once the app runs.
 */
export function typefacePreloadScript(files: Record<string, [string, string]>): string {
  const declarations = Object.fromEntries(
    TYPEFACE_PAIRS.map((pair) => [pair, typefaceDeclarations(pair)]),
  );
  return [
    '{',
    `const files = ${JSON.stringify(files)};`,
    `const tokens = ${JSON.stringify(declarations)};`,
    `let pair = ${JSON.stringify(BUILT_IN_TYPEFACE)};`,
    `try { const kept = JSON.parse(localStorage.getItem('StudioBranding')); if (kept && Object.hasOwn(files, kept.typeface)) pair = kept.typeface; } catch {}`,
    `if (pair !== ${JSON.stringify(BUILT_IN_TYPEFACE)}) {`,
    `  const style = document.createElement('style');`,
    `  style.id = 'studio-typeface';`,
    `  style.textContent = ':root:root{' + tokens[pair] + '}';`,
    `  document.head.append(style);`,
    `}`,
    `for (const href of files[pair]) {`,
    `  const link = document.createElement('link');`,
    `  link.rel = 'preload';`,
    `  link.as = 'font';`,
    `  link.type = 'font/woff2';`,
    `  link.crossOrigin = '';`,
    `  link.href = href;`,
    `  document.head.append(link);`,
    `}`,
    '}',
  ].join('\n');
}

/** Writes typefacePreloadScript into index.html's head, with the built files' hashed names. */
export function preloadTypefaces(): Plugin {
  return {
    name: 'studio:preload-typefaces',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const built = new Map<string, string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'asset') continue;
          for (const name of output.names ?? []) built.set(name, `/${output.fileName}`);
        }
        const files: Record<string, [string, string]> = {};
        for (const pair of TYPEFACE_PAIRS) {
          const [display, text] = firstPaintFiles(pair).map((name) => {
            const file = built.get(name);
            if (!file)
              throw new Error(
                `the build has no ${name}: is web/src/styles/typefaces.css imported?`,
              );
            return file;
          }) as [string, string];
          files[pair] = [display, text];
        }
        return {
          html,
          tags: [{ tag: 'script', children: typefacePreloadScript(files), injectTo: 'head' }],
        };
      },
    },
  };
}
