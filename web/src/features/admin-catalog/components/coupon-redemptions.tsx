import { formatDateTime } from '@studio/core';
import { EmptyState } from '../../../components/ui/empty-state';
import { useMemberContacts } from '../../../lib/member-names';
import { useLive } from '../../../lib/use-live';
import { adminMessages } from '../admin-messages';
import type { AdminCatalogApi } from '../api/admin-catalog-api';
import { money } from '../catalog-configs';
import { couponUsage, redeemingUids } from '../redemptions';
import { useT } from '../../../lib/i18n';

/** Who used each coupon, how often and for how much (crear-cupones). */
export function CouponRedemptions({ api }: { api: AdminCatalogApi }) {
  const at = useT(adminMessages);
  const store = useLive<unknown>((onChange) => api.watch('codeCloudStore', onChange), null, [api]);
  const contacts = useMemberContacts(redeemingUids(store), api.readMember);
  const usage = couponUsage(store, contacts);
  return (
    <section aria-labelledby="redemptions-title" className="admin-section">
      <h2 id="redemptions-title">{at('redemptionsTitle')}</h2>
      {usage.length === 0 ? (
        <EmptyState title={at('redemptionsEmpty')} />
      ) : (
        usage.map((coupon) => (
          <section key={coupon.code} aria-label={coupon.code} className="card ui-card">
            <h3>
              {coupon.code} · {at('redeemed', { count: coupon.count })}
            </h3>
            <ul className="ui-list">
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
