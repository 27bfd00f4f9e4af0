import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useSessionStore } from '../features/session/stores/session-store';
import { lockKiosk, unlockKiosk } from '../lib/kiosk-lock';
import { AppRoutes, pages, preloadPageAt } from './router';

/**
 * Every route of the product (docs/product-contract.md), written out here so a route dropped from
 * the app fails this test.
 */
const SPEC_ROUTES: ReadonlyArray<{ name: string; path: string; params: Record<string, string> }> = [
  { name: 'login', path: 'login/WELCOME10', params: { promocode: 'WELCOME10' } },
  { name: 'login', path: 'login', params: {} },
  { name: 'registro', path: 'registro', params: {} },
  { name: 'reset-password', path: 'reset-password', params: {} },
  { name: 'inicio', path: 'inicio', params: {} },
  { name: 'paquetes', path: 'paquetes/0', params: { number: '0' } },
  { name: 'cart', path: 'cart', params: {} },
  {
    name: 'calendario',
    path: 'calendario/choose/user',
    params: { action: 'choose', type: 'user' },
  },
  {
    name: 'mis-compras',
    path: 'mis-compras/user/view',
    params: { type: 'user', action: 'view' },
  },
  { name: 'profile-user', path: 'profile-user/u-42', params: { uid: 'u-42' } },
  {
    name: 'confirmar-compra',
    path: 'confirmar-compra/stripe/WELCOME10/centro',
    params: { type: 'stripe', promocode: 'WELCOME10', sucursal: 'centro' },
  },
  { name: 'realizar-compra', path: 'realizar-compra', params: {} },
  { name: 'gracias-compra', path: 'gracias-compra', params: {} },
  ...['buy-credits', 'buy-spcredits', 'buy-train-credits'].map((name) => ({
    name,
    path: `${name}/stripe/localhost/centro/30`,
    params: { type: 'stripe', promocode: 'localhost', sucursal: 'centro', credits: '30' },
  })),
  ...[
    'events',
    'waitlist',
    'contacto',
    'sobre-nosotros',
    'crear-clases',
    'crear-cupones',
    'lista-pagos',
    'admin-clases',
    'admin-precios',
    'admin-precios-events',
    'admin-precio-individual',
    'admin-exercise',
    'admin-coach',
    'admin-spot',
    'admin-suscripcion',
    'admin-suscripcion-price',
    'admin-lists-class',
    'all-users',
    'plantilla-date',
    'checador',
  ].map((name) => ({ name, path: name, params: {} })),
  {
    name: 'user-list-class',
    path: 'user-list-class/2025-06-02/07%3A00/class-1/Ana%20Mar%C3%ADa/spin',
    params: {
      fecha: '2025-06-02',
      hora: '07:00',
      key: 'class-1',
      coach: 'Ana María',
      classtype: 'spin',
    },
  },
];

/** Screens the project adds beyond the spec (docs/architecture/admin-and-audit.md#catalogue). */
const PROJECT_ROUTES: typeof SPEC_ROUTES = [
  { name: 'admin-audit', path: 'admin-audit', params: {} },
  { name: 'admin-studio', path: 'admin-studio', params: {} },
  { name: 'admin-mail', path: 'admin-mail', params: {} },
  { name: 'admin-import', path: 'admin-import', params: {} },
  { name: 'admin-planes', path: 'admin-planes', params: {} },
  { name: 'admin-insights', path: 'admin-insights', params: {} },
  { name: 'admin-precios-train', path: 'admin-precios-train', params: {} },
  { name: 'coach', path: 'coach/carlos', params: { coachId: 'carlos' } },
  { name: 'admin-today', path: 'admin-today', params: {} },
  { name: 'admin-coach-pay', path: 'admin-coach-pay', params: {} },
  { name: 'desk-sale', path: 'desk-sale', params: {} },
  { name: 'kiosk', path: 'kiosk', params: {} },
];

