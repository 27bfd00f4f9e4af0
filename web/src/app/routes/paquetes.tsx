import type { Membership, Package, Plan } from '@studio/core';
import { useState } from 'react';
import { paths } from '../../config/paths';
import { firebasePlansApi, PlanList, SwitchPlanDialog } from '../../features/plans';
import { useSessionStore } from '../../features/session';
import { useCheckoutContext } from '../purchase-pages';
import { STUDIO_BRANCH } from '../../config/studio';
import {
  firebasePurchasesApi,
  PackageList,
  packTab,
  useCheckoutStore,
} from '../../features/purchases';
import { useRouteParams } from '../../hooks/use-route-params';
import { useLive } from '../../lib/use-live';

const BUY_ROUTES = {
  credits: paths.buyCredits,
  spcredits: paths.buySpCredits,
  'train-credits': paths.buyTrainCredits,
} as const;

/** Spec `paquetes/{number}`: 0 class credits, 1 special events, 2 training. */
export default function PaquetesPage() {
  const { number } = useRouteParams(paths.paquetes);
  const checkout = useCheckoutContext(undefined, undefined);
  const activeSubscription = useSessionStore((state) => state.profile?.activeSubscription ?? false);
  const promocode = useCheckoutStore((state) => state.promocode);
  const tab = packTab(number);
  const uid = useSessionStore((state) => (state.status === 'signed-in' ? state.uid : null));
  // Until the session is restored a plan cannot be chosen: a signed-in member is not sent to login.
  const sessionKnown = useSessionStore((state) => state.status !== 'unknown');
  // Read here, not in PlanList, so the page draws the plans and the packs together.
  const plans = useLive<Record<string, Plan> | undefined>(
    tab === 'credits' ? (onChange) => firebasePlansApi.watchPlans(onChange) : null,
    undefined,
    [tab],
  );
  const membership = useLive<Membership | null>(
    uid
      ? (onChange) => firebasePlansApi.watchMembership(uid, (value) => onChange(value.membership))
      : null,
    null,
    [uid],
  );
  const currentPlanId = membership && membership.status !== 'ended' ? membership.planId : undefined;
  const [opening, setOpening] = useState<string | undefined>(undefined);
  const [planError, setPlanError] = useState<unknown>(undefined);
  // A member with a plan switches to another through the change-plan path, not a new checkout.
  const [switching, setSwitching] = useState<string | undefined>(undefined);
  const [switchNotice, setSwitchNotice] = useState<string | undefined>(undefined);
  const switchPlan = switching === undefined ? undefined : plans?.[switching];
  // A plan is bought on Stripe's page; back on the thank-you page, or here if cancelled.
  const choosePlan = (planId: string) => {
    if (!uid) {
      window.location.assign(paths.login.getHref({}));
      return;
    }
    setOpening(planId);
    setPlanError(undefined);
    firebasePlansApi
      .startCheckout(planId, {
        successUrl: `${window.location.origin}${paths.graciasCompra.getHref({})}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: window.location.href,
      })
      .then(
        (session) => window.location.assign(session.url),
        (error: unknown) => {
          setOpening(undefined);
          setPlanError(error);
        },
      );
  };

  const buyHref = (pkg: Package, id: string) =>
    `${BUY_ROUTES[tab].getHref({
      type: 'stripe',
      promocode: promocode ?? window.location.hostname,
      sucursal: STUDIO_BRANCH,
      credits: pkg.credits,
    })}?package=${encodeURIComponent(id)}`;
  return (
    <>
      <PackageList
        api={firebasePurchasesApi}
        tab={tab}
        tabHref={(index) => paths.paquetes.getHref({ number: index })}
        buyHref={buyHref}
        checkout={checkout}
        activeSubscription={activeSubscription}
        plansPending={plans === undefined}
        plans={
          <PlanList
            plans={plans ?? {}}
            currentPlanId={currentPlanId}
            manageHref={uid ? paths.profileUser.getHref({ uid }) : undefined}
            onChoose={choosePlan}
            onSwitch={(planId) => {
              setSwitchNotice(undefined);
              setSwitching(planId);
            }}
            notice={switchNotice}
            busyPlanId={opening}
            disabled={!sessionKnown}
            error={planError}
          />
        }
      />
      {membership && switching !== undefined && switchPlan !== undefined && (
        <SwitchPlanDialog
          api={firebasePlansApi}
          membership={membership}
          currentPlan={plans?.[membership.planId]}
          planId={switching}
          plan={switchPlan}
          onClose={() => setSwitching(undefined)}
          onSwitched={(notice) => {
            setSwitching(undefined);
            setSwitchNotice(notice);
          }}
        />
      )}
    </>
  );
}
