/**
 * The tab bar on a phone: five tabs at most, chosen by who is looking (the product's tab
 * container still answers its six routes; the cart is the header's icon with its count). From
 * 1024 px wide the side navigation stays open and there is no tab bar.
 */
import type { RouteDef } from '../../config/paths';
import { paths, TABS_PREFIX } from '../../config/paths';
import type { ShellKey } from '../../lib/ui-messages';
import type { Viewer } from './menu-items';
import type { NavIconName } from './nav-icons';

export interface TabItem {
  route: RouteDef;
  /** A short label that fits a fifth of a phone's width in both languages. */
  label: ShellKey;
  icon: NavIconName;
  href: string;
}

function allTabs(uid: string) {
  return {
    home: { route: paths.inicio, label: 'tabHome', icon: 'home', href: paths.inicio.getHref({}) },
    schedule: {
      route: paths.calendario,
      label: 'tabSchedule',
      icon: 'calendar',
      href: paths.calendario.getHref({ action: 'choose', type: 'user' }),
    },
    myClasses: {
      route: paths.misCompras,
      label: 'tabMyClasses',
      icon: 'myClasses',
      href: paths.misCompras.getHref({ type: 'user', action: 'view' }),
    },
    buy: {
      route: paths.paquetes,
      label: 'tabBuyCredits',
      icon: 'packages',
      href: paths.paquetes.getHref({ number: 0 }),
    },
    profile: {
      route: paths.profileUser,
      label: 'tabProfile',
      icon: 'profile',
      href: paths.profileUser.getHref({ uid }),
    },
    classLists: {
      route: paths.adminListsClass,
      label: 'tabClassLists',
      icon: 'roster',
      href: paths.adminListsClass.getHref({}),
    },
    today: {
      route: paths.adminToday,
      label: 'tabToday',
      icon: 'today',
      href: paths.adminToday.getHref({}),
    },
    classes: {
      route: paths.adminClases,
      label: 'tabClasses',
      icon: 'classes',
      href: paths.adminClases.getHref({}),
    },
    members: {
      route: paths.allUsers,
      label: 'tabMembers',
      icon: 'people',
      href: paths.allUsers.getHref({}),
    },
    payments: {
      route: paths.listaPagos,
      label: 'tabPayments',
      icon: 'payments',
      href: paths.listaPagos.getHref({}),
    },
  } satisfies Record<string, TabItem>;
}

type TabName = keyof ReturnType<typeof allTabs>;

/** Each viewer's tabs, in order; at most five. */
const TABS: Readonly<Record<Viewer, readonly TabName[]>> = {
  guest: ['home', 'schedule', 'myClasses', 'buy', 'profile'],
  member: ['home', 'schedule', 'myClasses', 'buy', 'profile'],
  coach: ['home', 'schedule', 'classLists', 'myClasses', 'profile'],
  staff: ['today', 'classLists', 'schedule', 'myClasses', 'profile'],
  admin: ['today', 'classLists', 'classes', 'members', 'payments'],
};

/** An admin scoped to one branch (a branch manager): the desk's, and their branch's payments. */
const BRANCH_MANAGER_TABS: readonly TabName[] = [
  'today',
  'classLists',
  'schedule',
  'payments',
  'profile',
];

export function tabItemsFor(
  viewer: Viewer,
  uid: string,
  branchScope: string | null = null,
): TabItem[] {
  const all: Record<TabName, TabItem> = allTabs(uid);
  const names = viewer === 'admin' && branchScope !== null ? BRANCH_MANAGER_TABS : TABS[viewer];
  return names.map((name) => all[name]);
}

/** A tab is current on any location of its screen, with or without the /tabs prefix. */
export function isTabActive(tab: TabItem, location: string): boolean {
  const first = tab.route.pattern.split('/')[0] ?? '';
  const path = location.startsWith(`${TABS_PREFIX}/`)
    ? location.slice(TABS_PREFIX.length)
    : location;
  return path === `/${first}` || path.startsWith(`/${first}/`);
}
