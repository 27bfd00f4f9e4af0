/**
 * The side menu: every item of the product's menu with its exact label, for the roles that need
 * it, in groups with a heading and an icon. A guest is offered Login, a signed-in person Logout
 * (the footer's button) instead. An admin sees the studio's workspace groups first, then the
 * member's; a coach gets the class lists among them, the front desk its own work.
 *
 * To add an item: put `{ label, href, icon, roles }` in the group where a person looks for it
 * (the label in `lib/ui-messages.ts`, the icon in `components/nav-icon.tsx`), listing every
 * viewer who needs it. `Record<Viewer, …>` tables below make a new role name its own places.
 */
import type { Role } from '@studio/core';
import { paths } from '../../config/paths';
import type { ShellKey } from '../../lib/ui-messages';
import type { NavIconName } from './nav-icons';

/** Who is looking: a role once signed in, or a guest. */
export type Viewer = Role | 'guest';

export interface MenuItem {
  label: ShellKey;
  href: string;
  icon: NavIconName;
}

export interface MenuGroup {
  /** The group's heading. */
  heading: ShellKey;
  items: MenuItem[];
}

interface MenuEntry extends MenuItem {
  roles: readonly Viewer[];
  /** An admin's item that an admin scoped to one branch (a branch manager) keeps. */
  branchManager?: boolean;
}

interface MenuGroupEntry {
  heading: ShellKey;
  /** The studio's workspace (admin and front desk) or the member's app. */
  workspace: boolean;
  items: MenuEntry[];
}

const EVERYONE: readonly Viewer[] = ['guest', 'member', 'coach', 'staff', 'admin'];
const ADMIN: readonly Viewer[] = ['admin'];
/** Admins and the front desk (core `worksTheDesk`): check-in, walk-ins, sales, today's lists. */
const DESK: readonly Viewer[] = ['admin', 'staff'];

/** Whether a viewer works in the studio's workspace look, with Today as their home. */
export const WORKSPACE_VIEWERS: Readonly<Record<Viewer, boolean>> = {
  guest: false,
  member: false,
  coach: false,
  staff: true,
  admin: true,
};

export function isWorkspaceViewer(viewer: Viewer): boolean {
  return WORKSPACE_VIEWERS[viewer];
}

/** Whether a viewer's work (the workspace groups) comes before the member's app in the menu. */
const WORK_FIRST: Readonly<Record<Viewer, boolean>> = {
  guest: false,
  member: false,
  coach: true,
  staff: true,
  admin: true,
};

