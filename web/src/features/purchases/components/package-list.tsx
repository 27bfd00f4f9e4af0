import type { PurchasesKey } from '../purchases-messages';
import { purchasesMessages } from '../purchases-messages';
import type { Package } from '@studio/core';
import { Link } from 'wouter';
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

const NONE: Record<string, Package> = {};

/** Spec `paquetes/{number}`: the packs on sale of one kind, with their price. */
export function PackageList({ api, tab, tabHref, buyHref }: PackageListProps) {
  const t = useT(purchasesMessages);
  const lang = useLangStore((state) => state.lang);
  const addToCart = useCheckoutStore((state) => state.addToCart);
  const packages = useLive((onChange) => api.watchPackages(onChange), NONE, [api]);
  const onSale = Object.entries(packages)
    .filter(([, pkg]) => pkg.active && pkg.kind === tab)
    .sort((a, b) => (a[1].order ?? a[1].credits) - (b[1].order ?? b[1].credits));

  return (
    <section className="page packages" aria-labelledby="page-title">
      <h1 id="page-title">{t('packagesTitle')}</h1>
      <nav className="week-nav" aria-label={t('packagesTitle')}>
        {PACKAGE_TABS.map((kind, index) => (
          <Link
            key={kind}
            href={tabHref(index)}
            className={kind === tab ? 'button' : 'button button-secondary'}
            aria-current={kind === tab ? 'page' : undefined}
          >
            {t(TAB_KEYS[kind])}
          </Link>
        ))}
      </nav>
      <ul className="plain-list">
        {onSale.map(([id, pkg]) => (
          <li key={id} className="card">
            <h2>{pkg.name}</h2>
            <p>{t('packageCredits', { count: pkg.credits, days: pkg.validityDays })}</p>
            {pkg.description && <p>{pkg.description}</p>}
            <p className="price">{formatMoney(pkg.price, pkg.currency, lang)}</p>
            <div className="class-actions">
              <Link
                href={buyHref(pkg, id)}
                className="button"
                aria-label={`${t('buy')}: ${pkg.name}`}
              >
                {t('buy')}
              </Link>
              <button
                type="button"
                className="button button-secondary"
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
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
