// The typefaces are one list (src/lib/typefaces.ts): the committed stylesheet, tokens.css's
// built-in tokens, the head script and the app's branding all follow it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { TYPEFACE_PAIRS } from '@studio/core';
import { typefacePreloadScript, typefacesCss } from '../build/typefaces';
import { applyBranding, brandingFrom, TYPEFACE_STYLE_ID } from '../src/lib/branding';
import {
  BUILT_IN_TYPEFACE,
  firstPaintFiles,
  typefaceDeclarations,
  TYPEFACES,
} from '../src/lib/typefaces';

const read = (relative: string) =>
  readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');
const squash = (text: string) =>
  text.replace(/\s+/g, ' ').replace(/: /g, ':').replace(/; ?/g, ';').trim();

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
});

describe('typefaces', () => {
  it('web/src/styles/typefaces.css is what `npm run typefaces -w web` writes', async () => {
    expect(read('../src/styles/typefaces.css')).toBe(await typefacesCss());
  });

  it("tokens.css starts with the built-in pair's tokens", () => {
    const tokens = squash(read('../src/styles/tokens.css'));
    for (const declaration of typefaceDeclarations(BUILT_IN_TYPEFACE).split(';'))
      expect(tokens).toContain(squash(declaration));
  });

  it('declares every pair: each face has a fallback matched to its metrics', () => {
    const css = read('../src/styles/typefaces.css');
    for (const pair of TYPEFACE_PAIRS) {
      for (const face of [TYPEFACES[pair].display, TYPEFACES[pair].text]) {
        expect(css).toContain(`font-family: '${face.family} Fallback';`);
        for (const weight of face.weights)
          expect(css).toContain(`@import '@fontsource/${face.package}/latin-${weight}.css';`);
      }
    }
  });

  it("the head script preloads the kept pair's two first-paint files and sets its tokens", () => {
    const files = Object.fromEntries(
      TYPEFACE_PAIRS.map((pair) => [pair, firstPaintFiles(pair).map((name) => `/assets/${name}`)]),
    ) as Record<string, [string, string]>;
    const run = (): void => {
      runInNewContext(typefacePreloadScript(files), { document, localStorage, JSON, Object });
    };
    run();
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="font"]')].map((link) =>
        link.getAttribute('href'),
      );
    expect(preloads()).toEqual(files[BUILT_IN_TYPEFACE]);
    expect(document.getElementById(TYPEFACE_STYLE_ID)).toBeNull();

    document.head.innerHTML = '';
    localStorage.setItem('StudioBranding', JSON.stringify({ typeface: 'editorial' }));
    run();
    expect(preloads()).toEqual(files['editorial']);
    expect(document.getElementById(TYPEFACE_STYLE_ID)?.textContent).toBe(
      `:root:root{${typefaceDeclarations('editorial')}}`,
    );
  });

  it("the app applies the studio's pair, and the built-in one by removing its tokens", () => {
    applyBranding(brandingFrom({ name: 'Pulso', primaryColor: '#7a1fa2', typeface: 'calm' }));
    expect(document.getElementById(TYPEFACE_STYLE_ID)?.textContent).toBe(
      `:root:root{${typefaceDeclarations('calm')}}`,
    );
    applyBranding(brandingFrom({ name: 'Pulso', primaryColor: '#7a1fa2' }));
    expect(document.getElementById(TYPEFACE_STYLE_ID)).toBeNull();
  });
});
