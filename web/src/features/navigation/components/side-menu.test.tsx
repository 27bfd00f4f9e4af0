import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useLangStore } from '../../../lib/i18n';
import type { Viewer } from '../menu-items';
import { SideMenu } from './side-menu';

// The member's groups: classes, credits and shop, the studio, the account.
const MEMBER = [
  ['Home', '/tabs/inicio'],
  ['Reserve Class', '/tabs/calendario/choose/user'],
  ['My Classes', '/tabs/mis-compras/user/view'],
  ['My Waiting List', '/tabs/waitlist'],
  ['Special Events', '/tabs/events'],
  ['Buy Credits', '/tabs/paquetes/0'],
  ['Cart', '/tabs/cart'],
  ['About us', '/tabs/sobre-nosotros'],
  ['Contact', '/tabs/contacto'],
] as const;

// The workspace's groups: front desk, sales, studio (items beyond the product's list: Today,
// Sell at the desk, Insights, Studio and branding, Sent e-mail).
const ADMIN = [
  ['Today', '/admin-today'],
  ['Check-in kiosk', '/kiosk'],
  ['User Class Lists', '/admin-lists-class'],
  ['Sell at the desk', '/desk-sale'],
  ['Admin Classes', '/admin-clases'],
  ['Add Classes', '/crear-clases'],
  ['Admin Users', '/all-users'],
  ['Payment list', '/lista-pagos'],
  ['Insights', '/admin-insights'],
  ['Admin packages', '/admin-precios'],
  ['Admin packages events', '/admin-precios-events'],
  ['Admin Suscription Price', '/admin-suscripcion-price'],
  ['Plans', '/admin-planes'],
  ['Add coupons', '/crear-cupones'],
  ['Admin seats', '/admin-spot'],
  ['Add coachs', '/admin-coach'],
  ['Coach pay', '/admin-coach-pay'],
  ['Admin excersises', '/admin-exercise'],
  ['Studio and branding', '/admin-studio'],
  ['Sent e-mail', '/admin-mail'],
  ['Import from another system', '/admin-import'],
] as const;

const COACH = [['User Class Lists', '/admin-lists-class']] as const;

function renderMenu(
  viewer: Viewer,
  uid: string,
  extra: { onLogout?: () => void; branchScope?: string } = {},
) {
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

function headings(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Side menu' });
  return within(nav)
    .getAllByRole('heading')
    .map((heading) => heading.textContent ?? '');
}

describe('side menu', () => {
  it('shows a member the general items in groups, My Profile under Account, no Login', () => {
    renderMenu('member', 'u1', { onLogout: vi.fn() });
    expect(menuLinks()).toEqual([...MEMBER, ['My Profile', '/tabs/profile-user/u1']]);
    expect(headings()).toEqual(['Classes', 'Credits and shop', 'The studio', 'Account']);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('shows a guest Login, then the profile of UID null', () => {
    renderMenu('guest', 'null');
    expect(menuLinks()).toEqual([
      ...MEMBER,
      ['Login', '/login'],
      ['My Profile', '/tabs/profile-user/null'],
    ]);
  });

  it("puts an admin's workspace first, then every member item", () => {
    renderMenu('admin', 'a1');
    expect(menuLinks()).toEqual([...ADMIN, ...MEMBER, ['My Profile', '/tabs/profile-user/a1']]);
    expect(headings()).toEqual([
      'Front desk',
      'Sales',
      'Studio',
      'Classes',
      'Credits and shop',
      'The studio',
      'Account',
    ]);
  });

  it('gives a coach User Class Lists first', () => {
    renderMenu('coach', 'c1');
    expect(menuLinks()).toEqual([...COACH, ...MEMBER, ['My Profile', '/tabs/profile-user/c1']]);
    expect(headings()[0]).toBe('Coaching');
  });

  it('marks the current page', () => {
    renderMenu('member', 'u1');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('gives the front desk the class lists and no admin item', () => {
    renderMenu('staff', 'd1');
    expect(menuLinks()).toEqual([
      ['Today', '/admin-today'],
      ['Check-in kiosk', '/kiosk'],
      ['User Class Lists', '/admin-lists-class'],
      ['Sell at the desk', '/desk-sale'],
      ...MEMBER,
      ['My Profile', '/tabs/profile-user/d1'],
    ]);
  });

  it('gives an admin of one branch the desk, its classes, payments and insights, none of the chain’s work', () => {
    renderMenu('admin', 'a2', { branchScope: 'norte' });
    expect(menuLinks()).toEqual([
      ['Today', '/admin-today'],
      ['Check-in kiosk', '/kiosk'],
      ['User Class Lists', '/admin-lists-class'],
      ['Sell at the desk', '/desk-sale'],
      ['Admin Classes', '/admin-clases'],
      ['Add Classes', '/crear-clases'],
      ['Admin Users', '/all-users'],
      ['Payment list', '/lista-pagos'],
      ['Insights', '/admin-insights'],
      ...MEMBER,
      ['My Profile', '/tabs/profile-user/a2'],
    ]);
  });

  it('gives the front desk of one branch the desk’s items, as any front desk', () => {
    renderMenu('staff', 'd2', { branchScope: 'norte' });
    expect(menuLinks().slice(0, 5)).toEqual([
      ['Today', '/admin-today'],
      ['Check-in kiosk', '/kiosk'],
      ['User Class Lists', '/admin-lists-class'],
      ['Sell at the desk', '/desk-sale'],
      MEMBER[0],
    ]);
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
