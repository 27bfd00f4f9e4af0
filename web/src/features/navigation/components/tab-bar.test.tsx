import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Viewer } from '../menu-items';
import { TabBar } from './tab-bar';

function renderTabs(path: string, viewer: Viewer = 'member', branchScope: string | null = null) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <TabBar viewer={viewer} uid="u1" branchScope={branchScope} />
    </Router>,
  );
  return within(screen.getByRole('navigation', { name: 'Sections' }));
}

const hrefs = (tabs: ReturnType<typeof renderTabs>) =>
  tabs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('tab bar', () => {
  it('gives a member five tabs, the cart left to the header', () => {
    expect(hrefs(renderTabs('/tabs/inicio'))).toEqual([
      ['Home', '/tabs/inicio'],
      ['Schedule', '/tabs/calendario/choose/user'],
      ['My Classes', '/tabs/mis-compras/user/view'],
      ['Buy Credits', '/tabs/paquetes/0'],
      ['Profile', '/tabs/profile-user/u1'],
    ]);
  });

  it('gives a coach the class lists in place of buying', () => {
    expect(hrefs(renderTabs('/tabs/inicio', 'coach')).map(([label]) => label)).toEqual([
      'Home',
      'Schedule',
      'Class lists',
      'My Classes',
      'Profile',
    ]);
  });

  it("gives an admin the workspace's tabs, Today first", () => {
    expect(hrefs(renderTabs('/admin-today', 'admin'))).toEqual([
      ['Today', '/admin-today'],
      ['Class lists', '/admin-lists-class'],
      ['Classes', '/admin-clases'],
      ['Members', '/all-users'],
      ['Payments', '/lista-pagos'],
    ]);
  });

  it('gives an admin of one branch the desk’s tabs and their payments, no chain screen', () => {
    expect(hrefs(renderTabs('/admin-today', 'admin', 'norte')).map(([label]) => label)).toEqual([
      'Today',
      'Class lists',
      'Schedule',
      'Payments',
      'Profile',
    ]);
  });

  it.each<Viewer>(['guest', 'member', 'coach', 'admin'])(
    'has at most five tabs for %s',
    (viewer) => {
      expect(renderTabs('/', viewer).getAllByRole('link').length).toBeLessThanOrEqual(5);
    },
  );

  it.each(['/tabs/paquetes/3', '/paquetes/3'])('marks the current tab at %s', (path) => {
    const tabs = renderTabs(path);
    const current = tabs
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Buy Credits']);
  });
});
