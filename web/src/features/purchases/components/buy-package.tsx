import { purchasesMessages } from '../purchases-messages';
import type { Package } from '@studio/core';
import { SUBSCRIPTION_CREDITS } from '@studio/core';
import { useId, useState } from 'react';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PackTab } from '../money';
import { formatMoney } from '../money';
import type { CheckoutProps, Purchase } from './checkout';
import { Checkout } from './checkout';

export interface BuyPackageProps extends Omit<CheckoutProps, 'purchase'> {
  tab: PackTab;
  /** The route's `{credits}`: which pack of this kind. */
  credits: number;
  /** The pack the packages screen linked (`?package=`), when there are several choices. */
  packageId?: string;
}

const NONE: Record<string, Package> = {};
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
  const packages = useLive((onChange) => checkout.api.watchPackages(onChange), NONE, [
    checkout.api,
  ]);
  const matches = Object.entries(packages).filter(
    ([, pkg]) => pkg.active && pkg.kind === tab && pkg.credits === credits,
  );
  const offersSubscription = tab === 'credits' && credits === SUBSCRIPTION_CREDITS;
  const options = [...(offersSubscription ? [SUBSCRIPTION] : []), ...matches.map(([id]) => id)];
  const [picked, setPicked] = useState<string | undefined>(packageId);
  const choice = picked !== undefined && options.includes(picked) ? picked : options[0];
  const purchase: Purchase | null =
    choice === undefined
      ? null
      : choice === SUBSCRIPTION
        ? { kind: 'subscription' }
        : { kind: tab, packageId: choice };

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('checkoutTitle')}</h1>
      {options.length > 1 && (
        <fieldset>
          <legend id={groupId}>{t('packagesTitle')}</legend>
          {options.map((option) => {
            const pkg = packages[option];
            return (
              <label key={option} className="choice">
                <input
                  type="radio"
                  name={groupId}
                  checked={option === choice}
                  onChange={() => setPicked(option)}
                />{' '}
                {pkg
                  ? `${pkg.name} · ${formatMoney(pkg.price, pkg.currency, lang)}`
                  : t('subscriptionText')}
              </label>
            );
          })}
        </fieldset>
      )}
      {options.length === 1 && choice !== undefined && (
        <p>{packages[choice]?.name ?? t('subscriptionText')}</p>
      )}
      {options.length === 0 && <p role="alert">{t('packageNotFound')}</p>}
      {purchase && <Checkout {...checkout} purchase={purchase} />}
    </section>
  );
}