/** Screens already built show their own heading instead of the placeholder's route name. */
const BUILT_HEADINGS: Readonly<Record<string, string | RegExp>> = {
  login: 'Sign in',
  registro: 'Create account',
  'reset-password': 'Reset your password',
  calendario: 'Reserve Class',
  inicio: 'Home',
  'mis-compras': 'My Classes',
  'profile-user': 'My Profile',
  waitlist: 'My Waiting List',
  contacto: 'Contact',
  'sobre-nosotros': 'About us',
  coach: 'Coach',
  paquetes: 'Buy Credits',
  cart: 'Cart',
  'confirmar-compra': 'Confirm purchase',
  'realizar-compra': 'Payment',
  'gracias-compra': 'Thank you for your purchase!',
  'buy-credits': 'Confirm purchase',
  'buy-spcredits': 'Confirm purchase',
  'buy-train-credits': 'Confirm purchase',
  events: 'Special Events',
  'admin-precios': 'Admin packages',
  'admin-precios-events': 'Admin packages events',
  'admin-precio-individual': 'Single class price',
  'admin-precios-train': 'Admin training packages',
  'admin-suscripcion-price': 'Admin Suscription Price',
  'admin-exercise': 'Admin excersises',
  'admin-coach': 'Add coachs',
  'crear-cupones': 'Add coupons',
  'admin-audit': 'Audit log',
  'admin-studio': 'Studio and branding',
  'admin-mail': 'Sent e-mail',
  'admin-import': 'Bring your studio over',
  'admin-planes': 'Plans',
  'admin-insights': 'Insights',
  'all-users': 'Admin Users',
  'lista-pagos': 'Payment list',
  'admin-suscripcion': 'Subscribers',
  'crear-clases': 'Add Classes',
  'plantilla-date': 'Weekly template',
  'admin-clases': 'Admin Classes',
  'admin-spot': 'Admin seats',
  'admin-today': 'Today',
  'admin-coach-pay': 'Coach pay',
  'desk-sale': 'Sell at the desk',
  kiosk: 'Check in',
};

/**
 * Staff and member-only pages wait for the session; a guest gets the sign-in prompt (titled
 * with the route on staff pages).
 */
const SESSION_GATED = new Set([
  'admin-today',
  'desk-sale',
  'kiosk',
  'admin-insights',
  'admin-coach-pay',
  'lista-pagos',
  'admin-precios',
  'admin-precios-events',
  'admin-suscripcion-price',
  'admin-lists-class',
  'checador',
  'user-list-class',
  'mis-compras',
  'profile-user',
  'waitlist',
]);

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <AppRoutes />
    </Router>,
  );
  return location;
}

// Before the 'routes' tests below, which open every page: until then no page's chunk is loaded.
describe('a page the app starts on', () => {
  it('is drawn by the first render once preloaded, not the spinner', async () => {
    await preloadPageAt('/tabs/contacto');
    renderAt('/tabs/contacto');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is found at the root address too, and an unknown address preloads nothing', async () => {
    await expect(preloadPageAt('/no-such-page')).resolves.toBeUndefined();
    await preloadPageAt('/sobre-nosotros');
    renderAt('/tabs/sobre-nosotros');
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
  });
});

describe('routes', () => {
  it('registers one lazy page per spec screen', () => {
    const registered = pages.map(({ route }) => route.name).sort();
    const expected = [
      ...new Set([...SPEC_ROUTES, ...PROJECT_ROUTES].map(({ name }) => name)),
    ].sort();
    expect(registered).toEqual(expected);
  });

  describe.each(['/tabs/', '/'])('under %s', (prefix) => {
    it.each([...SPEC_ROUTES, ...PROJECT_ROUTES].map((route) => [route.path, route] as const))(
      'opens %s',
      async (_path, route) => {
        useSessionStore.setState({ status: SESSION_GATED.has(route.name) ? 'guest' : 'unknown' });
        renderAt(`${prefix}${route.path}`);
        const built = BUILT_HEADINGS[route.name];
        // A built page's chunk is larger; give the first import time on a busy machine.
        const heading = await screen.findByRole(
          'heading',
          { level: 1, name: built ?? route.name },
          { timeout: 5000 },
        );
        if (built || SESSION_GATED.has(route.name)) return;
        const page = heading.closest('section');
        expect(page).not.toBeNull();
        for (const [name, value] of Object.entries(route.params)) {
          const term = within(page as HTMLElement).getByText(name, { selector: 'dt' });
          expect(term.nextElementSibling?.textContent).toBe(value);
        }
      },
    );
  });

  it.each(['/', '/tabs', '/tabs/'])('redirects %s to /tabs/inicio', async (path) => {
    const location = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/tabs/inicio');
  });

  it.each(['/nowhere', '/tabs/nowhere', '/tabs/paquetes'])(
    'shows the not-found page for %s',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe(
        '/tabs/inicio',
      );
    },
  );
});

describe('a device the kiosk has locked', () => {
  it('leads every address but sign-in back to the kiosk, until it is unlocked', async () => {
    lockKiosk();
    useSessionStore.setState({ status: 'guest' });
    const locked = renderAt('/tabs/contacto');
    await screen.findByRole('heading', { level: 1, name: 'Check in' }, { timeout: 5000 });
    expect(locked.history.at(-1)).toBe('/kiosk');
    cleanup();
    renderAt('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 });
    cleanup();
    unlockKiosk();
    const free = renderAt('/tabs/contacto');
    await screen.findByRole('heading', { level: 1, name: 'Contact' }, { timeout: 5000 });
    expect(free.history.at(-1)).toBe('/tabs/contacto');
  });
});
