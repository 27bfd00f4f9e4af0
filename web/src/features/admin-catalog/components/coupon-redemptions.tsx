import { formatDateTime } from '@studio/core';
import { useLive } from '../../../lib/use-live';
import { adminMessages } from '../admin-messages';
import type { AdminCatalogApi } from '../api/admin-catalog-api';
import { money } from '../catalog-configs';
import { couponUsage } from '../redemptions';
import { useT } from '../../../lib/i18n';

/** Who used each coupon, how often and for how much (crear-cupones). */
export function CouponRedemptions({ api }: { api: AdminCatalogApi }) {
  const at = useT(adminMessages);
  const store = useLive<unknown>((onChange) => api.watch('codeCloudStore', onChange), null, [api]);
  const users = useLive<unknown>((onChange) => api.watch('users', onChange), null, [api]);
  const usage = couponUsage(store, users);
  return (
    <section aria-labelledby="redemptions-title">
      <h2 id="redemptions-title">{at('redemptionsTitle')}</h2>
      {usage.length === 0 ? (
        <p>{at('redemptionsEmpty')}</p>
      ) : (
        usage.map((coupon) => (
          <section key={coupon.code} aria-label={coupon.code}>
            <h3>
              {coupon.code} · {at('redeemed', { count: coupon.count })}
            </h3>
            <ul>
              {coupon.members.map((member) => (
                <li key={member.uid}>
                  {member.name || member.email || member.uid}
                  {member.name && member.email && ` (${member.email})`} ·{' '}
                  {at('redemptionLine', {
                    count: member.count,
                    discount: money(member.discount),
                    last: formatDateTime(member.lastAt),
                  })}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
