import { useState } from 'react';
import { formatDateTime } from '@studio/core';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useMemberContacts } from '../../../lib/member-names';
import { usePagedQuery } from '../../../lib/paged-query';
import { useLive } from '../../../lib/use-live';
import { adminMessages } from '../admin-messages';
import type { AdminCatalogApi } from '../api/admin-catalog-api';
import { money } from '../catalog-configs';
import {
  REDEMPTION_PAGE_SIZE,
  couponCounts,
  redemptionRows,
  redemptionsQuery,
} from '../redemptions';
import { useT } from '../../../lib/i18n';

/** One coupon's redemptions, newest first, a page at a time, with who redeemed. */
function RedemptionPage({ api, code }: { api: AdminCatalogApi; code: string }) {
  const at = useT(adminMessages);
  const page = usePagedQuery(
    (limit, onChange) => api.watchRedemptionPage(redemptionsQuery(code), limit, onChange),
    REDEMPTION_PAGE_SIZE,
    [api, code],
  );
  const rows = redemptionRows(page.value);
  const contacts = useMemberContacts(
    rows.map((row) => row.uid),
    api.readMember,
  );
  if (page.value === undefined) return <p role="status">{at('redemptionsLoading')}</p>;
  if (rows.length === 0) return <p>{at('redemptionsNone')}</p>;
  return (
    <>
      <ul className="ui-list">
        {rows.map((row) => {
          const name = contacts[row.uid]?.Name ?? '';
          const email = contacts[row.uid]?.Email ?? '';
          return (
            <li key={row.paymentId}>
              {name || email || row.uid}
              {name && email && ` (${email})`} ·{' '}
              {at('redemptionEntry', { discount: money(row.discount), at: formatDateTime(row.at) })}
            </li>
          );
        })}
      </ul>
      {page.hasMore && (
        <Button variant="secondary" onClick={page.loadMore}>
          {at('redemptionsLoadMore')}
        </Button>
      )}
    </>
  );
}

/**
 * Who used each coupon (crear-cupones): the coupons and their counts from `Coupons`; a coupon's
 * redemptions are read only once the admin opens it.
 */
export function CouponRedemptions({ api }: { api: AdminCatalogApi }) {
  const at = useT(adminMessages);
  const coupons = useLive<unknown>((onChange) => api.watch('coupons', onChange), null, [api]);
  const used = couponCounts(coupons).filter((coupon) => coupon.redeemed > 0);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (code: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });
  return (
    <section aria-labelledby="redemptions-title" className="admin-section">
      <h2 id="redemptions-title">{at('redemptionsTitle')}</h2>
      {used.length === 0 ? (
        <EmptyState title={at('redemptionsEmpty')} />
      ) : (
        used.map((coupon) => (
          <section key={coupon.code} aria-label={coupon.code} className="card ui-card">
            <h3>
              {coupon.code} ·{' '}
              {coupon.redeemed === 1
                ? at('redeemedOnce')
                : at('redeemed', { count: coupon.redeemed })}
            </h3>
            <Button
              variant="secondary"
              aria-expanded={open.has(coupon.code)}
              onClick={() => toggle(coupon.code)}
            >
              {open.has(coupon.code) ? at('redemptionsHide') : at('redemptionsShow')}
            </Button>
            {open.has(coupon.code) && <RedemptionPage api={api} code={coupon.code} />}
          </section>
        ))
      )}
    </section>
  );
}
