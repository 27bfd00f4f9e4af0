import { cleanup, render } from '@testing-library/react';
import { picturePath, pictureSources } from '@studio/core';
import { runInNewContext } from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Parser } from 'wouter';
import { matchRoute, useRouter } from 'wouter';
import { prePaintHtml } from '../build/pre-paint';
import indexHtml from '../index.html?raw';
import type { StudioRead } from '../build/studio-read';
import { STUDIO_READ_PLACEHOLDER, studioReadExpression, studioReadFor } from '../build/studio-read';
import InicioPage from '../src/app/routes/inicio';
import { HOME_HREF, paths, routePatterns, TABS_ROOT } from '../src/config/paths';
import {
  brandingFrom,
  cacheBranding,
  readCachedBranding,
  useBrandingStore,
} from '../src/lib/branding';
import type { Lang } from '../src/lib/i18n';
import { useSessionStore } from '../src/features/session/stores/session-store';
import { useLangStore } from '../src/lib/i18n';
import { studioPictureUrl } from './support/studio-pictures';

// index.html paints the start page before any script runs
// (docs/decisions/126-start-page-painted-by-index-html.md); React replaces it on
// its first render, so the copy must be exactly what that render draws, in either language.

/**
 * `#root` of index.html in the test document, with its inline script run at `pathname`, after
 * the head's branding script (which marks kept branding as sound with `#studio-brand`).
 */
function loadRoot(
  pathname: string,
  firstVisit?: { read: StudioRead; fetch: (url: string) => Promise<unknown>; window: object },
): { home: Element; spinner: Element | null } {
  const parsed = new DOMParser().parseFromString(prePaintHtml(indexHtml), 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  runInNewContext(document.head.querySelector('script')?.textContent ?? '', {
    document,
    localStorage,
  });
  document.body.innerHTML = parsed.getElementById('root')?.outerHTML ?? '';
  const home = document.querySelector('#root .app-main section.home');
  const script = home?.nextElementSibling;
  if (!home || script?.tagName !== 'SCRIPT') throw new Error('index.html has no static start page');
  // The inline script as the browser runs it, given the address, itself as the current script
  // and this document's storage (Node's vm: the test document does not run inline scripts).
  const text = script.textContent ?? '';
  const built = firstVisit
    ? text.replace(STUDIO_READ_PLACEHOLDER, studioReadExpression(firstVisit.read))
    : text;
  runInNewContext(built, {
    location: { pathname, hostname: '127.0.0.1' },
    fetch: firstVisit?.fetch,
    window: firstVisit?.window ?? {},
    document: {
      currentScript: script,
      documentElement: document.documentElement,
      getElementById: (id: string) => document.getElementById(id),
      createElement: (name: string) => document.createElement(name),
    },
    localStorage,
  });
  // Then the cover's script, which paints the kept branding into a shown start page.
  const cover = script.nextElementSibling;
  if (cover?.tagName !== 'SCRIPT') throw new Error('index.html has no cover script');
  runInNewContext(cover.textContent ?? '', { document, localStorage });
  return { home, spinner: document.querySelector('#root .page-loading') };
}

/** Markup without the attributes only one of the two copies carries, for comparing. */
function comparable(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('*')) {
    for (const name of ['hidden', 'tabindex', 'id', 'aria-labelledby', 'data-es', 'data-guest']) {
      element.removeAttribute(name);
    }
  }
  // Comments draw nothing (index.html's keep Prettier off a long line).
  const comments = document.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const found: Node[] = [];
  while (comments.nextNode()) found.push(comments.currentNode);
  for (const comment of found) comment.parentNode?.removeChild(comment);
  return body.innerHTML.replace(/>\s+</g, '><').trim();
}

/** The start page as React renders it in the browser (the store's language, not SSR's). */
function firstRender(lang: Lang): string {
  useLangStore.setState({ lang });
  window.history.replaceState(null, '', HOME_HREF);
  const { container } = render(<InicioPage />);
  const html = container.innerHTML;
  cleanup();
  return html;
}

