import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { TabBar } from './tab-bar';

function renderTabs(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <TabBar uid="u1" />
    </Router>,
  );
  return within(screen.getByRole('navigation', { name: 'Sections' }));
}

describe('tab bar', () => {
  it('links the six tabs of the tab container', () => {
    const tabs = renderTabs('/tabs/inicio');
    expect(tabs.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/tabs/inicio',
      '/tabs/profile-user/u1',
      '/tabs/cart',
      '/tabs/calendario/choose/user',
      '/tabs/paquetes/0',
      '/tabs/mis-compras/user/view',
    ]);
  });

  it.each(['/tabs/paquetes/3', '/paquetes/3'])('marks the current tab at %s', (path) => {
    const tabs = renderTabs(path);
    const current = tabs
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Buy Credits']);
  });
});
