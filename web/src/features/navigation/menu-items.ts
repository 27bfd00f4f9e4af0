/**
 * The side menu of spec §2, exactly: 'My Profile' for everyone, the general items, the admin-only
 * items, and the coach-only item (shown to coaches, and to admins who see every item, spec §6;
 * the front desk, which the spec does not know, sees it too).
 */
import { takesAttendance } from '@studio/core';
import type { Role } from '@studio/core';
import { paths } from '../../config/paths';
import type { ShellKey } from '../../lib/ui-messages';

export interface MenuItem {
  label: ShellKey;
  href: string;
}

/** Who is looking: a role once signed in, or a guest. */
export type Viewer = Role | 'guest';

function generalItems(): MenuItem[] {
  return [
    { label: 'menuHome', href: paths.inicio.getHref({}) },
    { label: 'menuLogin', href: paths.login.getHref({}) },
    { label: 'menuCart', href: paths.cart.getHref({}) },
    {
      label: 'menuReserveClass',
      href: paths.calendario.getHref({ action: 'choose', type: 'user' }),
    },
    { label: 'menuBuyCredits', href: paths.paquetes.getHref({ number: 0 }) },
    {
      label: 'menuMyClasses',
      href: paths.misCompras.getHref({ type: 'user', action: 'view' }),
    },
    { label: 'menuSpecialEvents', href: paths.events.getHref({}) },
    { label: 'menuMyWaitingList', href: paths.waitlist.getHref({}) },
    { label: 'menuAboutUs', href: paths.sobreNosotros.getHref({}) },
    { label: 'menuContact', href: paths.contacto.getHref({}) },
  ];
}

function adminItems(): MenuItem[] {
  return [
    { label: 'menuPaymentList', href: paths.listaPagos.getHref({}) },
    // Beyond the spec's list: the nightly rollups (docs/architecture/insights.md).
    { label: 'menuInsights', href: paths.adminInsights.getHref({}) },
    { label: 'menuAdminUsers', href: paths.allUsers.getHref({}) },
    { label: 'menuAddClasses', href: paths.crearClases.getHref({}) },
    { label: 'menuAdminClasses', href: paths.adminClases.getHref({}) },
    { label: 'menuAdminSeats', href: paths.adminSpot.getHref({}) },
    { label: 'menuAdminSubscriptionPrice', href: paths.adminSuscripcionPrice.getHref({}) },
    { label: 'menuAddCoupons', href: paths.crearCupones.getHref({}) },
    { label: 'menuAdminPackages', href: paths.adminPrecios.getHref({}) },
    { label: 'menuAdminPackagesEvents', href: paths.adminPreciosEvents.getHref({}) },
    { label: 'menuAddCoaches', href: paths.adminCoach.getHref({}) },
    { label: 'menuAdminExercises', href: paths.adminExercise.getHref({}) },
    // Beyond the spec's list: where an admin looks for the studio's own settings.
    { label: 'menuAdminStudio', href: paths.adminStudio.getHref({}) },
    // Beyond the spec's list: the e-mail outbox (docs/architecture/admin-and-audit.md).
    { label: 'menuAdminMail', href: paths.adminMail.getHref({}) },
  ];
}

function coachItems(): MenuItem[] {
  return [{ label: 'menuUserClassLists', href: paths.adminListsClass.getHref({}) }];
}

/**
 * `uid` is the stored UID: a guest's is the text 'null' (spec §4), so their profile link is
 * /tabs/profile-user/null, as in the original app.
 */
export function menuItemsFor(viewer: Viewer, uid: string): MenuItem[] {
  return [
    { label: 'menuMyProfile', href: paths.profileUser.getHref({ uid }) },
    ...generalItems(),
    ...(viewer === 'admin' ? adminItems() : []),
    ...(viewer !== 'guest' && takesAttendance(viewer) ? coachItems() : []),
  ];
}
