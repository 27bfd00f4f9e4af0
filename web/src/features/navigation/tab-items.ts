/** The tab container's six tabs (spec §2), linked where the side menu links them. */
import type { RouteDef } from '../../config/paths';
import { paths, TABS_PREFIX } from '../../config/paths';
import type { ShellKey } from '../../lib/ui-messages';

export type TabIcon = 'home' | 'profile' | 'cart' | 'calendar' | 'packages' | 'purchases';

export interface TabItem {
  route: RouteDef;
  label: ShellKey;
  icon: TabIcon;
  href: string;
}

export function tabItemsFor(uid: string): TabItem[] {
  return [
    { route: paths.inicio, label: 'menuHome', icon: 'home', href: paths.inicio.getHref({}) },
    {
      route: paths.profileUser,
      label: 'menuMyProfile',
      icon: 'profile',
      href: paths.profileUser.getHref({ uid }),
    },
    { route: paths.cart, label: 'menuCart', icon: 'cart', href: paths.cart.getHref({}) },
    {
      route: paths.calendario,
      label: 'menuReserveClass',
      icon: 'calendar',
      href: paths.calendario.getHref({ action: 'choose', type: 'user' }),
    },
    {
      route: paths.paquetes,
      label: 'menuBuyCredits',
      icon: 'packages',
      href: paths.paquetes.getHref({ number: 0 }),
    },
    {
      route: paths.misCompras,
      label: 'menuMyClasses',
      icon: 'purchases',
      href: paths.misCompras.getHref({ type: 'user', action: 'view' }),
    },
  ];
}

/** A tab is current on any location of its screen, with or without the /tabs prefix. */
export function isTabActive(tab: TabItem, location: string): boolean {
  const first = tab.route.pattern.split('/')[0] ?? '';
  const path = location.startsWith(`${TABS_PREFIX}/`)
    ? location.slice(TABS_PREFIX.length)
    : location;
  return path === `/${first}` || path.startsWith(`/${first}/`);
}
