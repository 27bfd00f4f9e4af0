import { cleanup, render } from '@testing-library/react';
import { runInNewContext } from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Parser } from 'wouter';
import { matchRoute, useRouter } from 'wouter';
import indexHtml from '../index.html?raw';
import InicioPage from '../src/app/routes/inicio';
import { HOME_HREF, paths, routePatterns, TABS_ROOT } from '../src/config/paths';
import type { Lang } from '../src/lib/i18n';
import { useLangStore } from '../src/lib/i18n';

// index.html paints the start page before any script runs
// (docs/decisions/126-start-page-painted-by-index-html.md); React replaces it on
// its first render, so the copy must be exactly what that render draws, in either language.

/** `#root` of index.html in the test document, with its inline script run at `pathname`. */
function loadRoot(pathname: string): { home: Element; spinner: Element | null } {
  const parsed = new DOMParser().parseFromString(indexHtml, 'text/html');
  document.body.innerHTML = parsed.getElementById('root')?.outerHTML ?? '';
  const home = document.querySelector('#root .app-main section.home');
  const script = home?.nextElementSibling;
  if (!home || script?.tagName !== 'SCRIPT') throw new Error('index.html has no static start page');
  // The inline script as the browser runs it, given the address, itself as the current script
  // and this document's storage (Node's vm: the test document does not run inline scripts).
  runInNewContext(script.textContent ?? '', {
    location: { pathname },
    document: { currentScript: script, documentElement: document.documentElement },
    localStorage,
  });
  return { home, spinner: document.querySelector('#root .page-loading') };
}

/** Markup without the attributes only one of the two copies carries, for comparing. */
function comparable(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('*')) {
    for (const name of ['hidden', 'tabindex', 'id', 'aria-labelledby', 'data-es']) {
      element.removeAttribute(name);
    }
  }
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
