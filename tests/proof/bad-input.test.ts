// Bad input. Every callable the app can call receives malformed, missing,
// oversized, wrong-type, injected, negative and boundary values, and calls by the wrong role; the
// Stripe webhook receives broken, forged, stale and malformed deliveries. Each must be refused
// with the right code and a message (never `internal`), and the whole database must read the same
// before and after. The cases are generated from the table below (SPECS): each callable's entry
// holds its fields, whose kind picks their attacks, and the well-formed calls its domain refuses;
// a new field, refusal or callable adds its cases.
// First: the functions' logger keeps the console it finds when it loads.
import './support/quiet-logs.ts';
import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLASS_CAPACITY, formatDate, paths } from '@studio/core';
import { adminDatabase } from '../../functions/src/admin.ts';
import {
  BRANCH,
  COACH,
  DAY,
  EXERCISE,
  LAYOUT,
  admin,
  coach,
  desk,
  member,
  otherCoach,
  seedClass,
  seedMember,
  seedStudio,
} from '../../functions/test/booking/fixtures.ts';
import {
  CHECKOUT_URLS,
  catalogueSeed,
  webhookSignature,
} from '../../functions/test/payments/support.ts';
import { signPass } from '../../functions/src/handlers/desk/pass-codes.ts';
import {
  PASS_SECRET,
  startFunctionsBed,
  WEBHOOK_SECRET,
  exportedCallables,
  type CallableName,
  type Caller,
  type FunctionsBed,
} from './support/functions-bed.ts';

// ---------------------------------------------------------------------------------------------
// Values by the kind of field they attack. Every one must be refused as `invalid-argument`.

const HUGE = 'x'.repeat(1_000_000);
const NOT_OBJECTS: unknown[] = [null, 42, 'text', true, [], [{}]];
const KEY_ATTACKS: unknown[] = [
  null,
  0,
  -1,
  true,
  [],
  {},
  ['c1'],
  { '.sv': 'timestamp' },
  '',
  'x'.repeat(129),
  HUGE,
  '../Users',
  '../../',
  'a/b',
  '/',
  'a.b',
  '.',
  '#',
  'a$b',
  '[0]',
  ']',
  'a\u0000b',
  '\n',
  '\u007f',
  // Names every object answers: a lookup by them finds an inherited property.
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
];
const ENUM_ATTACKS: unknown[] = [null, '', 'ADMIN', 'Admin', 'owner', 'admin ', 1, ['admin'], {}];
const NUMBER_ATTACKS: unknown[] = [
  null,
  '5',
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1.5,
  1e308,
  -1e308,
  true,
  [],
  {},
];
const TEXT_ATTACKS: unknown[] = [null, '', '   ', 'x'.repeat(201), HUGE, 5, [], {}];
const HOUR_ATTACKS: unknown[] = [null, '', '24:00', '7:00', '07:60', '0700', '07:00:00', 7];
const DATE_ATTACKS: unknown[] = [
  null,
  '',
  '2026-02-30',
  '2026-13-01',
  '26-11-23',
  '2026-11-23T00:00',
  20261123,
];
const URL_ATTACKS: unknown[] = [
  null,
  5,
  '',
  'javascript:alert(1)',
  'data:text/html,<script>x</script>',
  'ftp://example.com/x',
  '//evil.example/x',
  'not a url',
  `http://example.com/${'x'.repeat(3000)}`,
  // Well-formed, but not a page of the app (a Stripe page must not send members away).
  'https://evil.example/thanks',
  'https://127.0.0.1.evil.example:5000/x',
  'http://127.0.0.1:5001/demo-studio/us-central1/x',
  'https://user:secret@127.0.0.1:5000/x',
];
const CODE_ATTACKS: unknown[] = [
  null,
  5,
  '',
  '../X',
  'A B',
  'A.B',
  'x'.repeat(41),
  "' OR 1=1 --",
  '$where',
  { $ne: null },
];

interface Field {
  name: string;
  attacks: unknown[];
  required: boolean;
}

/** A browser's push subscription keys: a real P-256 point and a 16-byte secret. */
const PUSH_KEYS = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: 'A'.repeat(22) };
})();
const PUSH_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/proof';
const ENDPOINT_ATTACKS: unknown[] = [
  ...URL_ATTACKS.filter((value) => value !== 'https://evil.example/thanks'),
  `https://fcm.googleapis.com/${'x'.repeat(1100)}`,
];
const PUSH_KEY_ATTACKS: unknown[] = [
  ...NOT_OBJECTS,
  {},
  { p256dh: PUSH_KEYS.p256dh },
  { ...PUSH_KEYS, p256dh: PUSH_KEYS.p256dh.slice(1) },
  { ...PUSH_KEYS, p256dh: `${PUSH_KEYS.p256dh}A` },
  { ...PUSH_KEYS, p256dh: HUGE },
  { ...PUSH_KEYS, auth: 'A'.repeat(21) },
  { ...PUSH_KEYS, auth: '+/+/+/+/+/+/+/+/+/+/+/' },
  { ...PUSH_KEYS, extra: 1 },
];

const key = (name: string, required = true): Field => ({ name, attacks: KEY_ATTACKS, required });
const oneOf = (name: string, required = true): Field => ({ name, attacks: ENUM_ATTACKS, required });
const int = (name: string, bounds: number[], required = true): Field => ({
  name,
  attacks: [...NUMBER_ATTACKS, ...bounds],
  required,
});
const text = (name: string, required = true): Field => ({ name, attacks: TEXT_ATTACKS, required });

// ---------------------------------------------------------------------------------------------
// The studio the calls are aimed at (filled in beforeAll).

const ids = {
  classId: '',
  fullClassId: '',
  memberUid: '',
  newbieUid: '',
  holderUid: '',
  /** Member passes (core/src/desk/pass.ts): current, replaced, forged. */
  memberPass: '',
  oldPass: '',
  forgedPass: '',
  newbiePass: '',
  /** A member booked into a class starting soon, of a coach the proof's otherCoach is not. */
  soonPass: '',
  subscriberUid: '',
};
const tomorrow = () => formatDate(Date.now() + DAY);
const asMember = (): Caller => member(ids.memberUid);

/**
 * A well-formed call the domain refuses (it names something that does not exist or may not be
 * done): label, expected code, the data (given the callable's valid input), and the caller when
 * it is not the callable's usual one.
 */
type Refusal = [
  label: string,
  code: string,
  data: (valid: Record<string, unknown>) => unknown,
  caller?: () => Caller,
];

interface Spec {
  /** Who may call it; the other roles are refused. */
  caller: () => Caller;
  /** Refused roles: a guest always, plus these. */
  refusedRoles: ('member' | 'coach' | 'staff')[];
  /** A well-formed input; each case breaks one thing about it. */
  valid: () => Record<string, unknown>;
  fields: Field[];
  refusals?: Refusal[];
}

const FOR_MEMBERS = { caller: asMember, refusedRoles: [] } satisfies Partial<Spec>;
const ADMIN_ONLY = {
  caller: () => admin,
  refusedRoles: ['member', 'coach', 'staff'],
} satisfies Partial<Spec>;
/** Admins and the front desk (core `worksTheDesk`). */
const FOR_THE_DESK = {
  caller: () => desk,
  refusedRoles: ['member', 'coach'],
} satisfies Partial<Spec>;

const NO_SUCH_CLASS = 'no-such-class';
const IMPORT_FILE = { name: 'clients.csv', entity: 'members', rows: 1 };
const IMPORT_START = { source: 'mindbody', dryRun: true, files: [IMPORT_FILE], dateOrder: 'mdy' };
/** The waiver an admin publishes, and a drawn signature (a 1 × 1 PNG). */
const WAIVER_TEXT = {
  en: 'I take part in fitness classes at my own risk.',
  es: 'Participo en las clases bajo mi propio riesgo.',
};
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** An outbox entry already sent (resendMail resends only failed ones). */
const SENT_MAIL = 'welcome-proof-sent';
const classId = (id: string) => () => ({ classId: id });

