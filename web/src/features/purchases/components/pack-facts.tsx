import type { Package } from '@studio/core';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { purchasesMessages } from '../purchases-messages';

/** A pack's credits and validity as badges: '10 credits', 'Valid 90 days' (one: '1 credit'). */
export function PackFacts({ pkg }: { pkg: Pick<Package, 'credits' | 'validityDays'> }) {
  const t = useT(purchasesMessages);
  return (
    <p className="pack-facts">
      <Badge tone="primary">
        {pkg.credits === 1 ? t('creditCountOne') : t('creditCount', { count: pkg.credits })}
      </Badge>
      <Badge>
        {pkg.validityDays === 1 ? t('validOneDay') : t('validDays', { days: pkg.validityDays })}
      </Badge>
    </p>
  );
}
