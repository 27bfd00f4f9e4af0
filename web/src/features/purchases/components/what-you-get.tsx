import type { Package } from '@studio/core';
import { SUBSCRIPTION_CREDITS, perUnit } from '@studio/core';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usableUntil } from '../pack-offers';
import { purchasesMessages } from '../purchases-messages';

/**
 * What a purchase gives, said plainly beside its price: the credits, until when they can be
 * used and the price per class; for the monthly plan, the credits every month.
 */
export function WhatYouGet({ pkg }: { pkg: Package | undefined }) {
  const t = useT(purchasesMessages);
  const format = useFormat();
  return (
    <section className="what-you-get" aria-labelledby="what-you-get-title">
      <h2 id="what-you-get-title" className="what-you-get-title">
        {pkg ? pkg.name : t('monthlyPlan')}
      </h2>
      <p className="what-you-get-label">{t('whatYouGet')}</p>
      <ul className="what-you-get-list">
        {pkg ? (
          <>
            <li>
              {pkg.credits === 1 ? t('getCreditsOne') : t('getCredits', { count: pkg.credits })}
            </li>
            <li>
              {t('useBy', { date: format.date(usableUntil(format.today, pkg.validityDays)) })}
            </li>
            {pkg.credits > 1 && (
              <li>
                {t('perClass', {
                  price: format.money(perUnit(pkg.price, pkg.credits), pkg.currency),
                })}
              </li>
            )}
          </>
        ) : (
          <>
            <li>{t('planEveryMonth', { count: SUBSCRIPTION_CREDITS })}</li>
            <li>{t('cancelAnyTime')}</li>
          </>
        )}
      </ul>
      {pkg?.description && <p className="pack-description">{pkg.description}</p>}
    </section>
  );
}