/** What createClasses needs besides the date, and a template row besides the weekday. */
const A_CLASS = {
  hour: '07:00',
  duration: 45,
  branch: BRANCH,
  exercise: EXERCISE,
  coach: COACH,
  layout: LAYOUT,
};

/** One row of a weekly class template; `change` replaces or adds fields. */
const templateRow = (change: Record<string, unknown> = {}): Record<string, unknown> => ({
  weekday: 1,
  ...A_CLASS,
  ...change,
});
/** A weekly template named W with these rows (`extra` keys before them). */
const week = (rows: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'W',
  ...extra,
  rows,
});
const without = (value: Record<string, unknown>, name: string) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => key !== name));

/** A credit package as saveCatalogItem takes it; `change` replaces or adds fields. */
const creditPackage = (change: Record<string, unknown> = {}) => ({
  kind: 'credits',
  name: 'x',
  credits: 5,
  price: 100,
  validityDays: 30,
  ...change,
});

/** A credit-package purchase (previewPrice, createCheckoutSession); `change` is applied. */
const checkout = (change: Record<string, unknown>) => () => ({
  kind: 'credits',
  packageId: 'p5',
  ...change,
});

/** A plan of the proof studio (Plans/proof-plan): plan calls name it. */
const PROOF_PLAN = 'proof-plan';
const inDays = (days: number) => formatDate(Date.now() + days * DAY);
const BOOL_ATTACKS: unknown[] = [null, 'true', 1, 0, {}, [true]];
const DATE = (name: string, required: boolean): Field => ({
  name,
  attacks: DATE_ATTACKS,
  required,
});

