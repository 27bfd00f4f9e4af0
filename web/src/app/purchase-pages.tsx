/**
 * Composition shared by the purchase routes: the signed-in state from the session, the coupon
 * kept from `login/{promocode}`, and where Stripe Checkout returns to.
 */
import { appMessages } from './app-messages';
import { couponCodeSchema } from '@studio/core';
import { useSearch } from 'wouter';
import { STUDIO_BRANCH } from '../config/studio';
import type { RouteDef } from '../config/paths';
import { paths } from '../config/paths';
// Deep import: the sign-in forms need not load with these pages.
import { useSignInHref } from '../features/auth/hooks/use-sign-in-href';
import type { PackTab } from '../features/purchases';
import {
  BuyPackage,
  CartView,
  firebasePurchasesApi,
  useCheckoutStore,
} from '../features/purchases';
import { useSessionStore } from '../features/session';
import { useRouteParams } from '../hooks/use-route-params';
import { useT } from '../lib/i18n';

const assign = (url: string) => window.location.assign(url);

export function useCheckoutContext(
  routePromocode: string | undefined,
  routeBranch: string | undefined,
) {
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const kept = useCheckoutStore((state) => state.promocode);
  // The spec's links put the site host in the promocode slot; only a coupon-shaped value that
  // is not this site's host counts as a coupon.
  const fromRoute =
    routePromocode &&
    routePromocode !== window.location.hostname &&
    routePromocode !== window.location.host &&
    couponCodeSchema.safeParse(routePromocode).success
      ? routePromocode.toUpperCase()
      : undefined;
  const origin = window.location.origin;
  return {
    api: firebasePurchasesApi,
    signedIn: status === 'signed-in' && uid !== null,
    // Back to this screen, cart and chosen package intact, once signed in
    // (docs/architecture/web-app.md#reading-live-data).
    loginHref: useSignInHref({ promocode: kept }),
    initialPromocode: kept ?? fromRoute,
    branch: routeBranch ?? STUDIO_BRANCH,
    successUrl: `${origin}${paths.graciasCompra.getHref({})}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: window.location.href,
    assign,
  };
}

/** `buy-credits`, `buy-spcredits`, `buy-train-credits`. */
export function BuyRoutePage({ route, tab }: { route: RouteDef; tab: PackTab }) {
  const { promocode, sucursal, credits } = useRouteParams(route);
  const search = new URLSearchParams(useSearch());
  const context = useCheckoutContext(promocode, sucursal);
  return (
    <BuyPackage
      {...context}
      tab={tab}
      credits={Number(credits)}
      packageId={search.get('package') ?? undefined}
    />
  );
}

/**
 * `cart` → `confirmar-compra` → `realizar-compra`: the cart, then the coupon and price, then the
 * payment. The confirmation link carries the site host in the promocode slot, as the spec's
 * links do, unless a coupon is kept.
 */
export function CartRoutePage({ route }: { route: RouteDef }) {
  const t = useT(appMessages);
  const { promocode, sucursal } = useRouteParams(route);
  const context = useCheckoutContext(promocode, sucursal);
  const packagesHref = paths.paquetes.getHref({ number: 0 });
  if (route === paths.cart) {
    const confirmHref = paths.confirmarCompra.getHref({
      type: 'stripe',
      promocode: context.initialPromocode ?? window.location.hostname,
      sucursal: context.branch,
    });
    return (
      <CartView
        {...context}
        title={t('cartTitle')}
        confirmHref={confirmHref}
        packagesHref={packagesHref}
      />
    );
  }
  if (route === paths.confirmarCompra) {
    return (
      <CartView
        {...context}
        title={t('confirmTitle')}
        continueHref={paths.realizarCompra.getHref({})}
        packagesHref={packagesHref}
      />
    );
  }
  return <CartView {...context} title={t('paymentTitle')} packagesHref={packagesHref} />;
}
