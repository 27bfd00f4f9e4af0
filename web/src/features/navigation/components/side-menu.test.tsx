import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useLangStore } from '../../../lib/i18n';
import type { Viewer } from '../menu-items';
import { SideMenu } from './side-menu';

const GENERAL = [
  ['Home', '/tabs/inicio'],
  ['Login', '/login'],
  ['Cart', '/tabs/cart'],
  ['Reserve Class', '/tabs/calendario/choose/user'],
  ['Buy Credits', '/tabs/paquetes/0'],
  ['My Classes', '/tabs/mis-compras/user/view'],
  ['Special Events', '/tabs/events'],
  ['My Waiting List', '/tabs/waitlist'],
  ['About us', '/tabs/sobre-nosotros'],
  ['Contact', '/tabs/contacto'],
] as const;

const ADMIN = [
  ['Payment list', '/lista-pagos'],
  ['Insights', '/admin-insights'],
  ['Admin Users', '/all-users'],
  ['Add Classes', '/crear-clases'],
  ['Admin Classes', '/admin-clases'],
  ['Admin seats', '/admin-spot'],
  ['Admin Suscription Price', '/admin-suscripcion-price'],
  ['Add coupons', '/crear-cupones'],
  ['Admin packages', '/admin-precios'],
  ['Admin packages events', '/admin-precios-events'],
  ['Add coachs', '/admin-coach'],
  ['Admin excersises', '/admin-exercise'],
  // Items beyond the spec's list (docs/architecture/web-app.md#studio-branding, admin-and-audit.md).
  ['Studio and branding', '/admin-studio'],
  ['Sent e-mail', '/admin-mail'],
] as const;

const COACH = [['User Class Lists', '/admin-lists-class']] as const;

function renderMenu(viewer: Viewer, uid: string, extra: { onLogout?: () => void } = {}) {
  const onClose = vi.fn();
  const location = memoryLocation({ path: '/tabs/inicio', record: true });
  render(
    <Router hook={location.hook}>
      <SideMenu
        id="side-menu"
        viewer={viewer}
        uid={uid}
        versionLabel="V.2.8"
        open
        onClose={onClose}
        {...extra}
      />
    </Router>,
  );
  return { onClose, location };
}

function menuLinks(): string[][] {
  const nav = screen.getByRole('navigation', { name: 'Side menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href') ?? '']);
}

describe('side menu', () => {
  it('shows a member My Profile and the general items only', () => {
    renderMenu('member', 'u1');
    expect(menuLinks()).toEqual([['My Profile', '/tabs/profile-user/u1'], ...GENERAL]);
  });

  it('shows a guest the same items, with the profile of UID null', () => {
    renderMenu('guest', 'null');
    expect(menuLinks()).toEqual([['My Profile', '/tabs/profile-user/null'], ...GENERAL]);
  });

  it('adds every admin item and the coach item for an admin', () => {
    renderMenu('admin', 'a1');
    expect(menuLinks()).toEqual([
      ['My Profile', '/tabs/profile-user/a1'],
      ...GENERAL,
      ...ADMIN,
      ...COACH,
    ]);
  });

  it('adds only User Class Lists for a coach', () => {
    renderMenu('coach', 'c1');
    expect(menuLinks()).toEqual([['My Profile', '/tabs/profile-user/c1'], ...GENERAL, ...COACH]);
  });

  it('gives the front desk the class lists and no admin item', () => {
    renderMenu('staff', 'd1');
    expect(menuLinks()).toEqual([['My Profile', '/tabs/profile-user/d1'], ...GENERAL, ...COACH]);
  });

  it('shows the version label V.2.8', () => {
    renderMenu('member', 'u1');
    expect(screen.getByText('V.2.8')).toBeTruthy();
  });

  it('offers Logout only when someone is signed in', () => {
    const onLogout = vi.fn();
    renderMenu('member', 'u1', { onLogout });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('has no Logout for a guest', () => {
    renderMenu('guest', 'null');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('navigates and closes when an item is chosen', () => {
    const { onClose, location } = renderMenu('member', 'u1');
    fireEvent.click(screen.getByRole('link', { name: 'Reserve Class' }));
    expect(location.history.at(-1)).toBe('/tabs/calendario/choose/user');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Escape and focuses its close button when opened', () => {
    const { onClose } = renderMenu('member', 'u1');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('speaks Spanish when the language is Spanish', () => {
    useLangStore.setState({ lang: 'es' });
    renderMenu('coach', 'c1');
    expect(screen.getByRole('link', { name: 'Reservar clase' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Listas de clase' })).toBeTruthy();
  });
});