const SPECS: Record<CallableName, Spec> = {
  freezeMembership: {
    ...FOR_MEMBERS,
    valid: () => ({ days: 14 }),
    fields: [int('days', [0, -1, 366], false), DATE('until', false)],
    refusals: [
      ['a member without a plan', 'failed-precondition', (valid) => valid],
      ['both days and until', 'invalid-argument', () => ({ days: 14, until: inDays(14) })],
      ['neither days nor until', 'invalid-argument', () => ({})],
    ],
  },
  endFreeze: {
    ...FOR_MEMBERS,
    valid: () => ({}),
    fields: [],
    refusals: [['a member without a plan', 'failed-precondition', (valid) => valid]],
  },
  changePlan: {
    ...FOR_MEMBERS,
    valid: () => ({ planId: PROOF_PLAN }),
    fields: [key('planId')],
    refusals: [['a member without a plan', 'failed-precondition', (valid) => valid]],
  },
  cancelMembership: {
    ...FOR_MEMBERS,
    valid: () => ({ payEarlyEndFee: true }),
    fields: [{ name: 'payEarlyEndFee', attacks: BOOL_ATTACKS, required: false }],
    refusals: [['a member without a plan', 'failed-precondition', (valid) => valid]],
  },
  savePlan: {
    ...ADMIN_ONLY,
    valid: () => ({
      plan: { kind: 'unlimited', name: 'Unlimited', interval: 'month', price: 9900 },
    }),
    fields: [key('planId', false), { name: 'plan', attacks: NOT_OBJECTS, required: true }],
    refusals: [
      ['a plan that does not exist', 'not-found', (valid) => ({ ...valid, planId: 'nope' })],
      [
        'a limited plan without its limit',
        'invalid-argument',
        () => ({ plan: { kind: 'limited', name: 'L', interval: 'month', price: 9900 } }),
      ],
      [
        'a plan that costs nothing',
        'invalid-argument',
        () => ({ plan: { kind: 'unlimited', name: 'U', interval: 'month', price: 0 } }),
      ],
      [
        'a Stripe price id from the client',
        'invalid-argument',
        (valid) => ({
          plan: { ...(valid['plan'] as object), stripePriceId: 'price_x' },
        }),
      ],
      [
        'a kind change of an existing plan',
        'invalid-argument',
        () => ({
          planId: PROOF_PLAN,
          plan: { kind: 'credits', name: 'C', interval: 'month', price: 9900, credits: 8 },
        }),
      ],
    ],
  },
  freezeMemberPlan: {
    ...ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, days: 14, reason: 'Injury' }),
    fields: [
      key('uid'),
      int('days', [0, -1, 366], false),
      DATE('until', false),
      DATE('from', false),
      text('reason'),
    ],
    refusals: [
      ['a member without a plan', 'failed-precondition', (valid) => valid],
      ['a member who does not exist', 'not-found', (valid) => ({ ...valid, uid: 'nope' })],
    ],
  },
  endMemberFreeze: {
    ...ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, reason: 'Back early' }),
    fields: [key('uid'), text('reason')],
    refusals: [
      ['a member without a plan', 'failed-precondition', (valid) => valid],
      ['a member who does not exist', 'not-found', (valid) => ({ ...valid, uid: 'nope' })],
    ],
  },
  bulkFreeze: {
    ...ADMIN_ONLY,
    valid: () => ({ from: inDays(20), until: inDays(34), reason: 'Holidays' }),
    fields: [DATE('from', true), DATE('until', true), key('branch', false), text('reason')],
    refusals: [
      [
        'an end before the start',
        'invalid-argument',
        (valid) => ({ ...valid, from: inDays(34), until: inDays(20) }),
      ],
      ['more than a year', 'invalid-argument', (valid) => ({ ...valid, until: inDays(400) })],
      [
        'an end already past',
        'invalid-argument',
        (valid) => ({ ...valid, from: inDays(-10), until: inDays(-3) }),
      ],
      ['a branch that does not exist', 'not-found', (valid) => ({ ...valid, branch: 'nope' })],
    ],
  },
  changeMemberPlan: {
    ...ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, planId: PROOF_PLAN, when: 'now', reason: 'Upgrade' }),
    fields: [key('uid'), key('planId'), oneOf('when'), text('reason')],
    refusals: [['a member without a plan', 'failed-precondition', (valid) => valid]],
  },
  compMembership: {
    ...ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, planId: PROOF_PLAN, until: inDays(30), reason: 'Gift' }),
    fields: [key('uid'), key('planId'), DATE('until', true), text('reason')],
    refusals: [
      ['a plan that does not exist', 'not-found', (valid) => ({ ...valid, planId: 'nope' })],
      ['a member who does not exist', 'not-found', (valid) => ({ ...valid, uid: 'nope' })],
      ['an end already past', 'invalid-argument', (valid) => ({ ...valid, until: inDays(-1) })],
      [
        'a member who holds the subscription',
        'failed-precondition',
        (valid) => ({ ...valid, uid: ids.subscriberUid }),
      ],
    ],
  },
  bookClass: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.classId, spot: 'A1' }),
    fields: [key('classId'), key('spot', false), oneOf('payWith', false)],
    refusals: [
      ['a class that does not exist', 'not-found', classId(NO_SUCH_CLASS)],
      ['a class id that is a space', 'not-found', classId(' ')],
      [
        'a spot not on the layout',
        'invalid-argument',
        () => ({ classId: ids.classId, spot: 'Z9' }),
      ],
      ['a full class', 'resource-exhausted', () => ({ classId: ids.fullClassId })],
      [
        'without credits or waiver',
        'failed-precondition',
        () => ({ classId: ids.classId }),
        () => member(ids.newbieUid),
      ],
    ],
  },
  bookGuest: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.classId, guestName: 'Ana', requestId: 'proof-request' }),
    fields: [
      key('classId'),
      text('guestName'),
      key('spot', false),
      key('requestId'),
      oneOf('payWith', false),
    ],
    refusals: [
      ['a class the member has not booked', 'failed-precondition', (valid) => valid],
      [
        'a class that does not exist',
        'not-found',
        (valid) => ({ ...valid, classId: NO_SUCH_CLASS }),
      ],
      [
        'a guest name of 61 characters',
        'invalid-argument',
        (valid) => ({ ...valid, guestName: 'x'.repeat(61) }),
      ],
    ],
  },
  cancelBooking: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.classId }),
    fields: [key('classId'), key('guestBookingId', false)],
    refusals: [
      ['a class not booked', 'not-found', (valid) => valid],
      ['a class that does not exist', 'not-found', classId(NO_SUCH_CLASS)],
      [
        'a guest seat the member does not hold',
        'not-found',
        (valid) => ({ ...valid, guestBookingId: 'no-such-guest' }),
      ],
    ],
  },
  changeSpot: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.classId, spot: 'A2' }),
    fields: [key('classId'), key('spot')],
    refusals: [
      ['a class not booked', 'not-found', (valid) => valid],
      [
        'a class that does not exist',
        'not-found',
        (valid) => ({ ...valid, classId: NO_SUCH_CLASS }),
      ],
      [
        'a spot out of service',
        'failed-precondition',
        () => ({ classId: ids.fullClassId, spot: 'A4' }),
        () => member(ids.holderUid),
      ],
      [
        'a spot not on the layout',
        'invalid-argument',
        () => ({ classId: ids.fullClassId, spot: 'Z9' }),
        () => member(ids.holderUid),
      ],
    ],
  },
  joinWaitlist: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.fullClassId }),
    fields: [key('classId')],
    refusals: [
      ['a class that is not full', 'failed-precondition', () => ({ classId: ids.classId })],
      ['a class that does not exist', 'not-found', classId(NO_SUCH_CLASS)],
    ],
  },
  leaveWaitlist: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.classId }),
    fields: [key('classId')],
  },
  checkIn: {
    caller: () => coach,
    refusedRoles: ['member'],
    valid: () => ({ classId: ids.classId, uid: ids.memberUid, status: 'attended' }),
    fields: [key('classId'), key('uid'), key('guestBookingId', false), oneOf('status')],
    refusals: [
      ['a member who is not booked', 'failed-precondition', (valid) => valid],
      [
        'a class that does not exist',
        'not-found',
        (valid) => ({ ...valid, classId: NO_SUCH_CLASS, status: 'no-show' }),
      ],
    ],
  },
  setUserRole: {
    ...ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, role: 'coach' }),
    fields: [key('uid'), oneOf('role'), key('branch', false)],
    refusals: [
      [
        'a branch for a coach (only an admin or the front desk manage one)',
        'invalid-argument',
        (valid) => ({ ...valid, branch: BRANCH }),
      ],
      [
        'a branch that does not exist',
        'not-found',
        (valid) => ({ ...valid, role: 'staff', branch: 'no-such-branch' }),
      ],
    ],
  },
  adjustCredits: {
    ...ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, kind: 'regular', delta: 1, reason: 'Goodwill' }),
    fields: [key('uid'), oneOf('kind'), int('delta', [0, 1001, -1001, 2 ** 53]), text('reason')],
    refusals: [
      [
        'a member who does not exist',
        'not-found',
        () => ({ uid: 'no-such-user', kind: 'regular', delta: 5, reason: 'x' }),
      ],
      [
        'taking more credits than the member has',
        'failed-precondition',
        () => ({ uid: ids.newbieUid, kind: 'regular', delta: -5, reason: 'x' }),
      ],
    ],
  },
  createClasses: {
    ...ADMIN_ONLY,
    valid: () => ({ ...A_CLASS, date: tomorrow() }),
    fields: [
      key('branch'),
      key('exercise'),
      key('coach'),
      key('layout', false),
      key('eventId', false),
      int('capacity', [0, -1, MAX_CLASS_CAPACITY + 1], false),
      int('duration', [0, 4, 601, -45]),
      oneOf('creditKind', false),
      { name: 'hour', attacks: HOUR_ATTACKS, required: true },
      { name: 'date', attacks: DATE_ATTACKS, required: true },
      {
        name: 'repeat',
        required: false,
        attacks: [
          null,
          'daily',
          ...[
            { until: '2026-11-22', weekdays: [1] },
            { until: '2027-11-23', weekdays: [1] },
            { until: '2026-11-30', weekdays: [] },
            { until: '2026-11-30', weekdays: [0] },
            { until: '2026-11-30', weekdays: [8] },
            { until: '2026-11-30', weekdays: [1, 2, 3, 4, 5, 6, 7, 1] },
            // Dates that do not exist: a clean refusal, never a RangeError.
            { until: '2027-02-30', weekdays: [1] },
            { from: '2026-02-30', until: '2026-03-10', weekdays: [1] },
            // Both a date and a repeat rule: exactly one is allowed.
            { until: '2026-11-30', weekdays: [1] },
          ].map((rule) => ({ from: '2026-11-23', ...rule })),
        ],
      },
    ],
    refusals: [
      ['a branch that does not exist', 'not-found', (valid) => ({ ...valid, branch: 'nowhere' })],
      ['a coach that does not exist', 'not-found', (valid) => ({ ...valid, coach: 'nobody' })],
      ['a layout that does not exist', 'not-found', (valid) => ({ ...valid, layout: 'none' })],
    ],
  },
  cancelClass: {
    ...ADMIN_ONLY,
    valid: () => ({ classId: ids.classId, reason: 'Coach ill' }),
    fields: [key('classId'), text('reason')],
    refusals: [
      ['a class that does not exist', 'not-found', () => ({ classId: NO_SUCH_CLASS, reason: 'x' })],
    ],
  },
  previewPrice: {
    ...FOR_MEMBERS,
    valid: checkout({ promocode: 'WELCOME10' }),
    fields: [
      oneOf('kind'),
      key('packageId', false),
      key('planId', false),
      { name: 'promocode', attacks: CODE_ATTACKS, required: false },
      {
        name: 'items',
        required: false,
        attacks: [[{ type: 'package', id: 'p5', quantity: 1 }]],
      },
    ],
    refusals: [
      ['a package that does not exist', 'not-found', checkout({ packageId: 'nope' })],
      ['a plan that does not exist', 'not-found', () => ({ kind: 'plan', planId: 'nope' })],
      [
        'a plan with a package id',
        'invalid-argument',
        () => ({ kind: 'plan', planId: PROOF_PLAN, packageId: 'p5' }),
      ],
      ['an inactive package', 'failed-precondition', checkout({ packageId: 'old' })],
      ['an unknown coupon', 'not-found', checkout({ promocode: 'NOPE' })],
      ['an expired coupon', 'failed-precondition', checkout({ promocode: 'OLD' })],
      ['a used-up coupon', 'failed-precondition', checkout({ promocode: 'GONE' })],
      [
        'a cart product that does not exist',
        'not-found',
        () => ({
          kind: 'cart',
          items: [{ type: 'product', category: 'Ropa', id: 'nope', quantity: 1 }],
        }),
      ],
      ...(
        [
          ['a cart quantity of 0', [{ type: 'package', id: 'p5', quantity: 0 }]],
          ['a cart quantity of 100', [{ type: 'package', id: 'p5', quantity: 100 }]],
          [
            'a cart of 51 items',
            Array.from({ length: 51 }, () => ({ type: 'package', id: 'p5', quantity: 1 })),
          ],
          ['a cart item of an unknown type', [{ type: 'credits', id: 'p5', quantity: 1 }]],
        ] as const
      ).map(([label, items]): Refusal => [
        label,
        'invalid-argument',
        () => ({ kind: 'cart', items }),
      ]),
    ],
  },
  createCheckoutSession: {
    ...FOR_MEMBERS,
    valid: checkout(CHECKOUT_URLS),
    fields: [
      oneOf('kind'),
      key('packageId', false),
      key('planId', false),
      key('branch', false),
      { name: 'promocode', attacks: CODE_ATTACKS, required: false },
      { name: 'successUrl', attacks: URL_ATTACKS, required: true },
      { name: 'cancelUrl', attacks: URL_ATTACKS, required: true },
    ],
    refusals: [
      ['a package that does not exist', 'not-found', (valid) => ({ ...valid, packageId: 'nope' })],
      [
        'a plan that does not exist',
        'not-found',
        (valid) => ({ ...without(valid, 'packageId'), kind: 'plan', planId: 'nope' }),
      ],
      [
        'a plan without its id',
        'invalid-argument',
        (valid) => ({ ...without(valid, 'packageId'), kind: 'plan' }),
      ],
      ['an expired coupon', 'failed-precondition', (valid) => ({ ...valid, promocode: 'OLD' })],
      [
        'a success page on another site',
        'invalid-argument',
        (valid) => ({ ...valid, successUrl: 'https://evil.example/ok' }),
      ],
      [
        'a cancel page on another site',
        'invalid-argument',
        (valid) => ({ ...valid, cancelUrl: 'https://evil.example/no' }),
      ],
    ],
  },
  createPortalSession: {
    ...FOR_MEMBERS,
    valid: () => ({ returnUrl: CHECKOUT_URLS.cancelUrl }),
    fields: [{ name: 'returnUrl', attacks: URL_ATTACKS, required: true }],
    refusals: [
      ['a member who never had a plan', 'failed-precondition', (valid) => valid],
      [
        'a return page on another site',
        'invalid-argument',
        () => ({ returnUrl: 'https://evil.example/profile' }),
      ],
    ],
  },
  cancelMemberSubscription: {
    ...ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, when: 'period-end', reason: 'Moved away' }),
    fields: [key('uid'), oneOf('when'), text('reason')],
    refusals: [
      [
        'a member who does not exist',
        'not-found',
        () => ({ uid: 'no-such-user', when: 'now', reason: 'x' }),
      ],
      ['a member without a plan', 'failed-precondition', (valid) => valid],
    ],
  },
  stampServerTime: {
    ...FOR_MEMBERS,
    valid: () => ({}),
    fields: [],
  },
  rotateCalendarFeed: {
    ...FOR_MEMBERS,
    valid: () => ({ revoke: true }),
    fields: [
      { name: 'revoke', attacks: [null, 'true', 1, 0, {}, [true]], required: false },
      // The member never picks their own token.
      { name: 'token', attacks: ['a'.repeat(43)], required: false },
    ],
  },
  savePushSubscription: {
    ...FOR_MEMBERS,
    valid: () => ({ endpoint: PUSH_ENDPOINT, keys: PUSH_KEYS }),
    fields: [
      { name: 'endpoint', attacks: ENDPOINT_ATTACKS, required: true },
      { name: 'keys', attacks: PUSH_KEY_ATTACKS, required: true },
    ],
    refusals: [
      [
        'an endpoint that is not a push service',
        'invalid-argument',
        (valid) => ({ ...valid, endpoint: 'https://evil.example/push/x' }),
      ],
      [
        'an endpoint that is not https',
        'invalid-argument',
        (valid) => ({ ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }),
      ],
      [
        'a local push service the functions were not told of',
        'invalid-argument',
        (valid) => ({ ...valid, endpoint: 'http://127.0.0.1:1090/push/x' }),
      ],
      [
        'keys that are not a P-256 point',
        'invalid-argument',
        (valid) => ({ ...valid, keys: { ...PUSH_KEYS, p256dh: `B${'A'.repeat(86)}` } }),
      ],
    ],
  },
  removePushSubscription: {
    ...FOR_MEMBERS,
    valid: () => ({ endpoint: PUSH_ENDPOINT }),
    fields: [{ name: 'endpoint', attacks: ENDPOINT_ATTACKS.slice(0, 8), required: true }],
  },
  watchClass: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.fullClassId }),
    fields: [key('classId')],
    refusals: [
      ['a class that does not exist', 'not-found', classId(NO_SUCH_CLASS)],
      ['a class with free spots', 'failed-precondition', () => ({ classId: ids.classId })],
      [
        'a class the member is booked in',
        'already-exists',
        () => ({ classId: ids.fullClassId }),
        () => member(ids.holderUid),
      ],
    ],
  },
  unwatchClass: {
    ...FOR_MEMBERS,
    valid: () => ({ classId: ids.fullClassId }),
    fields: [key('classId')],
  },
  resendMail: {
    ...ADMIN_ONLY,
    valid: () => ({ id: 'welcome-no-such-mail' }),
    fields: [key('id')],
    refusals: [
      ['an e-mail that does not exist', 'not-found', (valid) => valid],
      ['an e-mail that was sent', 'failed-precondition', () => ({ id: SENT_MAIL })],
    ],
  },
  startImport: {
    ...ADMIN_ONLY,
    valid: () => ({ ...IMPORT_START }),
    fields: [
      oneOf('source'),
      { name: 'dryRun', attacks: [null, 'true', 1, {}], required: true },
      {
        name: 'files',
        attacks: [
          null,
          [],
          'clients.csv',
          [{}],
          [{ name: '', entity: 'members', rows: 1 }],
          [{ name: 'c.csv', entity: 'plans', rows: 1 }],
          [{ name: 'c.csv', entity: 'members', rows: -1 }],
          Array.from({ length: 11 }, () => IMPORT_FILE),
        ],
        required: true,
      },
      oneOf('dateOrder'),
      { name: 'country', attacks: [null, 'mx', 'MEX', 1], required: false },
      {
        name: 'columns',
        attacks: [null, 'x', { members: { socio: 'notAField' } }, { plans: {} }],
        required: false,
      },
    ],
  },
  importRows: {
    ...ADMIN_ONLY,
    valid: () => ({ runId: 'no-such-run', file: 0, rows: [{ line: 2, values: { id: '1' } }] }),
    fields: [
      key('runId'),
      int('file', [-1, 10]),
      {
        name: 'rows',
        attacks: [
          null,
          [],
          'rows',
          [{}],
          [{ line: 0, values: {} }],
          [{ line: 2, values: { notAField: 'x' } }],
          [{ line: 2, values: { id: HUGE } }],
          [{ line: 2, values: {}, admin: true }],
          Array.from({ length: 501 }, (_, i) => ({ line: i + 2, values: {} })),
        ],
        required: true,
      },
    ],
    refusals: [['an import that does not exist', 'not-found', (valid) => valid]],
  },
  finishImport: {
    ...ADMIN_ONLY,
    valid: () => ({ runId: 'no-such-run' }),
    fields: [key('runId'), { name: 'cancelled', attacks: [null, 'yes', 1], required: false }],
    refusals: [['an import that does not exist', 'not-found', (valid) => valid]],
  },
  sumPayments: {
    ...ADMIN_ONLY,
    valid: () => ({ from: '2026-11-01', to: '2026-11-21' }),
    fields: [
      { name: 'from', attacks: DATE_ATTACKS, required: true },
      { name: 'to', attacks: DATE_ATTACKS, required: true },
      oneOf('status', false),
      oneOf('kind', false),
      key('branch', false),
    ],
    refusals: [
      [
        'a range that ends before it starts',
        'invalid-argument',
        () => ({ from: '2026-11-21', to: '2026-11-20' }),
      ],
      [
        'a range over two years',
        'invalid-argument',
        () => ({ from: '2024-01-01', to: '2026-01-02' }),
      ],
    ],
  },
  updateClass: {
    ...ADMIN_ONLY,
    valid: () => ({ classId: ids.classId, capacity: 3, duration: 45 }),
    fields: [
      key('classId'),
      key('coach', false),
      key('exercise', false),
      text('name', false),
      int('capacity', [0, -1, MAX_CLASS_CAPACITY + 1], false),
      int('duration', [0, 4, 601], false),
      { name: 'hour', attacks: HOUR_ATTACKS, required: false },
    ],
  },
  saveClassTemplate: {
    ...ADMIN_ONLY,
    valid: () => ({ id: 'week-a', template: { name: 'Week A', rows: [templateRow()] } }),
    fields: [
      key('id', false),
      {
        name: 'template',
        required: true,
        attacks: [
          'week',
          42,
          [],
          {},
          { name: '', rows: [] },
          week([]),
          week([templateRow({ weekday: 0 })]),
          week([templateRow({ hour: '25:00' })]),
          week([templateRow({ branch: '../x' })]),
          week([without(templateRow(), 'layout')]),
          week(Array.from({ length: 61 }, () => templateRow())),
          week([templateRow()], { updatedBy: 'forged' }),
        ],
      },
    ],
  },
  memberPass: {
    ...FOR_MEMBERS,
    valid: () => ({}),
    fields: [{ name: 'renew', attacks: [false, null, 'true', 1, [], {}], required: false }],
  },
  revokeMemberPass: {
    ...FOR_THE_DESK,
    valid: () => ({ uid: ids.memberUid }),
    fields: [key('uid')],
    refusals: [['a member who does not exist', 'not-found', () => ({ uid: 'no-such-user' })]],
  },
  checkInByPass: {
    caller: () => desk,
    refusedRoles: ['member'],
    valid: () => ({ pass: ids.memberPass }),
    fields: [
      { name: 'pass', attacks: [null, '', 5, [], {}, 'x'.repeat(221), HUGE], required: true },
      key('classId', false),
    ],
    refusals: [
      ['a text that is not a pass', 'invalid-argument', () => ({ pass: 'https://evil.example' })],
      ['a pass signed with another secret', 'invalid-argument', () => ({ pass: ids.forgedPass })],
      ['a pass the member replaced', 'failed-precondition', () => ({ pass: ids.oldPass })],
      ['a member with no class now', 'not-found', () => ({ pass: ids.memberPass })],
      [
        'a member booked in another class',
        'failed-precondition',
        () => ({ pass: ids.soonPass, classId: ids.classId }),
      ],
      [
        'a member who has not signed the waiver',
        'failed-precondition',
        () => ({ pass: ids.newbiePass }),
      ],
      [
        'a coach scanning a class not theirs',
        'permission-denied',
        () => ({ pass: ids.soonPass }),
        () => otherCoach,
      ],
    ],
  },
  checkInByName: {
    ...FOR_THE_DESK,
    valid: () => ({ name: 'Nobody Here', phoneLast4: '0000' }),
    fields: [
      text('name'),
      {
        name: 'phoneLast4',
        attacks: [null, '', '123', '12345', 'abcd', '12 4', 1234, [], {}],
        required: true,
      },
      key('classId', false),
    ],
    refusals: [['a name and digits nobody has', 'not-found', (valid) => valid]],
  },
  saveWaiver: {
    ...ADMIN_ONLY,
    valid: () => ({ text: WAIVER_TEXT }),
    fields: [
      {
        name: 'text',
        required: true,
        attacks: [
          null,
          'text',
          [],
          {},
          { en: WAIVER_TEXT.en },
          { ...WAIVER_TEXT, en: 'too short' },
          { ...WAIVER_TEXT, es: HUGE },
          { ...WAIVER_TEXT, fr: WAIVER_TEXT.en },
          { ...WAIVER_TEXT, en: 5 },
        ],
      },
    ],
  },
  signWaiver: {
    ...FOR_MEMBERS,
    valid: () => ({ version: 1, fullName: 'Ana Ruiz', lang: 'en', signature: SIGNATURE_PNG }),
    fields: [
      int('version', [0, -1, 1_000_001]),
      text('fullName'),
      oneOf('lang'),
      {
        name: 'signature',
        required: true,
        attacks: [
          null,
          '',
          5,
          'data:image/svg+xml;base64,PHN2Zy8+',
          'data:text/html,<script>x</script>',
          `data:image/png;base64,${'A'.repeat(300_001)}`,
          [],
        ],
      },
      key('uid', false),
    ],
    refusals: [
      ['a signature before the studio wrote its waiver', 'failed-precondition', (valid) => valid],
      [
        'a member signing for another member',
        'permission-denied',
        (valid) => ({ ...valid, uid: ids.newbieUid }),
      ],
    ],
  },
  addToClass: {
    ...FOR_THE_DESK,
    valid: () => ({ classId: ids.classId, uid: ids.memberUid, payWith: 'credit', requestId: 'r1' }),
    fields: [
      key('classId'),
      key('uid', false),
      oneOf('payWith'),
      int('amount', [-1, 1.5], false),
      text('reason', false),
      key('spot', false),
      key('requestId'),
      {
        name: 'walkIn',
        required: false,
        attacks: [
          null,
          'Eva',
          {},
          { name: 'Eva Ruiz', email: 'not-an-email', phone: '8112345678' },
          { name: 'Eva Ruiz', email: 'eva@example.com', phone: 'call me' },
          { name: 'E', email: 'eva@example.com', phone: '8112345678' },
          { name: 'Eva Ruiz', email: 'eva@example.com', phone: '8112345678', Admin: true },
        ],
      },
      {
        name: 'waiver',
        required: false,
        attacks: [null, 'signed', {}, { version: 1, fullName: 'Ana', lang: 'en', signature: 'x' }],
      },
    ],
    refusals: [
      ['a class that does not exist', 'not-found', (valid) => ({ ...valid, classId: 'nope' })],
      ['a member who does not exist', 'not-found', (valid) => ({ ...valid, uid: 'no-such-user' })],
      [
        'a member who has not signed, without a signature',
        'failed-precondition',
        (valid) => ({ ...valid, uid: ids.newbieUid }),
      ],
      [
        'a full class',
        'resource-exhausted',
        (valid) => ({ ...valid, classId: ids.fullClassId, payWith: 'comp', reason: 'Trial' }),
      ],
      [
        'a drop-in when the studio sells no single class',
        'failed-precondition',
        (valid) => ({ ...valid, payWith: 'drop-in', amount: 1500 }),
      ],
      [
        'a walk-in paying with credits they cannot have',
        'failed-precondition',
        (valid) => ({
          ...without(valid, 'uid'),
          walkIn: { name: 'Eva Ruiz', email: 'eva.proof@example.com', phone: '8112345678' },
          waiver: { version: 1, fullName: 'Eva Ruiz', lang: 'es', signature: SIGNATURE_PNG },
        }),
      ],
    ],
  },
  recordCashSale: {
    ...FOR_THE_DESK,
    valid: () => ({
      uid: ids.memberUid,
      kind: 'credits',
      packageId: 'p5',
      amount: 6500,
      requestId: 'r1',
    }),
    fields: [
      key('uid'),
      oneOf('kind'),
      key('packageId', false),
      key('planId', false),
      int('amount', [-1, 1.5]),
      key('requestId', false),
      key('branch', false),
    ],
    refusals: [
      ['a wrong amount of cash', 'invalid-argument', (valid) => ({ ...valid, amount: 6000 })],
      ['a branch that does not exist', 'not-found', (valid) => ({ ...valid, branch: 'nowhere' })],
      ['a pack that does not exist', 'not-found', (valid) => ({ ...valid, packageId: 'nope' })],
      [
        'a pack no longer on sale',
        'failed-precondition',
        (valid) => ({ ...valid, packageId: 'old' }),
      ],
      ['a member who does not exist', 'not-found', (valid) => ({ ...valid, uid: 'no-such-user' })],
      [
        'a plan for a member who holds the subscription',
        'failed-precondition',
        (valid) => ({
          ...without(valid, 'packageId'),
          uid: ids.subscriberUid,
          kind: 'plan',
          planId: PROOF_PLAN,
          amount: 9900,
        }),
      ],
    ],
  },
  refundCashSale: {
    ...FOR_THE_DESK,
    valid: () => ({ paymentId: 'cash-none', reason: 'Changed their mind' }),
    fields: [key('paymentId'), text('reason')],
    refusals: [['a payment that does not exist', 'not-found', (valid) => valid]],
  },
  createDeskCheckout: {
    ...FOR_THE_DESK,
    valid: () => ({
      uid: ids.memberUid,
      kind: 'credits',
      packageId: 'p5',
      delivery: 'here',
      ...CHECKOUT_URLS,
    }),
    fields: [
      key('uid'),
      oneOf('kind'),
      key('packageId', false),
      key('planId', false),
      oneOf('delivery'),
      { name: 'successUrl', attacks: URL_ATTACKS, required: true },
      { name: 'cancelUrl', attacks: URL_ATTACKS, required: true },
      key('branch', false),
    ],
    refusals: [
      ['a member who does not exist', 'not-found', (valid) => ({ ...valid, uid: 'no-such-user' })],
      ['a branch that does not exist', 'not-found', (valid) => ({ ...valid, branch: 'nowhere' })],
      ['a pack that does not exist', 'not-found', (valid) => ({ ...valid, packageId: 'nope' })],
    ],
  },
  assignSubstitute: {
    ...FOR_THE_DESK,
    valid: () => ({ classId: ids.classId, coachId: 'lucia' }),
    fields: [
      key('classId'),
      { name: 'coachId', attacks: KEY_ATTACKS.filter((value) => value !== null), required: true },
    ],
    refusals: [
      ['a class that does not exist', 'not-found', (valid) => ({ ...valid, classId: 'nope' })],
      ['a coach who does not exist', 'not-found', (valid) => ({ ...valid, coachId: 'nobody' })],
      [
        'the coach who teaches it already',
        'failed-precondition',
        (valid) => ({ ...valid, coachId: COACH }),
      ],
    ],
  },
  saveCoachPayRate: {
    ...ADMIN_ONLY,
    valid: () => ({
      coachId: COACH,
      exercise: '*',
      effectiveFrom: '2026-01-01',
      rule: { perClass: 1000, perHead: [], minimum: 0 },
    }),
    fields: [
      key('coachId'),
      key('exercise'),
      DATE('effectiveFrom', true),
      {
        name: 'rule',
        required: true,
        attacks: [
          null,
          {},
          'x',
          { perClass: -1, perHead: [], minimum: 0 },
          { perClass: 1.5, perHead: [], minimum: 0 },
          { perClass: 1e9, perHead: [], minimum: 0 },
          { perClass: 0, perHead: [{ from: 0, amount: 1 }], minimum: 0 },
          {
            perClass: 0,
            perHead: [
              { from: 1, amount: 1 },
              { from: 1, amount: 2 },
            ],
            minimum: 0,
          },
          {
            perClass: 0,
            perHead: Array.from({ length: 11 }, (_, i) => ({ from: i + 1, amount: 1 })),
            minimum: 0,
          },
          { perClass: 0, perHead: [], minimum: 0, bonus: { over: -1, amount: 1 } },
          { perClass: 0, perHead: [], minimum: 0, extra: 1 },
        ],
      },
    ],
    refusals: [
      ['a coach who does not exist', 'not-found', (valid) => ({ ...valid, coachId: 'nobody' })],
      [
        'a class type that does not exist',
        'not-found',
        (valid) => ({ ...valid, exercise: 'nope' }),
      ],
    ],
  },
  coachPayReport: {
    ...ADMIN_ONLY,
    valid: () => ({ from: '2026-01-01', to: '2026-01-31' }),
    fields: [
      {
        name: 'from',
        attacks: [...DATE_ATTACKS, '2026-02-01', '2025-01-01'],
        required: true,
      },
      DATE('to', true),
      key('coachId', false),
    ],
  },
  saveCatalogItem: {
    ...ADMIN_ONLY,
    valid: () => ({
      collection: 'packages',
      id: 'p9',
      value: creditPackage({ name: '9 classes', credits: 9, price: 9000, currency: 'USD' }),
    }),
    fields: [
      oneOf('collection'),
      key('id', false),
      {
        name: 'value',
        required: true,
        attacks: [
          'text',
          42,
          [],
          { kind: 'credits' },
          ...[
            { credits: -5 },
            { price: -100 },
            { price: 1.5 },
            { credits: 1001 },
            { price: 1e9 },
            { name: 'x'.repeat(101) },
            { validityDays: 0 },
            { eventId: '../e' },
            { kind: 'free' },
            { credits: '5' },
            { currency: 'usd' },
          ].map(creditPackage),
        ],
      },
    ],
    refusals: [
      [
        'a product in the reserved Shop key',
        'invalid-argument',
        () => ({
          collection: 'shopProduct',
          category: 'TagsProducts',
          id: 'x',
          value: { Name: 'x' },
        }),
      ],
      ...(
        [
          ['a studio colour too light to read on white', { primaryColor: '#fff59d' }],
          ['a studio colour that is not #rrggbb', { primaryColor: 'teal' }],
          ['a studio without a name', { name: '' }],
          ['a studio logo that runs script', { logo: 'javascript:alert(1)' }],
          [
            'a studio logo over the size limit',
            { logo: `data:image/png;base64,${'A'.repeat(60_000)}` },
          ],
          ['a studio WhatsApp that is not a number', { whatsapp: 'wa.me/123' }],
          ['a studio social link that is not http(s)', { social: { instagram: 'javascript:x' } }],
          ['a studio field it does not have', { theme: 'dark' }],
        ] as const
      ).map(([label, change]): [string, string, () => unknown] => [
        label,
        'invalid-argument',
        () => ({
          collection: 'studio',
          value: { name: 'Pulso Studio', primaryColor: '#0f5e59', ...change },
        }),
      ]),
      ['deleting the studio', 'invalid-argument', () => ({ collection: 'studio', value: null })],
      [
        'deleting a seat layout upcoming classes use',
        'failed-precondition',
        () => ({ collection: 'seatLayouts', id: LAYOUT, value: null }),
      ],
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// The cases.

type Role = 'guest' | 'member' | 'coach' | 'staff' | 'admin';
interface CallCase {
  fn: CallableName;
  label: string;
  caller: () => Caller | null;
  data: () => unknown;
  code: string;
}

const roleCaller = (role: Role): (() => Caller | null) =>
  ({
    guest: () => null,
    member: asMember,
    coach: () => coach,
    staff: () => desk,
    admin: () => admin,
  })[role];

const show = (value: unknown): string => {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 12)}…(${value.length})` : value);
  if (typeof value === 'number') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}…` : text;
};

