import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adjustCreditsInput,
  bookClassInput,
  bookGuestInput,
  callableInputs,
  cancelBookingInput,
  cancelClassInput,
  changeSpotInput,
  checkInInput,
  createCheckoutSessionInput,
  createPortalSessionInput,
  cancelMemberSubscriptionInput,
  createClassesInput,
  joinWaitlistInput,
  leaveWaitlistInput,
  previewPriceInput,
  rotateCalendarFeedInput,
  resendMailInput,
  setUserRoleInput,
  stampServerTimeInput,
  sumPaymentsInput,
  updateClassInput,
} from './inputs';

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

const classFields = {
  branch: 'b1',
  exercise: 'e1',
  coach: 'k1',
  hour: '07:00',
  duration: 50,
  capacity: 12,
};
const urls = { successUrl: 'https://studio.test/ok', cancelUrl: 'http://localhost:5173/no' };

describe('callable inputs', () => {
  it.each<[string, z.ZodType, unknown, boolean]>([
    ['bookClass minimal', bookClassInput, { classId: 'c1' }, true],
    ['bookClass with spot', bookClassInput, { classId: 'c1', spot: 'A1' }, true],
    ['bookClass no classId', bookClassInput, {}, false],
    ['bookClass path in id', bookClassInput, { classId: '../Users/x' }, false],
    ['bookClass key too long', bookClassInput, { classId: 'x'.repeat(129) }, false],
    ['bookClass number id', bookClassInput, { classId: 7 }, false],
    ['bookClass null', bookClassInput, null, false],
    ['cancelBooking', cancelBookingInput, { classId: 'c1' }, true],
    ['changeSpot', changeSpotInput, { classId: 'c1', spot: 'B2' }, true],
    ['changeSpot needs spot', changeSpotInput, { classId: 'c1' }, false],
    ['joinWaitlist', joinWaitlistInput, { classId: 'c1' }, true],
    ['leaveWaitlist', leaveWaitlistInput, { classId: 'c1' }, true],
    ['checkIn attended', checkInInput, { classId: 'c1', uid: 'u1', status: 'attended' }, true],
    ['checkIn no-show', checkInInput, { classId: 'c1', uid: 'u1', status: 'no-show' }, true],
    ['checkIn other status', checkInInput, { classId: 'c1', uid: 'u1', status: 'late' }, false],
    ['setUserRole coach', setUserRoleInput, { uid: 'u1', role: 'coach' }, true],
    ['setUserRole spec flag', setUserRoleInput, { uid: 'u1', role: 'Coach' }, false],
    [
      'setUserRole admin of a branch',
      setUserRoleInput,
      { uid: 'u1', role: 'admin', branch: 'norte' },
      true,
    ],
    [
      'setUserRole desk of a branch',
      setUserRoleInput,
      { uid: 'u1', role: 'staff', branch: 'norte' },
      true,
    ],
    [
      'setUserRole coach of a branch',
      setUserRoleInput,
      { uid: 'u1', role: 'coach', branch: 'norte' },
      false,
    ],
    [
      'setUserRole member of a branch',
      setUserRoleInput,
      { uid: 'u1', role: 'member', branch: 'norte' },
      false,
    ],
    [
      'setUserRole branch not a key',
      setUserRoleInput,
      { uid: 'u1', role: 'admin', branch: 'a/b' },
      false,
    ],
    ['setUserRole empty branch', setUserRoleInput, { uid: 'u1', role: 'admin', branch: '' }, false],
    [
      'setUserRole branch not text',
      setUserRoleInput,
      { uid: 'u1', role: 'admin', branch: 7 },
      false,
    ],
    [
      'adjust +5',
      adjustCreditsInput,
      { uid: 'u1', kind: 'regular', delta: 5, reason: 'gift' },
      true,
    ],
    [
      'adjust −1000',
      adjustCreditsInput,
      { uid: 'u1', kind: 'train', delta: -1000, reason: 'x' },
      true,
    ],
    ['adjust 0', adjustCreditsInput, { uid: 'u1', kind: 'regular', delta: 0, reason: 'x' }, false],
    [
      'adjust 1001',
      adjustCreditsInput,
      { uid: 'u1', kind: 'regular', delta: 1001, reason: 'x' },
      false,
    ],
    [
      'adjust 1.5',
      adjustCreditsInput,
      { uid: 'u1', kind: 'regular', delta: 1.5, reason: 'x' },
      false,
    ],
    [
      'adjust blank reason',
      adjustCreditsInput,
      { uid: 'u1', kind: 'regular', delta: 1, reason: '  ' },
      false,
    ],
    [
      'adjust long reason',
      adjustCreditsInput,
      { uid: 'u1', kind: 'regular', delta: 1, reason: 'x'.repeat(201) },
      false,
    ],
    [
      'adjust bad kind',
      adjustCreditsInput,
      { uid: 'u1', kind: 'gold', delta: 1, reason: 'x' },
      false,
    ],
    ['createClasses one date', createClassesInput, { ...classFields, date: '2025-06-02' }, true],
    [
      'createClasses repeat',
      createClassesInput,
      { ...classFields, repeat: { from: '2025-06-02', until: '2025-06-30', weekdays: [1, 3, 5] } },
      true,
    ],
    [
      'createClasses both',
      createClassesInput,
      {
        ...classFields,
        date: '2025-06-02',
        repeat: { from: '2025-06-02', until: '2025-06-30', weekdays: [1] },
      },
      false,
    ],
    ['createClasses neither', createClassesInput, classFields, false],
    [
      'createClasses backwards repeat',
      createClassesInput,
      { ...classFields, repeat: { from: '2025-06-30', until: '2025-06-02', weekdays: [1] } },
      false,
    ],
    [
      'createClasses repeat over a year',
      createClassesInput,
      { ...classFields, repeat: { from: '2025-01-01', until: '2026-01-02', weekdays: [1] } },
      false,
    ],
    [
      'createClasses repeat until a date that does not exist',
      createClassesInput,
      { ...classFields, repeat: { from: '2026-02-02', until: '2026-02-30', weekdays: [1] } },
      false,
    ],
    [
      'createClasses repeat from a date that does not exist',
      createClassesInput,
      { ...classFields, repeat: { from: '2026-02-30', until: '2026-03-10', weekdays: [1] } },
      false,
    ],
    [
      'createClasses weekday 0',
      createClassesInput,
      { ...classFields, repeat: { from: '2025-06-02', until: '2025-06-30', weekdays: [0] } },
      false,
    ],
    [
      'createClasses bad hour',
      createClassesInput,
      { ...classFields, hour: '25:00', date: '2025-06-02' },
      false,
    ],
    [
      'createClasses no capacity nor layout',
      createClassesInput,
      { ...classFields, capacity: undefined, date: '2025-06-02' },
      false,
    ],
    [
      'createClasses layout only',
      createClassesInput,
      { ...classFields, capacity: undefined, layout: 'l1', date: '2025-06-02' },
      true,
    ],
    [
      'createClasses capacity 501',
      createClassesInput,
      { ...classFields, capacity: 501, date: '2025-06-02' },
      false,
    ],
    ['updateClass', updateClassInput, { classId: 'c1', capacity: 10 }, true],
    ['cancelClass', cancelClassInput, { classId: 'c1', reason: 'Coach ill' }, true],
    ['cancelClass without reason', cancelClassInput, { classId: 'c1' }, false],
    ['previewPrice credits', previewPriceInput, { kind: 'credits', packageId: 'p1' }, true],
    ['previewPrice credits w/o package', previewPriceInput, { kind: 'credits' }, false],
    [
      'previewPrice subscription',
      previewPriceInput,
      { kind: 'subscription', promocode: 'welcome10' },
      true,
    ],
    [
      'previewPrice subscription + package',
      previewPriceInput,
      { kind: 'subscription', packageId: 'p1' },
      false,
    ],
    [
      'previewPrice cart',
      previewPriceInput,
      {
        kind: 'cart',
        items: [
          { type: 'package', id: 'p1', quantity: 2 },
          { type: 'product', category: 'ropa', id: 'x', quantity: 1 },
        ],
      },
      true,
    ],
    ['previewPrice empty cart', previewPriceInput, { kind: 'cart', items: [] }, false],
    [
      'previewPrice cart item quantity 0',
      previewPriceInput,
      { kind: 'cart', items: [{ type: 'package', id: 'p1', quantity: 0 }] },
      false,
    ],
    [
      'previewPrice cart item with price',
      previewPriceInput,
      { kind: 'cart', items: [{ type: 'package', id: 'p1', quantity: 1, price: 1 }] },
      false,
    ],
    [
      'previewPrice bad promocode',
      previewPriceInput,
      { kind: 'credits', packageId: 'p1', promocode: 'A B' },
      false,
    ],
    [
      'checkout credits',
      createCheckoutSessionInput,
      { kind: 'spcredits', packageId: 'p1', branch: 'b1', ...urls },
      true,
    ],
    [
      'checkout without urls',
      createCheckoutSessionInput,
      { kind: 'credits', packageId: 'p1' },
      false,
    ],
    [
      'checkout javascript url',
      createCheckoutSessionInput,
      { kind: 'credits', packageId: 'p1', ...urls, successUrl: 'javascript:alert(1)' },
      false,
    ],
    [
      'checkout client amount',
      createCheckoutSessionInput,
      { kind: 'credits', packageId: 'p1', ...urls, amount: 1 },
      false,
    ],
    ['portal', createPortalSessionInput, { returnUrl: 'https://app.example/perfil' }, true],
    ['portal without returnUrl', createPortalSessionInput, {}, false],
    [
      'portal javascript url',
      createPortalSessionInput,
      { returnUrl: 'javascript:alert(1)' },
      false,
    ],
    [
      'cancel plan at period end',
      cancelMemberSubscriptionInput,
      { uid: 'u1', when: 'period-end', reason: 'Moved away' },
      true,
    ],
    [
      'cancel plan unknown when',
      cancelMemberSubscriptionInput,
      { uid: 'u1', when: 'tomorrow', reason: 'x' },
      false,
    ],
    [
      'cancel plan without reason',
      cancelMemberSubscriptionInput,
      { uid: 'u1', when: 'now' },
      false,
    ],
    ['stampServerTime {}', stampServerTimeInput, {}, true],
    ['stampServerTime extra', stampServerTimeInput, { Ts: 1 }, false],
    ['rotateCalendarFeed {}', rotateCalendarFeedInput, {}, true],
    ['rotateCalendarFeed revoke', rotateCalendarFeedInput, { revoke: true }, true],
    ['rotateCalendarFeed revoke as text', rotateCalendarFeedInput, { revoke: 'yes' }, false],
    ['rotateCalendarFeed chosen token', rotateCalendarFeedInput, { token: 'a'.repeat(43) }, false],
    [
      'bookGuest named guest',
      bookGuestInput,
      { classId: 'c1', guestName: 'Ana', requestId: 'r1' },
      true,
    ],
    [
      'bookGuest with a spot',
      bookGuestInput,
      { classId: 'c1', guestName: 'Ana', spot: 's7', requestId: 'r1' },
      true,
    ],
    [
      'bookGuest blank name',
      bookGuestInput,
      { classId: 'c1', guestName: '   ', requestId: 'r1' },
      false,
    ],
    [
      'bookGuest 61-char name',
      bookGuestInput,
      { classId: 'c1', guestName: 'a'.repeat(61), requestId: 'r1' },
      false,
    ],
    [
      'bookGuest name as number',
      bookGuestInput,
      { classId: 'c1', guestName: 7, requestId: 'r1' },
      false,
    ],
    ['bookGuest no request id', bookGuestInput, { classId: 'c1', guestName: 'Ana' }, false],
    [
      'cancelBooking a guest seat',
      cancelBookingInput,
      { classId: 'c1', guestBookingId: 'b1' },
      true,
    ],
    [
      'cancelBooking guest id with a slash',
      cancelBookingInput,
      { classId: 'c1', guestBookingId: 'a/b' },
      false,
    ],
    [
      'checkIn a guest seat',
      checkInInput,
      { classId: 'c1', uid: 'u1', guestBookingId: 'b1', status: 'attended' },
      true,
    ],
    ['resendMail outbox id', resendMailInput, { id: 'booked-b1' }, true],
    ['resendMail no id', resendMailInput, {}, false],
    ['resendMail id with a slash', resendMailInput, { id: 'booked/../Users' }, false],
    ['sumPayments a month', sumPaymentsInput, { from: '2026-10-22', to: '2026-11-21' }, true],
    [
      'sumPayments a status and a kind',
      sumPaymentsInput,
      { from: '2026-11-21', to: '2026-11-21', status: 'refunded', kind: 'credits' },
      true,
    ],
    [
      'sumPayments of a branch',
      sumPaymentsInput,
      { from: '2026-11-21', to: '2026-11-21', branch: 'norte' },
      true,
    ],
    [
      'sumPayments a branch with a slash',
      sumPaymentsInput,
      { from: '2026-11-21', to: '2026-11-21', branch: 'norte/../Users' },
      false,
    ],
    [
      'sumPayments to before from',
      sumPaymentsInput,
      { from: '2026-11-21', to: '2026-11-20' },
      false,
    ],
    [
      'sumPayments over two years',
      sumPaymentsInput,
      { from: '2024-01-01', to: '2026-01-02' },
      false,
    ],
    ['sumPayments not a date', sumPaymentsInput, { from: '2026-02-30', to: '2026-03-01' }, false],
    [
      'sumPayments unknown status',
      sumPaymentsInput,
      { from: '2026-11-01', to: '2026-11-21', status: 'gone' },
      false,
    ],
  ])('%s → $3', (_, schema, value, ok) => {
    expect(accepts(schema, value)).toBe(ok);
  });

  it('rejects unknown keys on every callable input', () => {
    const valid: Record<keyof typeof callableInputs, unknown> = {
      bookClass: { classId: 'c1' },
      bookGuest: { classId: 'c1', guestName: 'Ana', requestId: 'r1' },
      cancelBooking: { classId: 'c1' },
      changeSpot: { classId: 'c1', spot: 'A1' },
      joinWaitlist: { classId: 'c1' },
      leaveWaitlist: { classId: 'c1' },
      checkIn: { classId: 'c1', uid: 'u1', status: 'attended' },
      setUserRole: { uid: 'u1', role: 'admin' },
      adjustCredits: { uid: 'u1', kind: 'regular', delta: 1, reason: 'x' },
      createClasses: { ...classFields, date: '2025-06-02' },
      updateClass: { classId: 'c1' },
      cancelClass: { classId: 'c1', reason: 'x' },
      previewPrice: { kind: 'subscription' },
      createCheckoutSession: { kind: 'subscription', ...urls },
      createPortalSession: { returnUrl: urls.successUrl },
      cancelMemberSubscription: { uid: 'u1', when: 'now', reason: 'x' },
      stampServerTime: {},
      rotateCalendarFeed: {},
      resendMail: { id: 'booked-b1' },
      sumPayments: { from: '2026-11-01', to: '2026-11-21' },
      savePushSubscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
      removePushSubscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
      watchClass: { classId: 'c1' },
      unwatchClass: { classId: 'c1' },
      freezeMembership: { days: 14 },
      endFreeze: {},
      savePlan: {
        plan: { kind: 'unlimited', name: 'Unlimited', interval: 'month', price: 9900 },
      },
      changePlan: { planId: 'p1' },
      cancelMembership: {},
      freezeMemberPlan: { uid: 'u1', days: 14, reason: 'x' },
      endMemberFreeze: { uid: 'u1', reason: 'x' },
      bulkFreeze: { from: '2026-12-21', until: '2027-01-04', reason: 'x' },
      changeMemberPlan: { uid: 'u1', planId: 'p1', when: 'now', reason: 'x' },
      compMembership: { uid: 'u1', planId: 'p1', until: '2027-01-01', reason: 'x' },
      startImport: {
        source: 'mindbody',
        dryRun: true,
        files: [{ name: 'clients.csv', entity: 'members', rows: 1 }],
        dateOrder: 'mdy',
      },
      importRows: { runId: 'r1', file: 0, rows: [{ line: 2, values: { id: '1' } }] },
      finishImport: { runId: 'r1' },
      memberPass: {},
      revokeMemberPass: { uid: 'u1' },
      checkInByPass: { pass: 'SP1.u1.x.y' },
      checkInByName: { name: 'Ana', phoneLast4: '1234' },
      saveWaiver: { text: { en: 'I take part at my own risk.', es: 'Participo bajo mi riesgo.' } },
      signWaiver: {
        version: 1,
        fullName: 'Ana Ruiz',
        lang: 'es',
        signature: 'data:image/png;base64,AAAA',
      },
      addToClass: { classId: 'c1', uid: 'u1', payWith: 'credit', requestId: 'r1' },
      recordCashSale: { uid: 'u1', kind: 'credits', packageId: 'p5', amount: 6500 },
      refundCashSale: { paymentId: 'cash-1', reason: 'x' },
      createDeskCheckout: {
        uid: 'u1',
        kind: 'credits',
        packageId: 'p5',
        delivery: 'here',
        ...urls,
      },
      assignSubstitute: { classId: 'c1', coachId: null },
      saveCoachPayRate: {
        coachId: 'carlos',
        exercise: '*',
        effectiveFrom: '2026-11-01',
        rule: { perClass: 2000, perHead: [], minimum: 0 },
      },
      coachPayReport: { from: '2026-11-01', to: '2026-11-30' },
    };
    for (const [name, schema] of Object.entries(callableInputs)) {
      const value = valid[name as keyof typeof callableInputs] as object;
      expect(accepts(schema, value), name).toBe(true);
      expect(accepts(schema, { ...value, admin: true }), name).toBe(false);
    }
  });

  it('refuses a repeat rule with an impossible date as an issue on that date', () => {
    const result = createClassesInput.safeParse({
      ...classFields,
      repeat: { from: '2026-02-02', until: '2026-02-30', weekdays: [1] },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['repeat', 'until']]);
  });

  it('upper-cases promo codes and defaults the credit kind', () => {
    expect(previewPriceInput.parse({ kind: 'subscription', promocode: ' welcome10 ' })).toEqual({
      kind: 'subscription',
      promocode: 'WELCOME10',
    });
    expect(createClassesInput.parse({ ...classFields, date: '2025-06-02' }).creditKind).toBe(
      'regular',
    );
  });
});
