import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { appMessages } from '../src/app/app-messages';
import { profileMessages } from '../src/features/profile/profile-messages';
import { purchasesMessages } from '../src/features/purchases/purchases-messages';
import { scheduleMessages } from '../src/features/schedule/schedule-messages';
import { waitlistMessages } from '../src/features/schedule/waitlist-messages';
import type { Lang } from '../src/lib/i18n';
import { translate } from '../src/lib/i18n';
import { shellMessages } from '../src/lib/ui-messages';

// index.html paints each member page's heading before any script runs
// (docs/architecture/performance.md#member-pages-painted-by-indexhtml); the page then renders
// the same heading from its catalogue, so both must be the same text in either language.

/** `#root` of index.html in the test document, the headings' inline script run at `pathname`. */
function loadRoot(pathname: string, lang: Lang | null = null, search = ''): Element {
  const parsed = new DOMParser().parseFromString(indexHtml, 'text/html');
  document.body.innerHTML = parsed.getElementById('root')?.outerHTML ?? '';
  const script = [...document.querySelectorAll('#root .app-main script')].find((element) =>
    element.textContent?.includes('const headings'),
  );
  const page = script?.previousElementSibling;
  if (!script || !page) throw new Error('index.html has no static member-page heading');
  if (lang) localStorage.setItem('Lang', lang);
  runInNewContext(script.textContent ?? '', {
    location: { pathname, search },
    document: {
      currentScript: script,
      documentElement: document.documentElement,
      querySelector: (selector: string) => document.querySelector(selector),
      createElement: (tag: string) => document.createElement(tag),
    },
    localStorage,
  });
  return page;
}

const HEADINGS = [
  ['/tabs/calendario/choose/user', scheduleMessages, 'scheduleTitle'],
  ['/tabs/paquetes/0', purchasesMessages, 'packagesTitle'],
  ['/tabs/events', purchasesMessages, 'eventsTitle'],
  ['/tabs/cart', appMessages, 'cartTitle'],
  ['/tabs/contacto', appMessages, 'contactTitle'],
  ['/tabs/sobre-nosotros', appMessages, 'aboutTitle'],
  ['/tabs/profile-user/null', appMessages, 'profileTitle'],
  ['/tabs/mis-compras/user/view', shellMessages, 'menuMyClasses'],
  ['/tabs/waitlist', appMessages, 'waitingListTitle'],
  ['/tabs/buy-credits/stripe/studio/centro/5', purchasesMessages, 'checkoutTitle'],
  ['/tabs/buy-spcredits/stripe/studio/centro/2', purchasesMessages, 'checkoutTitle'],
  ['/tabs/buy-train-credits/stripe/studio/centro/4', purchasesMessages, 'checkoutTitle'],
  ['/tabs/confirmar-compra/stripe/studio/centro', appMessages, 'confirmTitle'],
  ['/tabs/realizar-compra', appMessages, 'paymentTitle'],
  ['/tabs/gracias-compra', appMessages, 'paymentThanks'],
] as const;

function textOf(
  messages: (typeof HEADINGS)[number][1],
  key: (typeof HEADINGS)[number][2],
  lang: Lang,
): string {
  return (messages[lang] as Readonly<Record<string, string>>)[key] ?? '';
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
  localStorage.clear();
});