function callCases(): CallCase[] {
  const all: CallCase[] = [];
  for (const [fn, spec] of Object.entries(SPECS) as [CallableName, Spec][]) {
    const refuse = (label: string, data: () => unknown, code = 'invalid-argument') =>
      all.push({ fn, label, caller: spec.caller, data, code });

    // Wrong role: the valid input, from someone who may not call it.
    all.push({
      fn,
      label: 'from a guest',
      caller: () => null,
      data: spec.valid,
      code: 'unauthenticated',
    });
    for (const role of spec.refusedRoles) {
      all.push({
        fn,
        label: `from a ${role}`,
        caller: roleCaller(role),
        data: spec.valid,
        code: 'permission-denied',
      });
    }
    // A coach's or member's token with forged look-alike privilege claims is still refused.
    if (spec.refusedRoles.length > 0) {
      all.push({
        fn,
        label: 'from a member claiming Admin: true / role Admin',
        caller: () => ({ uid: ids.memberUid, claims: { role: 'Admin', Admin: true, admin: true } }),
        data: spec.valid,
        code: 'permission-denied',
      });
    }

    // Not an object at all (stampServerTime treats a missing argument as `{}`, by design).
    for (const value of NOT_OBJECTS) {
      if (fn === 'stampServerTime' && value === null) continue;
      refuse(`data = ${show(value)}`, () => value);
    }
    refuse('an unknown extra key', () => ({ ...spec.valid(), admin: true }));
    refuse(
      'a __proto__ key',
      () => JSON.parse(`{"__proto__": {"role": "admin"}, "x": 1}`) as unknown,
    );
    refuse('1,000 extra keys', () => ({
      ...spec.valid(),
      ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])),
    }));

    for (const field of spec.fields) {
      if (field.required) {
        refuse(`${field.name} missing`, () => {
          const data = spec.valid();
          delete data[field.name];
          return data;
        });
      }
      for (const value of field.attacks) {
        refuse(`${field.name} = ${show(value)}`, () => ({ ...spec.valid(), [field.name]: value }));
      }
    }

    // Well-formed calls the domain refuses.
    for (const [label, code, data, caller = spec.caller] of spec.refusals ?? []) {
      all.push({ fn, label, caller, data: () => data(spec.valid()), code });
    }
  }
  return all;
}