function groups(uid: string): MenuGroupEntry[] {
  return [
    {
      heading: 'menuGroupFrontDesk',
      workspace: true,
      items: [
        { label: 'menuToday', href: paths.adminToday.getHref({}), icon: 'today', roles: DESK },
        // Beyond the product's list: the door's tablet
        // (docs/architecture/front-desk.md#check-in-and-the-kiosk).
        { label: 'menuKiosk', href: paths.kiosk.getHref({}), icon: 'kiosk', roles: DESK },
        {
          label: 'menuUserClassLists',
          href: paths.adminListsClass.getHref({}),
          icon: 'roster',
          roles: DESK,
        },
        // Beyond the product's list: a pack or a plan sold at the counter.
        { label: 'menuDeskSale', href: paths.deskSale.getHref({}), icon: 'cart', roles: DESK },
        {
          label: 'menuAdminClasses',
          href: paths.adminClases.getHref({}),
          icon: 'classes',
          roles: ADMIN,
          branchManager: true,
        },
        {
          label: 'menuAddClasses',
          href: paths.crearClases.getHref({}),
          icon: 'add',
          roles: ADMIN,
          branchManager: true,
        },
        {
          label: 'menuAdminUsers',
          href: paths.allUsers.getHref({}),
          icon: 'people',
          roles: ADMIN,
          branchManager: true,
        },
      ],
    },
    {
      heading: 'menuGroupCoaching',
      workspace: true,
      items: [
        {
          label: 'menuUserClassLists',
          href: paths.adminListsClass.getHref({}),
          icon: 'roster',
          roles: ['coach'],
        },
      ],
    },
    {
      heading: 'menuGroupSales',
      workspace: true,
      items: [
        {
          label: 'menuPaymentList',
          href: paths.listaPagos.getHref({}),
          icon: 'payments',
          roles: ADMIN,
          branchManager: true,
        },
        // Beyond the product's list: the nightly rollups (docs/architecture/insights.md).
        {
          label: 'menuInsights',
          href: paths.adminInsights.getHref({}),
          icon: 'insights',
          roles: ADMIN,
          branchManager: true,
        },
        {
          label: 'menuAdminPackages',
          href: paths.adminPrecios.getHref({}),
          icon: 'packages',
          roles: ADMIN,
        },
        {
          label: 'menuAdminPackagesEvents',
          href: paths.adminPreciosEvents.getHref({}),
          icon: 'events',
          roles: ADMIN,
        },
        {
          label: 'menuAdminSubscriptionPrice',
          href: paths.adminSuscripcionPrice.getHref({}),
          icon: 'plan',
          roles: ADMIN,
        },
        // Beyond the product's list: memberships, freezes, commitments (docs/architecture/plans.md).
        {
          label: 'menuAdminPlans',
          href: paths.adminPlanes.getHref({}),
          icon: 'plans',
          roles: ADMIN,
        },
        {
          label: 'menuAddCoupons',
          href: paths.crearCupones.getHref({}),
          icon: 'coupon',
          roles: ADMIN,
        },
      ],
    },
    {
      heading: 'menuGroupStudio',
      workspace: true,
      items: [
        {
          label: 'menuAdminSeats',
          href: paths.adminSpot.getHref({}),
          icon: 'room',
          roles: ADMIN,
        },
        {
          label: 'menuAddCoaches',
          href: paths.adminCoach.getHref({}),
          icon: 'coach',
          roles: ADMIN,
        },
        // Beyond the product's list: pay rates and the pay report (docs/architecture/front-desk.md).
        {
          label: 'menuCoachPay',
          href: paths.adminCoachPay.getHref({}),
          icon: 'payments',
          roles: ADMIN,
        },
        {
          label: 'menuAdminExercises',
          href: paths.adminExercise.getHref({}),
          icon: 'exercise',
          roles: ADMIN,
        },
        // Beyond the product's list: where an admin looks for the studio's own settings.
        {
          label: 'menuAdminStudio',
          href: paths.adminStudio.getHref({}),
          icon: 'brand',
          roles: ADMIN,
        },
        // Beyond the product's list: the e-mail outbox (docs/architecture/admin-and-audit.md).
        { label: 'menuAdminMail', href: paths.adminMail.getHref({}), icon: 'mail', roles: ADMIN },
        // Beyond the product's list: members, packs and plans from the studio's old system.
        {
          label: 'menuAdminImport',
          href: paths.adminImport.getHref({}),
          icon: 'people',
          roles: ADMIN,
        },
      ],
    },
    {
      heading: 'menuGroupClasses',
      workspace: false,
      items: [
        { label: 'menuHome', href: paths.inicio.getHref({}), icon: 'home', roles: EVERYONE },
        {
          label: 'menuReserveClass',
          href: paths.calendario.getHref({ action: 'choose', type: 'user' }),
          icon: 'calendar',
          roles: EVERYONE,
        },
        {
          label: 'menuMyClasses',
          href: paths.misCompras.getHref({ type: 'user', action: 'view' }),
          icon: 'myClasses',
          roles: EVERYONE,
        },
        {
          label: 'menuMyWaitingList',
          href: paths.waitlist.getHref({}),
          icon: 'waitlist',
          roles: EVERYONE,
        },
        {
          label: 'menuSpecialEvents',
          href: paths.events.getHref({}),
          icon: 'events',
          roles: EVERYONE,
        },
      ],
    },
    {
      heading: 'menuGroupShop',
      workspace: false,
      items: [
        {
          label: 'menuBuyCredits',
          href: paths.paquetes.getHref({ number: 0 }),
          icon: 'packages',
          roles: EVERYONE,
        },
        { label: 'menuCart', href: paths.cart.getHref({}), icon: 'cart', roles: EVERYONE },
      ],
    },
    {
      heading: 'menuGroupStudioInfo',
      workspace: false,
      items: [
        {
          label: 'menuAboutUs',
          href: paths.sobreNosotros.getHref({}),
          icon: 'about',
          roles: EVERYONE,
        },
        {
          label: 'menuContact',
          href: paths.contacto.getHref({}),
          icon: 'contact',
          roles: EVERYONE,
        },
      ],
    },
    {
      heading: 'menuGroupAccount',
      workspace: false,
      items: [
        { label: 'menuLogin', href: paths.login.getHref({}), icon: 'login', roles: ['guest'] },
        // For everyone, as the product's menu has it: a guest's is /tabs/profile-user/null,
        // which asks them to sign in.
        {
          label: 'menuMyProfile',
          href: paths.profileUser.getHref({ uid }),
          icon: 'profile',
          roles: EVERYONE,
        },
      ],
    },
  ];
}

/**
 * The groups `viewer` sees, each with at least one item: the workspace's first for those who
 * work in it. `uid` is the stored UID (a guest's is the text 'null').
 */
export function menuGroupsFor(
  viewer: Viewer,
  uid: string,
  branchScope: string | null = null,
): MenuGroup[] {
  // A branch manager: an admin keeps the desk's items and their branch's payments and insights;
  // the chain's work (prices, plans, settings, roles…) is the chain admins'.
  const shows = (item: MenuEntry) =>
    branchScope !== null && viewer === 'admin'
      ? item.roles.includes('staff') || item.branchManager === true
      : item.roles.includes(viewer);
  const all = groups(uid)
    .map((group) => ({
      workspace: group.workspace,
      heading: group.heading,
      items: group.items.filter(shows).map(({ label, href, icon }) => ({ label, href, icon })),
    }))
    .filter((group) => group.items.length > 0);
  const workspaceFirst = WORK_FIRST[viewer];
  return [
    ...all.filter((group) => group.workspace === workspaceFirst),
    ...all.filter((group) => group.workspace !== workspaceFirst),
  ].map(({ heading, items }) => ({ heading, items }));
}

/** Every item `viewer` sees, in the menu's order. */
export function menuItemsFor(
  viewer: Viewer,
  uid: string,
  branchScope: string | null = null,
): MenuItem[] {
  return menuGroupsFor(viewer, uid, branchScope).flatMap((group) => group.items);
}