afterEach(() => {
  delete window.__STUDIO_FIRST_COVER__;
  useBrandingStore.setState({ branding: null });
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/');
});

describe('the start page painted by index.html', () => {
  it('is the markup of the first render of the start page, in English by default', () => {
    const { home, spinner } = loadRoot(HOME_HREF);
    expect(spinner).toBeNull();
    expect(home.hasAttribute('hidden')).toBe(false);
    expect(comparable(home.outerHTML)).toBe(comparable(firstRender('en')));
  });

  it('is in Spanish when the device keeps Spanish, as the first render then is', () => {
    localStorage.setItem('Lang', 'es');
    const { home } = loadRoot(HOME_HREF);
    expect(comparable(home.outerHTML)).toBe(comparable(firstRender('es')));
    expect(document.documentElement.lang).toBe('es');
  });

  it('welcomes a guest with the schedule, an account and the intro offers', () => {
    const { home } = loadRoot(HOME_HREF);
    const welcome = home.querySelector('.home-welcome');
    expect(welcome?.querySelector('h2')?.textContent).toBe('Your first class starts here');
    expect([...(welcome?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      paths.calendario.getHref({ action: 'choose', type: 'user' }),
      paths.registro.getHref({}),
      paths.paquetes.getHref({ number: 0 }),
    ]);
  });

  it("is the member's first render on the device of the account it last used: no guest welcome or Login", () => {
    localStorage.setItem('UID', 'member-1');
    useSessionStore.setState({ expectedUid: 'member-1' });
    try {
      const { home } = loadRoot(HOME_HREF);
      expect(home.querySelector('.home-welcome')).toBeNull();
      expect(home.querySelector('a[href="/login"]')).toBeNull();
      expect(comparable(home.outerHTML)).toBe(comparable(firstRender('en')));
    } finally {
      useSessionStore.setState({ expectedUid: null });
    }
  });

  it("draws the studio's kept name and cover at the screen's width, as the first render does", () => {
    const cover = studioPictureUrl(picturePath('cover', 'demo-ritmo', 1920, 'image/webp'));
    const studio = { name: 'Ritmo Studio', primaryColor: '#5b2a86', cover };
    cacheBranding(brandingFrom(studio, pictureSources(cover).srcSet));
    useBrandingStore.setState({ branding: readCachedBranding() });
    const { home } = loadRoot(HOME_HREF);
    const picture = home.querySelector('img.home-cover-picture');
    expect(picture?.getAttribute('src')).toBe(cover);
    expect(picture?.getAttribute('srcset')).toMatch(/ 640w, .* 1280w, .* 1920w$/);
    expect(home.querySelector('.home-cover-name')?.textContent).toBe('Ritmo Studio');
    expect(comparable(home.outerHTML)).toBe(comparable(firstRender('en')));
  });

  it('reads the studio at once on a first visit and draws its cover, as home then does', async () => {
    const cover = studioPictureUrl(picturePath('cover', 'demo-ritmo', 1920, 'image/webp'));
    const asked: string[] = [];
    const pageWindow: { __STUDIO_EMULATOR_PORTS__: object; __STUDIO_FIRST_COVER__?: unknown } = {
      __STUDIO_EMULATOR_PORTS__: { database: 9400 },
    };
    const { home } = loadRoot(HOME_HREF, {
      read: studioReadFor({}, true),
      fetch: (url) => {
        asked.push(url);
        return Promise.resolve({ ok: true, json: () => Promise.resolve({ name: 'Ritmo', cover }) });
      },
      window: pageWindow,
    });
    expect(asked).toEqual(['http://127.0.0.1:9400/Studio.json?ns=demo-studio-default-rtdb']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(home.querySelector('img.home-cover-picture')?.getAttribute('src')).toBe(cover);
    expect(pageWindow.__STUDIO_FIRST_COVER__).toBe(cover);
    window.__STUDIO_FIRST_COVER__ = pageWindow.__STUDIO_FIRST_COVER__;
    expect(comparable(home.outerHTML)).toBe(comparable(firstRender('en')));
  });

  it('draws no cover on a first visit when the studio has none or the read fails', async () => {
    for (const answer of [
      () => Promise.resolve({ ok: true, json: () => Promise.resolve({ name: 'Ritmo' }) }),
      () =>
        Promise.resolve({
          ok: true,
          json: () => Promise.resolve({ cover: 'javascript:alert(1)' }),
        }),
      () => Promise.resolve({ ok: false, json: () => Promise.reject(new Error('401')) }),
      () => Promise.reject(new TypeError('offline')),
    ]) {
      const pageWindow: { __STUDIO_FIRST_COVER__?: unknown } = {};
      const { home } = loadRoot(HOME_HREF, {
        read: { url: 'https://studio-x.firebaseio.com/Studio.json?' },
        fetch: answer,
        window: pageWindow,
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(home.querySelector('img')).toBeNull();
      expect(pageWindow.__STUDIO_FIRST_COVER__).toBeUndefined();
      expect(comparable(home.outerHTML)).toBe(comparable(firstRender('en')));
    }
  });

  it('does not read the studio when the device keeps its branding', () => {
    cacheBranding(brandingFrom({ name: 'Ritmo Studio', primaryColor: '#5b2a86' }));
    const asked: string[] = [];
    loadRoot(HOME_HREF, {
      read: { url: 'https://studio-x.firebaseio.com/Studio.json?' },
      fetch: (url) => {
        asked.push(url);
        return Promise.reject(new Error('not asked'));
      },
      window: {},
    });
    expect(asked).toEqual([]);
  });

  it('keeps the built-in name on the brand colour when the kept branding is not sound', () => {
    localStorage.setItem('StudioBranding', JSON.stringify({ name: 'X', cover: 'javascript:1' }));
    useBrandingStore.setState({ branding: readCachedBranding() });
    const { home } = loadRoot(HOME_HREF);
    expect(home.querySelector('img')).toBeNull();
    expect(home.querySelector('.home-cover-name')?.textContent).toBe('Studio');
    expect(comparable(home.outerHTML)).toBe(comparable(firstRender('en')));
  });

  it('stays out of reach of the keyboard and assistive technology', () => {
    const { home } = loadRoot(HOME_HREF);
    expect(home.closest('[aria-hidden="true"]')).not.toBeNull();
    const links = [...home.querySelectorAll('a')];
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.getAttribute('tabindex') === '-1')).toBe(true);
  });

  it('is shown on exactly the addresses that lead to the start page', () => {
    // wouter's default parser, as the app's router uses it.
    let parser: Parser | undefined;
    function ReadParser() {
      parser = useRouter().parser;
      return null;
    }
    renderToStaticMarkup(<ReadParser />);
    if (!parser) throw new Error('no router parser');
    const parse = parser;
    const homePatterns = ['/', TABS_ROOT, ...routePatterns(paths.inicio)];
    const leadsHome = (pathname: string) =>
      homePatterns.some((pattern) => matchRoute(parse, pattern, pathname)[0]);
    const candidates = [
      '/',
      '/tabs',
      '/tabs/',
      '/tabs/inicio',
      '/tabs/inicio/',
      '/inicio',
      '/Tabs/Inicio',
      '/tabs/inicios',
      '/tabs/cart',
      '/cart',
      '/login',
      '/tabs/calendario/choose/user',
      '/inicio/extra',
      '/admin-precios',
    ];
    for (const pathname of candidates) {
      const { home, spinner } = loadRoot(pathname);
      const shown = !home.hasAttribute('hidden');
      expect(shown, pathname).toBe(leadsHome(pathname));
      expect(spinner === null, pathname).toBe(shown);
    }
  });
});