const CASES = callCases();
const tally = { calls: 0, refused: 0, webhook: 0, webhookRefused: 0 };
const signedGarbageStatuses: string[] = [];

let bed: FunctionsBed;

beforeAll(async () => {
  bed = await startFunctionsBed();
  const db = adminDatabase();
  await seedStudio(db);
  const now = Date.now();
  ids.classId = await seedClass(db, { startsAt: now + DAY });
  ids.fullClassId = await seedClass(db, { startsAt: now + DAY + 3_600_000, capacity: 1 });
  ids.memberUid = await seedMember(db, { credits: 3 });
  ids.newbieUid = await seedMember(db, { credits: 0, waiver: false });
  // The full class: another member holds its only seat.
  const holder = await seedMember(db, { credits: 1 });
  ids.holderUid = holder;
  const booked = await bed.call('bookClass', member(holder), { classId: ids.fullClassId });
  if (!booked.ok) throw booked.error;
  await db.ref().update(catalogueSeed(now));
  // Passes: the member's current one, one they replaced, one signed with another secret; a
  // member booked into a class starting soon, and one booked there who has not signed.
  const passFor = async (uid: string, passId: string, secret = PASS_SECRET) => {
    const code = signPass(uid, passId, secret);
    if (secret === PASS_SECRET)
      await db.ref(paths.userField(uid, 'pass')).set({ id: passId, code, issuedAt: now });
    return code;
  };
  ids.oldPass = await passFor(ids.memberUid, 'OldOldOldOldOldOldOld0');
  ids.memberPass = await passFor(ids.memberUid, 'CurrentCurrentCurrent0');
  ids.forgedPass = await passFor(ids.memberUid, 'CurrentCurrentCurrent0', 'an-attacker-secret');
  const soonClass = await seedClass(db, { startsAt: now + 20 * 60_000 });
  const soon = await seedMember(db, { credits: 1 });
  const unsigned = await seedMember(db, { credits: 1 });
  for (const uid of [soon, unsigned]) {
    const result = await bed.call('bookClass', member(uid), { classId: soonClass });
    if (!result.ok) throw result.error;
  }
  await db.ref(paths.userField(unsigned, 'Conditions')).set(false);
  ids.soonPass = await passFor(soon, 'SoonSoonSoonSoonSoon00');
  ids.newbiePass = await passFor(unsigned, 'UnsignedUnsignedUnsig0');
  // A plan for the plan calls, and a member who holds the monthly subscription (no gift for them).
  await db.ref(paths.plan(PROOF_PLAN)).set({
    kind: 'unlimited',
    name: 'Unlimited',
    interval: 'month',
    price: 9900,
    currency: 'USD',
    active: true,
  });
  ids.subscriberUid = await seedMember(db, { credits: 0 });
  await db.ref(paths.user(ids.subscriberUid)).update({
    activeSuscription: true,
    activeSuscriptionId: 'sub_proof',
  });
  await db.ref(paths.mailOutboxEntry(SENT_MAIL)).set({
    kind: 'welcome',
    uid: ids.memberUid,
    message: { kind: 'welcome', waiverAccepted: true },
    status: 'sent',
    createdAt: now,
    attempts: 0,
    sentAt: now,
  });
}, 240_000);

