import type { PurchasesKey } from '../purchases-messages';
import { purchasesMessages } from '../purchases-messages';
import '../purchases.css';
import { PackFacts } from './pack-facts';
import type { Package } from '@studio/core';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TextKey } from '../../../lib/i18n';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PurchasesApi } from '../api/purchases-api';
import type { PackTab } from '../money';
import { formatMoney, PACKAGE_TABS } from '../money';
import { useCheckoutStore } from '../stores/checkout-store';

export interface PackageListProps {
  api: PurchasesApi;
  tab: PackTab;
  tabHref: (index: number) => string;
  /** Where "Buy" goes for a package of this tab (the spec's buy-* routes). */
  buyHref: (pkg: Package, packageId: string) => string;
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

/** Spec `paquetes/{number}`: the packs on sale of one kind, with their price. */
export function PackageList({ api, tab, tabHref, buyHref }: PackageListProps) {
  const t = useT(purchasesMessages);
  const lang = useLangStore((state) => state.lang);
  const addToCart = useCheckoutStore((state) => state.addToCart);
  const packages = useLive<Record<string, Package> | null>(
    (onChange) => api.watchPackages(onChange),
    null,
    [api],
  );
  const onSale = Object.entries(packages ?? {})
    .filter(([, pkg]) => pkg.active && pkg.kind === tab)
    .sort((a, b) => (a[1].order ?? a[1].credits) - (b[1].order ?? b[1].credits));

  return (
    <section className="page packages" aria-labelledby="page-title" aria-busy={packages === null}>
      <h1 id="page-title">{t('packagesTitle')}</h1>
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
      {packages === null ? (
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
      ) : onSale.length === 0 ? (
        <EmptyState title={t('noPackages')} description={t('noPackagesHint')} />
      ) : (
        <ul className="pack-grid">
          {onSale.map(([id, pkg]) => (
            <Card as="li" key={id} className="pack-card">
              <h2>{pkg.name}</h2>
              <PackFacts pkg={pkg} />
              {pkg.description && <p className="pack-description">{pkg.description}</p>}
              <p className="pack-price">{formatMoney(pkg.price, pkg.currency, lang)}</p>
              <div className="pack-actions">
                <Link
                  href={buyHref(pkg, id)}
                  className={buttonClass()}
                  aria-label={`${t('buy')}: ${pkg.name}`}
                >
                  {t('buy')}
                </Link>
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
          ))}
        </ul>
      )}
    </section>
  );
}
