import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { prePaintHtml } from '../build/pre-paint';
import indexHtml from '../index.html?raw';
import { BRAND_STYLE_ID, brandCss, brandingFrom, cacheBranding } from '../src/lib/branding';

// index.html applies the cached branding before any script of the app runs
// (docs/architecture/web-app.md#studio-branding): the same rules, title, theme colour and header
// the app sets once it starts, so nothing changes when it takes over. The scripts are written at
// build from the app's own functions (web/build/pre-paint.ts); here they run as built.

const parsed = new DOMParser().parseFromString(prePaintHtml(indexHtml), 'text/html');
const headScript = [...parsed.head.querySelectorAll('script')].find((script) =>
  script.textContent?.includes('StudioBranding'),
);
const headerScript = parsed.querySelector('.app-header script');

/** The head's and the header's inline scripts, run in this document as the browser would. */
function paintStatic(): Element {
  if (!headScript || !headerScript) throw new Error('index.html has no branding scripts');
  document.head.innerHTML = '<meta name="theme-color" content="#0f5e59"><title>Studio</title>';
  document.body.innerHTML = parsed.getElementById('root')?.outerHTML ?? '';
  runInNewContext(headScript.textContent ?? '', { document, localStorage });
  const title = document.querySelector('.app-header .app-title');
  const script = document.querySelector('.app-header script');
  runInNewContext(headerScript.textContent ?? '', {
    document: { currentScript: script },
    localStorage,
  });
  if (!title) throw new Error('index.html has no header title');
  return title;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the branding index.html applies before the app starts', () => {
  it('is the built-in look when nothing is kept', () => {
    const title = paintStatic();
    expect(document.getElementById(BRAND_STYLE_ID)).toBeNull();
    expect(title.textContent).toBe('Studio');
    expect(document.title).toBe('Studio');
  });

  it("sets the studio's tokens, title, theme colour, name and logo as the app would", () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const branding = brandingFrom({ name: 'Pulso Studio', primaryColor: '#7a1fa2', logo });
    cacheBranding(branding);

    const title = paintStatic();

    expect(document.getElementById(BRAND_STYLE_ID)?.textContent).toBe(brandCss(branding));
    expect(document.title).toBe('Pulso Studio');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#7a1fa2',
    );
    expect(title.textContent).toBe('Pulso Studio');
    const img = title.querySelector('img.app-logo');
    expect(img?.getAttribute('src')).toBe(logo);
    expect(img?.getAttribute('alt')).toBe('');
  });

  it('ignores a kept value it cannot trust', () => {
    localStorage.setItem(
      'StudioBranding',
      JSON.stringify({ name: 'X', light: { primary: 'red;}body{display:none' }, dark: {} }),
    );
    const title = paintStatic();
    expect(document.getElementById(BRAND_STYLE_ID)).toBeNull();
    expect(title.textContent).toBe('Studio');
    localStorage.setItem('StudioBranding', '{not json');
    expect(paintStatic().textContent).toBe('Studio');
  });

  it('keeps painting the built-in look when storage cannot be read', () => {
    document.head.innerHTML = '<title>Studio</title>';
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    const run = () => {
      runInNewContext(headScript?.textContent ?? '', { document, localStorage: blocked });
    };
    expect(run).not.toThrow();
    expect(document.getElementById(BRAND_STYLE_ID)).toBeNull();
  });

  it('is written from the placeholders, so no branding script is kept by hand', () => {
    const raw = new DOMParser().parseFromString(indexHtml, 'text/html');
    const handWritten = [...raw.querySelectorAll('script')].filter((script) =>
      script.textContent?.includes('StudioBranding'),
    );
    expect(handWritten).toEqual([]);
    expect(raw.querySelectorAll('script[data-pre-paint]')).toHaveLength(3);
  });
});