afterAll(async () => {
  await bed?.stop();
  console.log(
    `bad input: ${tally.calls} callable calls refused with the right code and nothing written ` +
      `(${Object.keys(SPECS).length} callables); ${tally.webhook} webhook deliveries, ` +
      `${tally.webhookRefused} refused and nothing written; signed but unreadable: ` +
      signedGarbageStatuses.join(', '),
  );
  const perCallable = Object.keys(SPECS).map(
    (fn) => `${fn} ${CASES.filter((c) => c.fn === fn).length}`,
  );
  console.log(`bad input per callable: ${perCallable.join(', ')}`);
}, 60_000);

/**
 * The one write a refused call may leave: its caller's own attempt counter. A member's refused
 * call counts as an attempt of its action (tests/proof/refusals-counted.test.ts), a coupon code
 * counts wherever typed (`coupon`), a kiosk look-up by name and phone digits counts (`lookup`).
 * Those counters are left out; everything else must match. Each case starts with the caller's
 * counters cleared, so a case meets the refusal it names, not the limit earlier cases used up.
 */
const COUNTERS: Partial<Record<CallableName, readonly string[]>> = {
  bookClass: ['book'],
  bookGuest: ['book'],
  joinWaitlist: ['book'],
  changeSpot: ['book'],
  cancelBooking: ['cancel'],
  leaveWaitlist: ['cancel'],
  watchClass: ['watch'],
  unwatchClass: ['watch'],
  previewPrice: ['coupon'],
  createCheckoutSession: ['coupon', 'checkout'],
  createPortalSession: ['checkout'],
  freezeMembership: ['plan'],
  endFreeze: ['plan'],
  changePlan: ['plan'],
  cancelMembership: ['plan'],
  savePushSubscription: ['push'],
  removePushSubscription: ['push'],
  rotateCalendarFeed: ['feed'],
  memberPass: ['pass'],
  signWaiver: ['sign'],
  checkInByName: ['lookup'],
};

