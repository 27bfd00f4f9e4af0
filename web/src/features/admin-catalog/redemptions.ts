// Coupon redemptions as crear-cupones lists them: `CodeCloudStore/{code}/{uid}/{paymentId}`,
// written once per paid payment by the webhook (functions/src/handlers/payments).
import { isRecord, memberRedemptionsSchema } from '@studio/core';
import type { MemberContact } from '../../lib/member-names';

export interface MemberRedemptions {
  uid: string;
  name: string;
  email: string;
  count: number;
  /** Cents taken off, summed over this member's redemptions. */
  discount: number;
  lastAt: number;
}

export interface CouponUsage {
  code: string;
  members: MemberRedemptions[];
  /** Redemptions of all members. */
  count: number;
}

/** The members who redeemed any coupon, to read only their names. */
export function redeemingUids(codeCloudStore: unknown): string[] {
  if (!isRecord(codeCloudStore)) return [];
  return Object.values(codeCloudStore).flatMap((byMember) =>
    isRecord(byMember) ? Object.keys(byMember) : [],
  );
}

/** Each coupon's redemptions per member (most recent first), coupons by code. */
export function couponUsage(
  codeCloudStore: unknown,
  contacts: Readonly<Record<string, MemberContact>>,
): CouponUsage[] {
  if (!isRecord(codeCloudStore)) return [];
  const people = contacts;
  return Object.entries(codeCloudStore)
    .flatMap(([code, byMember]): CouponUsage[] => {
      if (!isRecord(byMember)) return [];
      const members = Object.entries(byMember).flatMap(([uid, list]): MemberRedemptions[] => {
        const parsed = memberRedemptionsSchema.safeParse(list);
        if (!parsed.success || parsed.data.length === 0) return [];
        const name = people[uid]?.Name ?? '';
        const email = people[uid]?.Email ?? '';
        return [
          {
            uid,
            name,
            email,
            count: parsed.data.length,
            discount: parsed.data.reduce((sum, entry) => sum + entry.discount, 0),
            lastAt: Math.max(...parsed.data.map((entry) => entry.at)),
          },
        ];
      });
      if (members.length === 0) return [];
      members.sort((a, b) => b.lastAt - a.lastAt || a.uid.localeCompare(b.uid));
      return [{ code, members, count: members.reduce((sum, m) => sum + m.count, 0) }];
    })
    .sort((a, b) => a.code.localeCompare(b.code));
}
