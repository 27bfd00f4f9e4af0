import type { PurchasesKey } from '../purchases-messages';
import { purchasesMessages } from '../purchases-messages';
import '../purchases.css';
import type { Package } from '@studio/core';
import { SUBSCRIPTION_CREDITS, perUnit } from '@studio/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormat } from '../../../lib/format';
import type { TextKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PurchasesApi } from '../api/purchases-api';
import type { PackTab } from '../money';
import { PACKAGE_TABS } from '../money';
import type { PackOffer } from '../pack-offers';
import { packOffers } from '../pack-offers';
import { useCheckoutStore } from '../stores/checkout-store';
import type { CheckoutProps, Purchase } from './checkout';
import { PackFacts } from './pack-facts';
import { PurchaseSheet } from './purchase-sheet';

export interface PackageListProps {
  api: PurchasesApi;
  tab: PackTab;
  tabHref: (index: number) => string;
  /** The product's buy-* route of a pack: where "Buy" leads when there is no sheet to open. */
  buyHref: (pkg: Package, packageId: string) => string;
  /** Opens the summary sheet (package → summary → Stripe) instead of leaving the page. */
  checkout?: Omit<CheckoutProps, 'purchase'>;
  /** The member already has the monthly plan. */
  activeSubscription?: boolean;
  /** More plans to show above the packs (the plan catalogue's cards, composed by the route). */
  plans?: ReactNode;
  /**
   * `plans` has not answered yet: the page keeps its placeholders, so the plans never appear
   * above packs already on screen and push them down.
   */
  plansPending?: boolean;
}

const TAB_KEYS: Record<PackTab, TextKey<PurchasesKey>> = {
  credits: 'creditKindRegular',
  spcredits: 'creditKindSpecial',
  'train-credits': 'creditKindTrain',
};

/** How many placeholder cards stand in for the packs while they load. */
const SKELETON_CARDS = 3;

/** A pack card's shape while the catalogue loads: the same card, the same height. */
function PackageSkeleton() {
  return (
    <Card as="li" className="pack-card" aria-hidden="true">
      <Skeleton width="60%" height="1.4em" />
      <Skeleton width="45%" height="1.2em" />
      <Skeleton width="35%" height="2.2em" />
      <Skeleton shape="block" height="var(--control-height)" />
    </Card>
  );
}

interface Chosen {
  purchase: Purchase;
  offer?: PackOffer;
}

/**
 * Spec `paquetes/{number}`: the packs on sale of one kind, smallest first, each with what it
 * costs per class and the best value marked; on class credits the monthly plan first. "Buy"
 * opens one summary sheet (what you get, coupon, total, pay) that leads to Stripe.
 */
export function PackageList(props: PackageListProps) {
  const { api, tab, tabHref, buyHref, checkout } = props;
  const t = useT(purchasesMessages);
  const format = useFormat();
  const addToCart = useCheckoutStore((state) => state.addToCart);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const packages = useLive<Record<string, Package> | null>(
    (onChange) => api.watchPackages(onChange),
    null,
    [api],
  );
  // undefined until the prices answer, null when the studio sells no monthly plan.
  const plan = useLive<{ discounted: number; regular: number } | null | undefined>(
    (onChange) => api.watchSubscriptionPrices(onChange),
    undefined,
    [api],
  );
  const offers = packages ? packOffers(packages, tab) : [];
  // Class credits show the plans above the packs: all of it is drawn at once, in place.
  const loading =
    packages === null || (tab === 'credits' && (plan === undefined || props.plansPending === true));

  return (
    <section className="page packages" aria-labelledby="page-title" aria-busy={loading}>
      <h1 id="page-title">{t('packagesTitle')}</h1>
      {/* index.html paints the heading and this line before the app runs. */}
      <p>{t('packagesLead')}</p>
      <nav className="pack-tabs" aria-label={t('packageKinds')}>
        {PACKAGE_TABS.map((kind, index) => (
          <Link
            key={kind}
            href={tabHref(index)}
            className="pack-tab"
            aria-current={kind === tab ? 'page' : undefined}
          >
            {t(TAB_KEYS[kind])}
          </Link>
        ))}
      </nav>
      {tab === 'credits' && !loading && props.plans}
      {tab === 'credits' && !loading && plan && (
        <Card as="section" className="plan-offer" title={t('monthlyPlan')}>
          <p className="plan-offer-what">{t('planEveryMonth', { count: SUBSCRIPTION_CREDITS })}</p>
          <p className="plan-offer-price">
            <strong>{t('perMonth', { price: format.money(plan.discounted, 'USD') })}</strong>
            {plan.regular > plan.discounted && (
              <s className="plan-offer-regular">
                {t('regularPerMonth', { price: format.money(plan.regular, 'USD') })}
              </s>
            )}
          </p>
          <p className="pack-per-class">
            {t('perClass', {
              price: format.money(perUnit(plan.discounted, SUBSCRIPTION_CREDITS), 'USD'),
            })}
          </p>
          {props.activeSubscription ? (
            <Badge tone="success">{t('planActive')}</Badge>
          ) : checkout ? (
            <Button onClick={() => setChosen({ purchase: { kind: 'subscription' } })}>
              {t('subscribe')}
            </Button>
          ) : null}
        </Card>
      )}
      {loading ? (
        <>
          <p role="status" className="visually-hidden">
            {t('loading')}
          </p>
          <ul className="pack-grid">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <PackageSkeleton key={index} />
            ))}
          </ul>
        </>
      ) : offers.length === 0 ? (
        <EmptyState title={t('noPackages')} description={t('noPackagesHint')} />
      ) : (
        <ul className="pack-grid">
          {offers.map((offer) => {
            const { id, pkg } = offer;
            return (
              <Card
                as="li"
                key={id}
                className={offer.bestValue ? 'pack-card is-best' : 'pack-card'}
              >
                {offer.bestValue && (
                  <Badge tone="success" className="pack-best">
                    {t('bestValue')}
                  </Badge>
                )}
                <h2>{pkg.name}</h2>
                <PackFacts pkg={pkg} />
                {pkg.description && <p className="pack-description">{pkg.description}</p>}
                <p className="pack-price">{format.money(pkg.price, pkg.currency)}</p>
                {pkg.credits > 1 && (
                  <p className="pack-per-class">
                    {t('perClass', { price: format.money(offer.perClass, pkg.currency) })}
                  </p>
                )}
                <div className="pack-actions">
                  {checkout ? (
                    <Button
                      aria-label={`${t('buy')}: ${pkg.name}`}
                      onClick={() => setChosen({ purchase: { kind: tab, packageId: id }, offer })}
                    >
                      {t('buy')}
                    </Button>
                  ) : (
                    <Link
                      href={buyHref(pkg, id)}
                      className={buttonClass()}
                      aria-label={`${t('buy')}: ${pkg.name}`}
                    >
                      {t('buy')}
                    </Link>
                  )}
                  <Button
                    variant="secondary"
                    aria-label={`${t('addToCart')}: ${pkg.name}`}
                    onClick={() =>
                      addToCart({
                        type: 'package',
                        id,
                        name: pkg.name,
                        unitAmount: pkg.price,
                        currency: pkg.currency,
                      })
                    }
                  >
                    {t('addToCart')}
                  </Button>
                </div>
              </Card>
            );
          })}
        </ul>
      )}
      {checkout && chosen && (
        <PurchaseSheet
          checkout={checkout}
          purchase={chosen.purchase}
          {...(chosen.offer ? { pkg: chosen.offer.pkg } : {})}
          onClose={() => setChosen(null)}
        />
      )}
    </section>
  );
}
