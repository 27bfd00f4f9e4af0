import { describe, expect, it } from 'vitest';
import { InvalidKeyError, MAX_KEY_LENGTH } from './keys';
import { classesByDateRange, paths, ROOTS } from './paths';

describe('paths', () => {
  it.each([
    [paths.user('u1'), 'Users/u1'],
    [paths.userField('u1', 'Credits'), 'Users/u1/Credits'],
    [paths.userField('u1', 'credits-list'), 'Users/u1/credits-list'],
    [paths.creditsList('u1'), 'Users/u1/credits-list'],
    [paths.credit('u1', 'c1'), 'Users/u1/credits-list/c1'],
    [paths.bookingCredit('u1', 'b1'), 'Users/u1/booking-credits/b1'],
    [paths.ledgerOutboxEntry('u1', 'l1'), 'Users/u1/ledger-outbox/l1'],
    [paths.report('u1'), 'Reports/u1'],
    [paths.userDirectoryEntry('u1'), 'UserDirectory/u1'],
    [paths.userDirectoryField('u1', 'nameKey'), 'UserDirectory/u1/nameKey'],
    [paths.dateService('u1'), 'DateService/u1'],
    [paths.suscriptionPrices(), 'SuscriptionPrices'],
    [paths.shopCategory('ropa'), 'Shop/ropa'],
    [paths.shopProduct('ropa', 'p1'), 'Shop/ropa/p1'],
    [paths.shopTags(), 'Shop/TagsProducts'],
    [paths.shopProductTags('REF-1'), 'Shop/TagsProducts/REF-1'],
    [paths.shopCategories(), 'Shop/Categorias'],
    [paths.couponRedemptions('WELCOME10'), 'CodeCloudStore/WELCOME10'],
    [paths.couponRedemptionLog('WELCOME10'), 'CouponRedemptions/WELCOME10'],
    [paths.couponRedemptionEntry('WELCOME10', 'cs_1'), 'CouponRedemptions/WELCOME10/cs_1'],
    [paths.couponHold('WELCOME10', 'h1'), 'CouponHolds/WELCOME10/h1'],
    [paths.memberRedemptions('WELCOME10', 'u1'), 'CodeCloudStore/WELCOME10/u1'],
    [paths.memberRedemption('WELCOME10', 'u1', 0), 'CodeCloudStore/WELCOME10/u1/0'],
    [paths.branch('b1'), 'Branches/b1'],
    [paths.classBranch('c1'), 'ClassBranches/c1'],
    [paths.coach('k1'), 'Coaches/k1'],
    [paths.exercise('e1'), 'Exercises/e1'],
    [paths.seatLayout('l1'), 'SeatLayouts/l1'],
    [paths.settings(), 'Settings'],
    [paths.classes(), 'Classes'],
    [paths.class('c1'), 'Classes/c1'],
    [paths.classRoster('c1'), 'ClassRoster/c1'],
    [paths.rosterSpots('c1'), 'ClassRoster/c1/spots'],
    [paths.rosterSpot('c1', 'A1'), 'ClassRoster/c1/spots/A1'],
    [paths.rosterBooking('c1', 'u1'), 'ClassRoster/c1/bookings/u1'],
    [paths.rosterWaitlistEntry('c1', 'u1'), 'ClassRoster/c1/waitlist/u1'],
    [paths.rosterEnded('c1', 'b1'), 'ClassRoster/c1/ended/b1'],
    [paths.attendance('u1'), 'Attendance/u1'],
    [paths.userClass('u1', 'c1'), 'UserClasses/u1/c1'],
    [paths.userWaitlistEntry('u1', 'c1'), 'UserWaitlist/u1/c1'],
    [paths.creditLedgerEntry('u1', 'l1'), 'CreditLedger/u1/l1'],
    [paths.notification('u1', 'n1'), 'Notifications/u1/n1'],
    [paths.package('p1'), 'Packages/p1'],
    [paths.event('ev1'), 'Events/ev1'],
    [paths.coupon('WELCOME10'), 'Coupons/WELCOME10'],
    [paths.payment('cs_1'), 'Payments/cs_1'],
    [paths.stripeEvent('evt_1'), 'StripeEvents/evt_1'],
    [paths.stripeCustomer('u1'), 'StripeCustomers/u1'],
    [paths.stripeCustomerUid('cus_1'), 'StripeCustomerUids/cus_1'],
    [paths.stripeSubscription('sub_1'), 'StripeSubscriptions/sub_1'],
    [paths.subscriptionGrant('sub_1', '2025-01-01'), 'SubscriptionGrants/sub_1/2025-01-01'],
    [paths.auditEntry('a1'), 'AuditLog/a1'],
    [paths.rateLimit('u1', 'book'), 'RateLimits/u1/book'],
    [
      paths.jobItemDone('monthlyCredits', '2026-12', 'sub_1'),
      'JobProgress/monthlyCredits/2026-12/sub_1',
    ],
  ])('builds %s', (built, expected) => {
    expect(built).toBe(expected);
  });

  it('roots every builder in a known top-level node, and uses every one', () => {
    const roots = new Set<string>();
    for (const builder of Object.values(paths)) {
      const args = Array.from({ length: builder.length }, () => 'x');
      const built = (builder as (...segments: string[]) => string)(...args);
      roots.add(built.split('/')[0] ?? '');
    }
    expect([...roots].sort()).toEqual(Object.values(ROOTS).sort());
  });

  const badSegments: [string, unknown][] = [
    ['empty', ''],
    ['parent', '..'],
    ['climbing', '../Users'],
    ['slash', 'a/b'],
    ['dot', 'a.b'],
    ['dollar', '$uid'],
    ['hash', 'a#b'],
    ['open bracket', 'a[0'],
    ['close bracket', 'a]'],
    ['newline', 'a\nb'],
    ['NUL', 'a\u0000'],
    ['DEL', 'a\u007f'],
    ['too long', 'x'.repeat(MAX_KEY_LENGTH + 1)],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['prototype', 'prototype'],
    ['toString', 'toString'],
    ['boolean', true],
    ['object', { toString: () => 'x' }],
    ['null', null],
    ['undefined', undefined],
  ];

  const builders = Object.entries(paths).filter(([, builder]) => builder.length > 0);

  it.each(badSegments)('rejects a %s segment in every position of every builder', (_, bad) => {
    for (const [name, builder] of builders) {
      for (let position = 0; position < builder.length; position += 1) {
        const args: unknown[] = Array.from({ length: builder.length }, () => 'ok');
        args[position] = bad;
        expect(
          () => (builder as (...segments: unknown[]) => string)(...args),
          `${name} arg ${position}`,
        ).toThrow(InvalidKeyError);
      }
    }
  });

  it.each(['TagsProducts', 'Categorias'])('refuses %s as a shop category', (category) => {
    expect(() => paths.shopCategory(category)).toThrow(InvalidKeyError);
    expect(() => paths.shopProduct(category, 'p1')).toThrow(InvalidKeyError);
  });

  it.each([-1, 1.5, Number.NaN])('rejects list index %s', (n) => {
    expect(() => paths.memberRedemption('WELCOME10', 'u1', n)).toThrow(InvalidKeyError);
  });

  it('accepts push ids, emails-free uids and hyphens', () => {
    expect(paths.user('-NqZ3_aBc-9')).toBe('Users/-NqZ3_aBc-9');
  });
});

describe('classesByDateRange', () => {
  it('queries Classes ordered by date over an inclusive range', () => {
    expect(classesByDateRange('2025-03-03', '2025-03-09')).toEqual({
      path: 'Classes',
      orderByChild: 'date',
      startAt: '2025-03-03',
      endAt: '2025-03-09',
    });
  });

  it.each([
    ['2025-03-09', '2025-03-03'],
    ['2025-02-30', '2025-03-03'],
    ['03/03/2025', '2025-03-09'],
  ])('rejects %s … %s', (from, to) => {
    expect(() => classesByDateRange(from, to)).toThrow(RangeError);
  });
});
