import { describe, expect, it } from 'vitest';
import { couponHoldRefusal, couponIsLimited, liveCouponHolds } from './coupon-holds';

const NOW = 1_000_000;
const hold = (uid: string, expiresAt = NOW + 60_000) => ({ uid, expiresAt });

describe('liveCouponHolds', () => {
  it('keeps the holds whose page is still open and drops lapsed or unreadable ones', () => {
    expect(
      liveCouponHolds(
        {
          h1: hold('ana'),
          h2: hold('bo', NOW),
          h3: { uid: 'cy' },
          h4: 'x',
          h5: hold('di', NOW + 1),
        },
        NOW,
      ),
    ).toEqual({ h1: hold('ana'), h5: hold('di', NOW + 1) });
    expect(liveCouponHolds(null, NOW)).toEqual({});
  });
});

describe('couponIsLimited', () => {
  it.each([
    [{}, false],
    [{ maxRedemptions: 1 }, true],
    [{ maxPerMember: 1 }, true],
  ])('%j → %s', (coupon, limited) => {
    expect(couponIsLimited(coupon)).toBe(limited);
  });
});

describe('couponHoldRefusal', () => {
  const cases: [string, Parameters<typeof couponHoldRefusal>, string | null][] = [
    ['no limit', [{}, { redeemed: 9, memberRedeemed: 9 }, { h1: hold('ana') }, 'ana'], null],
    [
      'the last redemption free',
      [{ maxRedemptions: 2 }, { redeemed: 1, memberRedeemed: 0 }, {}, 'ana'],
      null,
    ],
    [
      'the last redemption held by an open checkout',
      [{ maxRedemptions: 2 }, { redeemed: 1, memberRedeemed: 0 }, { h1: hold('bo') }, 'ana'],
      'couponUsedUp',
    ],
    [
      'all paid',
      [{ maxRedemptions: 1 }, { redeemed: 1, memberRedeemed: 0 }, {}, 'ana'],
      'couponUsedUp',
    ],
    [
      'the member holding it in another checkout',
      [{ maxPerMember: 1 }, { redeemed: 0, memberRedeemed: 0 }, { h1: hold('ana') }, 'ana'],
      'couponPerMemberLimit',
    ],
    [
      'another member holding it',
      [{ maxPerMember: 1 }, { redeemed: 0, memberRedeemed: 0 }, { h1: hold('bo') }, 'ana'],
      null,
    ],
    [
      'the member paid it already',
      [{ maxPerMember: 1 }, { redeemed: 5, memberRedeemed: 1 }, {}, 'ana'],
      'couponPerMemberLimit',
    ],
    [
      'its own hold left out when checking again',
      [
        { maxRedemptions: 1, maxPerMember: 1 },
        { redeemed: 0, memberRedeemed: 0 },
        { mine: hold('ana') },
        'ana',
        'mine',
      ],
      null,
    ],
  ];
  it.each(cases)('%s', (_label, args, messageKey) => {
    const refusal = couponHoldRefusal(...args);
    expect(refusal?.messageKey ?? null).toBe(messageKey);
    if (refusal) expect(refusal.code).toBe('failed-precondition');
  });
});
