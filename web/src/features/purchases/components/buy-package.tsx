import { purchasesMessages } from '../purchases-messages';
import '../purchases.css';
import { PackFacts } from './pack-facts';
import type { Package } from '@studio/core';
import { SUBSCRIPTION_CREDITS } from '@studio/core';
import { useId, useState } from 'react';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { PackTab } from '../money';
import { formatMoney } from '../money';
import type { CheckoutProps, Purchase } from './checkout';
import { Checkout } from './checkout';
import { WhatYouGet } from './what-you-get';

export interface BuyPackageProps extends Omit<CheckoutProps, 'purchase'> {
  tab: PackTab;
  /** The route's `{credits}`: which pack of this kind. */
  credits: number;
  /** The pack the packages screen linked (`?package=`), when there are several choices. */
  packageId?: string;
}

const SUBSCRIPTION = 'subscription';

/**
 * Spec `buy-credits|buy-spcredits|buy-train-credits/{type}/{promocode}/{sucursal}/{credits}`:
 * the pack of that kind with that many credits; buy-credits with 30 also offers the monthly
 * subscription (the BEST CHOICE modal links there).
 */
export function BuyPackage({ tab, credits, packageId, ...checkout }: BuyPackageProps) {
  const t = useT(purchasesMessages);
  const lang = useLangStore((state) => state.lang);
  const groupId = useId();
  const packages = useLive<Record<string, Package> | null>(
    (onChange) => checkout.api.watchPackages(onChange),
    null,
    [checkout.api],
  );
  const matches = Object.entries(packages ?? {}).filter(
    ([, pkg]) => pkg.active && pkg.kind === tab && pkg.credits === credits,
  );
  const offersSubscription = tab === 'credits' && credits === SUBSCRIPTION_CREDITS;
  const options = [...(offersSubscription ? [SUBSCRIPTION] : []), ...matches.map(([id]) => id)];
  const [picked, setPicked] = useState<string | undefined>(packageId);
  const choice = picked !== undefined && options.includes(picked) ? picked : options[0];
  // Nothing is priced before the catalogue has answered, or a linked pack would be replaced by
  // the subscription for a moment.
  const purchase: Purchase | null =
    packages === null || choice === undefined
      ? null
      : choice === SUBSCRIPTION
        ? { kind: 'subscription' }
        : { kind: tab, packageId: choice };
  const only = options.length === 1 && choice !== undefined ? choice : undefined;

  return (
    <section className="page" aria-labelledby="page-title" aria-busy={packages === null}>
      <h1 id="page-title">{t('checkoutTitle')}</h1>
      {/* index.html paints the heading and this line before the app runs. */}
      <p>{t('checkoutLead')}</p>
      {packages === null ? (
        <div className="purchase-layout" aria-hidden="true">
          <Card className="pack-card">
            <Skeleton width="60%" height="1.4em" />
            <Skeleton width="45%" height="1.2em" />
            <Skeleton width="35%" height="2.2em" />
          </Card>
          <Skeleton shape="block" height="260px" />
        </div>
      ) : options.length === 0 ? (
        <p role="alert" className="checkout-error">
          {t('packageNotFound')}
        </p>
      ) : (
        <div className="purchase-layout">
          {only !== undefined ? (
            <PackSummary pkg={packages[only]} />
          ) : (
            <fieldset className="pack-choices">
              <legend id={groupId}>{t('packagesTitle')}</legend>
              {options.map((option) => {
                const pkg = packages[option];
                return (
                  <label key={option} className="pack-choice">
                    <input
                      type="radio"
                      name={groupId}
                      checked={option === choice}
                      onChange={() => setPicked(option)}
                    />
                    <span className="pack-choice-name">
                      {pkg ? pkg.name : t('subscriptionText')}
                    </span>
                    {pkg && (
                      <span className="pack-choice-price">
                        {formatMoney(pkg.price, pkg.currency, lang)}
                      </span>
                    )}
                  </label>
                );
              })}
            </fieldset>
          )}
          {purchase && <Checkout {...checkout} purchase={purchase} />}
        </div>
      )}
    </section>
  );
}

/** The one pack (or the monthly plan) being bought: what it gives, and its price. */
function PackSummary({ pkg }: { pkg: Package | undefined }) {
  const lang = useLangStore((state) => state.lang);
  return (
    <Card className="pack-card">
      <WhatYouGet pkg={pkg} />
      {pkg && <PackFacts pkg={pkg} />}
      {pkg && <p className="pack-price">{formatMoney(pkg.price, pkg.currency, lang)}</p>}
    </Card>
  );
}