describe('the member page headings painted by index.html', () => {
  it.each(HEADINGS)('%s shows its catalogue heading in English', (path, messages, key) => {
    const page = loadRoot(path);
    expect(page.hasAttribute('hidden')).toBe(false);
    expect(page.querySelector('h1')?.textContent).toBe(textOf(messages, key, 'en'));
    // The spinner stays, below the heading, until the page renders.
    expect(page.nextElementSibling?.className).toBe('page-loading');
  });

  it.each(HEADINGS)(
    '%s shows it in Spanish when the device keeps Spanish',
    (path, messages, key) => {
      const page = loadRoot(path, 'es');
      expect(page.querySelector('h1')?.textContent).toBe(textOf(messages, key, 'es'));
      expect(document.documentElement.lang).toBe('es');
    },
  );

  it.each(['en', 'es'] as const)(
    'contacto also shows its first paragraph, in %s, as the page renders it',
    (lang) => {
      const page = loadRoot('/tabs/contacto', lang);
      expect(page.querySelector('p')?.textContent).toBe(appMessages[lang].contactText);
      expect(loadRoot('/tabs/sobre-nosotros').querySelector('p')).toBeNull();
    },
  );

  it.each(['en', 'es'] as const)(
    'gracias-compra also shows a member the first line of the payment’s outcome, in %s, as PaymentOutcome renders it',
    (lang) => {
      // A guest gets the heading alone (the page offers a link, no outcome).
      expect(loadRoot('/tabs/gracias-compra', lang).querySelector('p')).toBeNull();
      localStorage.setItem('UID', 'm1');
      expect(loadRoot('/tabs/gracias-compra', lang).querySelector('p')?.textContent).toBe(
        purchasesMessages[lang].thanksNoSession,
      );
      expect(
        loadRoot('/tabs/gracias-compra', lang, '?session_id=cs_1').querySelector('p')?.textContent,
      ).toBe(purchasesMessages[lang].thanksWaiting);
    },
  );

  it.each(['en', 'es'] as const)(
    'profile-user also shows a member their own profile’s first line, in %s, as ProfileCard renders it',
    (lang) => {
      // A guest gets the heading alone (the page asks them to sign in).
      expect(loadRoot('/tabs/profile-user/null', lang).querySelector('p')).toBeNull();
      localStorage.setItem('UID', 'm1');
      for (const path of ['/tabs/profile-user/null', '/tabs/profile-user/m1', '/profile-user/m1'])
        expect(loadRoot(path, lang).querySelector('p')?.textContent).toBe(
          profileMessages[lang].profileLead,
        );
      // A coach or an admin opening a member's profile: not their own.
      expect(loadRoot('/tabs/profile-user/m2', lang).querySelector('p')).toBeNull();
    },
  );

  it.each(['en', 'es'] as const)(
    'mis-compras also shows a member its first line, in %s, as the page renders it',
    (lang) => {
      expect(loadRoot('/tabs/mis-compras/user/view', lang).querySelector('p')).toBeNull();
      localStorage.setItem('UID', 'm1');
      expect(loadRoot('/tabs/mis-compras/user/view', lang).querySelector('p')?.textContent).toBe(
        scheduleMessages[lang].myClassesLead,
      );
    },
  );

  it.each(['en', 'es'] as const)(
    'calendario also shows its first paragraph, in %s, as WeekSchedule renders it',
    (lang) => {
      expect(loadRoot('/tabs/calendario/choose/user', lang).querySelector('p')?.textContent).toBe(
        scheduleMessages[lang].scheduleLead,
      );
    },
  );

  it.each(['en', 'es'] as const)(
    'waitlist also shows its first paragraph, in %s, as MyWaitlist renders it',
    (lang) => {
      expect(loadRoot('/tabs/waitlist', lang).querySelector('p')?.textContent).toBe(
        waitlistMessages[lang].waitlistIntro,
      );
    },
  );

  it.each(['en', 'es'] as const)(
    'events also shows its first paragraph, in %s, as EventList renders it',
    (lang) => {
      const page = loadRoot('/tabs/events', lang);
      expect(page.querySelector('p')?.textContent).toBe(purchasesMessages[lang].eventsLead);
    },
  );

  it.each(['en', 'es'] as const)(
    'the buy-* pages also show their first paragraph, in %s, as BuyPackage renders it',
    (lang) => {
      for (const page of ['buy-credits', 'buy-spcredits', 'buy-train-credits'])
        expect(
          loadRoot(`/tabs/${page}/stripe/studio/centro/5`, lang).querySelector('p')?.textContent,
        ).toBe(purchasesMessages[lang].checkoutLead);
    },
  );

  it.each(['en', 'es'] as const)(
    'paquetes also shows its first paragraph, in %s, on each of its tabs, as the page renders it',
    (lang) => {
      for (const tab of [0, 1, 2])
        expect(loadRoot(`/tabs/paquetes/${tab}`, lang).querySelector('p')?.textContent).toBe(
          purchasesMessages[lang].packagesLead,
        );
    },
  );

  it.each([
    ['/tabs/cart', 'en'],
    ['/tabs/confirmar-compra/stripe/studio/centro', 'es'],
    ['/tabs/realizar-compra', 'en'],
  ] as const)(
    '%s also shows the empty cart (%s), as CartView renders it on a fresh load',
    (path, lang) => {
      const page = loadRoot(path, lang);
      const empty = page.querySelector('.ui-empty');
      expect(empty?.querySelector('p.ui-empty-title')?.textContent).toBe(
        translate('cartEmpty', lang),
      );
      expect(empty?.querySelector('p.ui-empty-text')?.textContent).toBe(
        purchasesMessages[lang].cartEmptyHint,
      );
      expect(loadRoot('/tabs/paquetes/0').querySelector('.ui-empty')).toBeNull();
    },
  );

  it('is found at the root address and in any case, as the router finds the page', () => {
    expect(loadRoot('/calendario/choose/user').querySelector('h1')?.textContent).toBe(
      textOf(scheduleMessages, 'scheduleTitle', 'en'),
    );
    expect(loadRoot('/TABS/Waitlist').querySelector('h1')?.textContent).toBe(
      textOf(appMessages, 'waitingListTitle', 'en'),
    );
  });

  it.each(['/tabs/inicio', '/', '/login', '/tabs/no-such-page', '/tabs/constructor'])(
    'is not shown at %s',
    (path) => {
      const page = loadRoot(path);
      expect(page.hasAttribute('hidden')).toBe(true);
      expect(page.querySelector('h1')?.textContent).toBe('');
    },
  );
});