function withoutCounters(dumped: unknown, fn: CallableName, caller: Caller | null): unknown {
  const counters = COUNTERS[fn];
  if (counters === undefined || caller === null) return dumped;
  const root = (dumped ?? {}) as Record<string, unknown>;
  const limits = (root['RateLimits'] ?? {}) as Record<string, Record<string, unknown>>;
  const mine = Object.fromEntries(
    Object.entries(limits[caller.uid] ?? {}).filter(([action]) => !counters.includes(action)),
  );
  const others = Object.fromEntries(Object.entries(limits).filter(([uid]) => uid !== caller.uid));
  const rest = Object.keys(mine).length > 0 ? { ...others, [caller.uid]: mine } : others;
  const { RateLimits: _limits, ...tree } = root;
  return Object.keys(rest).length > 0 ? { ...tree, RateLimits: rest } : tree;
}

describe('bad input to the callables', () => {
  it('covers every callable the functions export', () => {
    expect(new Set(Object.keys(SPECS))).toEqual(new Set(exportedCallables()));
    expect(new Set(CASES.map((c) => c.fn))).toEqual(new Set(Object.keys(SPECS)));
    expect(CASES.length).toBeGreaterThan(300);
  });

  it.each(CASES.map((c) => [c.fn, c.label, c.code, c] as const))(
    '%s refuses %s with %s and writes nothing',
    async (_fn, _label, _code, c) => {
      const caller = c.caller();
      if (caller !== null) await adminDatabase().ref(`RateLimits/${caller.uid}`).remove();
      const before = withoutCounters(await bed.dump(), c.fn, caller);
      const outcome = await bed.call(c.fn, caller, c.data());
      const after = withoutCounters(await bed.dump(), c.fn, caller);

      expect(outcome.ok ? { wrote: 'a result', result: outcome.result } : outcome.error.code).toBe(
        c.code,
      );
      if (outcome.ok) return;
      expect(outcome.error.message.length).toBeGreaterThan(0);
      expect(outcome.error.message).not.toBe(outcome.error.code);
      expect(outcome.error.details).toMatchObject({ messageKey: expect.any(String) as unknown });
      expect(after).toEqual(before);
      tally.calls += 1;
      tally.refused += 1;
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The webhook.

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  webhookSignature(payload, {
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
const nowSeconds = () => Math.floor(Date.now() / 1000);

const COMPLETED = 'checkout.session.completed';
const eventJson = (id: string, type: string, data: unknown, created: number) =>
  JSON.stringify({ id, object: 'event', type, created, data });

interface WebhookCase {
  label: string;
  request: () => { body: string; headers: Record<string, string>; method?: string };
  status: number;
}

const json = { 'content-type': 'application/json' };
const goodBody = () =>
  eventJson(
    'evt_bad_input',
    COMPLETED,
    {
      object: {
        id: 'cs_bad',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        metadata: { uid: ids.memberUid, kind: 'credits', packageId: 'p5' },
        amount_total: 6500,
        currency: 'usd',
      },
    },
    nowSeconds(),
  );

/**
 * A JSON delivery of the good event (or `options.body` of it) with the `Stripe-Signature` header
 * `signature` makes from the good body; `null` sends no header.
 */
const delivery = (
  label: string,
  status: number,
  signature: (good: string) => string | null,
  options: { body?: (good: string) => string; method?: string } = {},
): WebhookCase => ({
  label,
  status,
  request: () => {
    const good = goodBody();
    const header = signature(good);
    return {
      body: options.body?.(good) ?? good,
      headers: header === null ? json : { ...json, 'stripe-signature': header },
      ...(options.method === undefined ? {} : { method: options.method }),
    };
  },
});

/** Refused before anything is read: bad method, missing, wrong, stale or malformed signature. */
const REFUSED_DELIVERIES: WebhookCase[] = [
  { label: 'a GET', status: 405, request: () => ({ body: '', headers: {}, method: 'GET' }) },
  delivery('a PUT', 405, (good) => sign(good), { method: 'PUT' }),
  delivery('no signature header', 400, () => null),
  delivery('an empty signature header', 400, () => ''),
  delivery('a signature with another secret', 400, (good) =>
    sign(good, { secret: 'whsec_attacker' }),
  ),
  delivery('a stale signature (10 minutes old)', 400, (good) =>
    sign(good, { timestamp: nowSeconds() - 600 }),
  ),
  delivery('a signature over another body', 400, (good) => sign(good), {
    body: (good) => good.replace('6500', '650000'),
  }),
  delivery('a body with one extra space', 400, (good) => sign(good), {
    body: (good) => `${good} `,
  }),
  delivery('a garbage signature header', 400, () => 't=abc,v1=zzz'),
  delivery('a signature without timestamp', 400, (good) => sign(good).replace(/t=\d+,/, '')),
  delivery('only a v0 signature', 400, (good) => sign(good).replace('v1=', 'v0=')),
  // Node's HTTP server refuses headers over 16 kB before any function code runs.
  delivery('a 100 kB signature header', 431, () => `t=1,${'v1=00,'.repeat(16_000)}`),
  delivery('a 5 MB unsigned body', 400, () => 't=1,v1=00', { body: () => 'x'.repeat(5_000_000) }),
  {
    label: 'a form-encoded body with a forged signature',
    status: 400,
    request: () => ({
      body: 'type=checkout.session.completed',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-signature': 't=1,v1=00',
      },
    }),
  },
];

/**
 * Correctly signed (so they come from Stripe) but not something we can act on: acknowledged with
 * 200 so Stripe stops retrying, recorded once under StripeEvents, and nothing else written.
 */
const ignored = (
  label: string,
  eventId: string,
  type: string,
  data: () => unknown,
  created?: number,
) => ({ label, eventId, body: () => eventJson(eventId, type, data(), created ?? nowSeconds()) });
const session = (object: () => Record<string, unknown>) => () => ({ object: object() });

const IGNORED_EVENTS = [
  ignored(
    'an event type we do not handle',
    'evt_unknown_type',
    'customer.created',
    () => ({
      object: { id: 'cus_1' },
    }),
    1,
  ),
  ignored(
    'a session without metadata',
    'evt_no_meta',
    COMPLETED,
    session(() => ({
      id: 'cs_x',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 6500,
      currency: 'usd',
    })),
  ),
  ignored(
    'a session with an amount as text',
    'evt_amount_text',
    COMPLETED,
    session(() => ({
      id: 'cs_y',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: '6500',
      currency: 'usd',
      metadata: { uid: ids.memberUid, kind: 'credits', packageId: 'p5' },
    })),
  ),
  ignored(
    'a session without a mode',
    'evt_no_mode',
    COMPLETED,
    session(() => ({ id: 'cs_z', payment_status: 'paid', metadata: { uid: ids.memberUid } })),
  ),
  ignored('an event with no data', 'evt_no_data', COMPLETED, () => ({}), 1),
  ignored(
    'an invoice without amounts',
    'evt_bad_invoice',
    'invoice.paid',
    () => ({
      object: { id: 'in_1' },
    }),
    1,
  ),
];

/**
 * Signed with the real secret but not an event we can even name. Only Stripe (or someone holding
 * the secret) can send these; the webhook answers 400 (a retry cannot help:
 * docs/architecture/payments.md#webhook) and writes nothing.
 */
const SIGNED_GARBAGE: { label: string; body: string }[] = [
  { label: 'an empty body', body: '' },
  { label: 'a body that is not JSON', body: 'not json' },
  { label: 'a JSON array', body: '[1,2]' },
  { label: 'an event without an id', body: '{"object":"event","type":"invoice.paid","data":{}}' },
  {
    label: 'an event id that climbs the tree',
    body: '{"id":"../Users","object":"event","type":"invoice.paid","data":{"object":{}}}',
  },
];

describe('bad input to the Stripe webhook', () => {
  it.each(SIGNED_GARBAGE.map((c) => [c.label, c] as const))(
    'refuses a correctly signed delivery of %s and writes nothing',
    async (_label, c) => {
      const before = await bed.dump();
      tally.webhook += 1;
      const status = await bed.webhook(c.body, { ...json, 'stripe-signature': sign(c.body) });
      expect(status).toBe(400);
      expect(await bed.dump()).toEqual(before);
      tally.webhookRefused += 1;
      signedGarbageStatuses.push(`${c.label}: ${status}`);
    },
  );

  it.each(REFUSED_DELIVERIES.map((c) => [c.label, c.status, c] as const))(
    'refuses %s with %s and writes nothing',
    async (_label, _status, c) => {
      const before = await bed.dump();
      const { body, headers, method } = c.request();
      tally.webhook += 1;
      expect(await bed.webhook(body, headers, method)).toBe(c.status);
      expect(await bed.dump()).toEqual(before);
      tally.webhookRefused += 1;
    },
  );

  it.each(IGNORED_EVENTS.map((c) => [c.label, c] as const))(
    'acknowledges %s, records the event id and writes nothing else',
    async (_label, c) => {
      const before = (await bed.dump()) as Record<string, unknown>;
      const body = c.body();
      tally.webhook += 1;
      expect(await bed.webhook(body, { ...json, 'stripe-signature': sign(body) })).toBe(200);
      const after = (await bed.dump()) as Record<string, unknown>;
      const { StripeEvents: events, ...rest } = after;
      const { StripeEvents: eventsBefore, ...restBefore } = before;
      expect(rest).toEqual(restBefore);
      expect(events).toEqual({
        ...(eventsBefore as Record<string, unknown> | undefined),
        [c.eventId]: expect.objectContaining({ outcome: 'ignored' }) as unknown,
      });
    },
  );
});
