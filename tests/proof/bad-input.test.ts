// Bad input (issue 8, item 2). Every callable the app can call receives malformed, missing,
// oversized, wrong-type, injected, negative and boundary values, and calls by the wrong role; the
// Stripe webhook receives broken, forged, stale and malformed deliveries. Each must be refused
// with the right code and a message (never `internal`), and the whole database must read the same
// before and after. The cases are generated from the field table below: a new field or callable
// adds its cases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
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
  member,
  seedClass,
  seedMember,
  seedStudio,
} from '../../functions/test/booking/fixtures.ts';
import {
  startFunctionsBed,
  STRIPE_KEY,
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

const ids = { classId: '', fullClassId: '', memberUid: '', newbieUid: '' };
const tomorrow = () => formatDate(Date.now() + DAY);
const URLS = {
  successUrl: 'http://127.0.0.1:5000/success?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://127.0.0.1:5000/paquetes',
};
const asMember = (): Caller => member(ids.memberUid);

interface Spec {
  /** Who may call it; the other roles are refused. */
  caller: () => Caller;
  /** Refused roles: a guest always, plus these. */
  refusedRoles: ('member' | 'coach')[];
  /** A well-formed input; each case breaks one thing about it. */
  valid: () => Record<string, unknown>;
  fields: Field[];
}

const ADMIN_ONLY: Spec['refusedRoles'] = ['member', 'coach'];

const SPECS: Record<CallableName, Spec> = {
  bookClass: {
    caller: asMember,
    refusedRoles: [],
    valid: () => ({ classId: ids.classId, spot: 'A1' }),
    fields: [key('classId'), key('spot', false)],
  },
  cancelBooking: {
    caller: asMember,
    refusedRoles: [],
    valid: () => ({ classId: ids.classId }),
    fields: [key('classId')],
  },
  joinWaitlist: {
    caller: asMember,
    refusedRoles: [],
    valid: () => ({ classId: ids.fullClassId }),
    fields: [key('classId')],
  },
  leaveWaitlist: {
    caller: asMember,
    refusedRoles: [],
    valid: () => ({ classId: ids.classId }),
    fields: [key('classId')],
  },
  checkIn: {
    caller: () => coach,
    refusedRoles: ['member'],
    valid: () => ({ classId: ids.classId, uid: ids.memberUid, status: 'attended' }),
    fields: [key('classId'), key('uid'), oneOf('status')],
  },
  setUserRole: {
    caller: () => admin,
    refusedRoles: ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, role: 'coach' }),
    fields: [key('uid'), oneOf('role')],
  },
  adjustCredits: {
    caller: () => admin,
    refusedRoles: ADMIN_ONLY,
    valid: () => ({ uid: ids.memberUid, kind: 'regular', delta: 1, reason: 'Goodwill' }),
    fields: [key('uid'), oneOf('kind'), int('delta', [0, 1001, -1001, 2 ** 53]), text('reason')],
  },
  createClasses: {
    caller: () => admin,
    refusedRoles: ADMIN_ONLY,
    valid: () => ({
      branch: BRANCH,
      exercise: EXERCISE,
      coach: COACH,
      layout: LAYOUT,
      hour: '07:00',
      duration: 45,
      date: tomorrow(),
    }),
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
          { from: '2026-11-23', until: '2026-11-22', weekdays: [1] },
          { from: '2026-11-23', until: '2027-11-23', weekdays: [1] },
          { from: '2026-11-23', until: '2026-11-30', weekdays: [] },
          { from: '2026-11-23', until: '2026-11-30', weekdays: [0] },
          { from: '2026-11-23', until: '2026-11-30', weekdays: [8] },
          { from: '2026-11-23', until: '2026-11-30', weekdays: [1, 2, 3, 4, 5, 6, 7, 1] },
          // Both a date and a repeat rule: exactly one is allowed.
          { from: '2026-11-23', until: '2026-11-30', weekdays: [1] },
        ],
      },
    ],
  },
  cancelClass: {
    caller: () => admin,
    refusedRoles: ADMIN_ONLY,
    valid: () => ({ classId: ids.classId, reason: 'Coach ill' }),
    fields: [key('classId'), text('reason')],
  },
  previewPrice: {
    caller: asMember,
    refusedRoles: [],
    valid: () => ({ kind: 'credits', packageId: 'p5', promocode: 'WELCOME10' }),
    fields: [
      oneOf('kind'),
      key('packageId', false),
      { name: 'promocode', attacks: CODE_ATTACKS, required: false },
      {
        name: 'items',
        required: false,
        attacks: [[{ type: 'package', id: 'p5', quantity: 1 }]],
      },
    ],
  },
  createCheckoutSession: {
    caller: asMember,
    refusedRoles: [],
    valid: () => ({ kind: 'credits', packageId: 'p5', ...URLS }),
    fields: [
      oneOf('kind'),
      key('packageId', false),
      key('branch', false),
      { name: 'promocode', attacks: CODE_ATTACKS, required: false },
      { name: 'successUrl', attacks: URL_ATTACKS, required: true },
      { name: 'cancelUrl', attacks: URL_ATTACKS, required: true },
    ],
  },
  stampServerTime: {
    caller: asMember,
    refusedRoles: [],
    valid: () => ({}),
    fields: [],
  },
  updateClass: {
    caller: () => admin,
    refusedRoles: ADMIN_ONLY,
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
    caller: () => admin,
    refusedRoles: ADMIN_ONLY,
    valid: () => ({
      id: 'week-a',
      template: {
        name: 'Week A',
        rows: [
          {
            weekday: 1,
            hour: '07:00',
            duration: 45,
            branch: BRANCH,
            exercise: EXERCISE,
            coach: COACH,
            layout: LAYOUT,
          },
        ],
      },
    }),
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
          { name: 'W', rows: [] },
          {
            name: 'W',
            rows: [
              {
                weekday: 0,
                hour: '07:00',
                duration: 45,
                branch: BRANCH,
                exercise: EXERCISE,
                coach: COACH,
                layout: LAYOUT,
              },
            ],
          },
          {
            name: 'W',
            rows: [
              {
                weekday: 1,
                hour: '25:00',
                duration: 45,
                branch: BRANCH,
                exercise: EXERCISE,
                coach: COACH,
                layout: LAYOUT,
              },
            ],
          },
          {
            name: 'W',
            rows: [
              {
                weekday: 1,
                hour: '07:00',
                duration: 45,
                branch: '../x',
                exercise: EXERCISE,
                coach: COACH,
                layout: LAYOUT,
              },
            ],
          },
          {
            name: 'W',
            rows: [
              {
                weekday: 1,
                hour: '07:00',
                duration: 45,
                branch: BRANCH,
                exercise: EXERCISE,
                coach: COACH,
              },
            ],
          },
          {
            name: 'W',
            rows: Array.from({ length: 61 }, () => ({
              weekday: 1,
              hour: '07:00',
              duration: 45,
              branch: BRANCH,
              exercise: EXERCISE,
              coach: COACH,
              layout: LAYOUT,
            })),
          },
          {
            name: 'W',
            updatedBy: 'forged',
            rows: [
              {
                weekday: 1,
                hour: '07:00',
                duration: 45,
                branch: BRANCH,
                exercise: EXERCISE,
                coach: COACH,
                layout: LAYOUT,
              },
            ],
          },
        ],
      },
    ],
  },
  saveCatalogItem: {
    caller: () => admin,
    refusedRoles: ADMIN_ONLY,
    valid: () => ({
      collection: 'packages',
      id: 'p9',
      value: {
        kind: 'credits',
        name: '9 classes',
        credits: 9,
        price: 9000,
        currency: 'USD',
        validityDays: 30,
      },
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
          { kind: 'credits', name: 'x', credits: -5, price: 100, validityDays: 30 },
          { kind: 'credits', name: 'x', credits: 5, price: -100, validityDays: 30 },
          { kind: 'credits', name: 'x', credits: 5, price: 1.5, validityDays: 30 },
          { kind: 'credits', name: 'x', credits: 1001, price: 100, validityDays: 30 },
          { kind: 'credits', name: 'x', credits: 5, price: 1e9, validityDays: 30 },
          { kind: 'credits', name: 'x'.repeat(101), credits: 5, price: 100, validityDays: 30 },
          { kind: 'credits', name: 'x', credits: 5, price: 100, validityDays: 0 },
          { kind: 'credits', name: 'x', credits: 5, price: 100, validityDays: 30, eventId: '../e' },
          { kind: 'free', name: 'x', credits: 5, price: 100, validityDays: 30 },
          { kind: 'credits', name: 'x', credits: '5', price: 100, validityDays: 30 },
          { kind: 'credits', name: 'x', credits: 5, price: 100, currency: 'usd', validityDays: 30 },
        ],
      },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// The cases.

type Role = 'guest' | 'member' | 'coach' | 'admin';
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
  }
  return all;
}

/** Well-formed calls aimed at things that do not exist or may not be done: the domain refuses. */
const DOMAIN_CASES: CallCase[] = [
  {
    fn: 'bookClass',
    label: 'a class that does not exist',
    caller: asMember,
    data: () => ({ classId: 'no-such-class' }),
    code: 'not-found',
  },
  {
    fn: 'bookClass',
    label: 'a class id that is a space',
    caller: asMember,
    data: () => ({ classId: ' ' }),
    code: 'not-found',
  },
  {
    fn: 'bookClass',
    label: 'a spot not on the layout',
    caller: asMember,
    data: () => ({ classId: ids.classId, spot: 'Z9' }),
    code: 'invalid-argument',
  },
  {
    fn: 'bookClass',
    label: 'a full class',
    caller: asMember,
    data: () => ({ classId: ids.fullClassId }),
    code: 'resource-exhausted',
  },
  {
    fn: 'bookClass',
    label: 'without credits or waiver',
    caller: () => member(ids.newbieUid),
    data: () => ({ classId: ids.classId }),
    code: 'failed-precondition',
  },
  {
    fn: 'cancelBooking',
    label: 'a class not booked',
    caller: asMember,
    data: () => ({ classId: ids.classId }),
    code: 'not-found',
  },
  {
    fn: 'cancelBooking',
    label: 'a class that does not exist',
    caller: asMember,
    data: () => ({ classId: 'no-such-class' }),
    code: 'not-found',
  },
  {
    fn: 'joinWaitlist',
    label: 'a class that is not full',
    caller: asMember,
    data: () => ({ classId: ids.classId }),
    code: 'failed-precondition',
  },
  {
    fn: 'joinWaitlist',
    label: 'a class that does not exist',
    caller: asMember,
    data: () => ({ classId: 'no-such-class' }),
    code: 'not-found',
  },
  {
    fn: 'checkIn',
    label: 'a member who is not booked',
    caller: () => coach,
    data: () => ({ classId: ids.classId, uid: ids.memberUid, status: 'attended' }),
    code: 'failed-precondition',
  },
  {
    fn: 'checkIn',
    label: 'a class that does not exist',
    caller: () => coach,
    data: () => ({ classId: 'no-such-class', uid: ids.memberUid, status: 'no-show' }),
    code: 'not-found',
  },
  {
    fn: 'adjustCredits',
    label: 'a member who does not exist',
    caller: () => admin,
    data: () => ({ uid: 'no-such-user', kind: 'regular', delta: 5, reason: 'x' }),
    code: 'not-found',
  },
  {
    fn: 'adjustCredits',
    label: 'taking more credits than the member has',
    caller: () => admin,
    data: () => ({ uid: ids.newbieUid, kind: 'regular', delta: -5, reason: 'x' }),
    code: 'failed-precondition',
  },
  {
    fn: 'createClasses',
    label: 'a branch that does not exist',
    caller: () => admin,
    data: () => ({ ...SPECS.createClasses.valid(), branch: 'nowhere' }),
    code: 'not-found',
  },
  {
    fn: 'createClasses',
    label: 'a coach that does not exist',
    caller: () => admin,
    data: () => ({ ...SPECS.createClasses.valid(), coach: 'nobody' }),
    code: 'not-found',
  },
  {
    fn: 'createClasses',
    label: 'a layout that does not exist',
    caller: () => admin,
    data: () => ({ ...SPECS.createClasses.valid(), layout: 'none' }),
    code: 'not-found',
  },
  {
    fn: 'cancelClass',
    label: 'a class that does not exist',
    caller: () => admin,
    data: () => ({ classId: 'no-such-class', reason: 'x' }),
    code: 'not-found',
  },
  {
    fn: 'previewPrice',
    label: 'a package that does not exist',
    caller: asMember,
    data: () => ({ kind: 'credits', packageId: 'nope' }),
    code: 'not-found',
  },
  {
    fn: 'previewPrice',
    label: 'an inactive package',
    caller: asMember,
    data: () => ({ kind: 'credits', packageId: 'old' }),
    code: 'failed-precondition',
  },
  {
    fn: 'previewPrice',
    label: 'an unknown coupon',
    caller: asMember,
    data: () => ({ kind: 'credits', packageId: 'p5', promocode: 'NOPE' }),
    code: 'not-found',
  },
  {
    fn: 'previewPrice',
    label: 'an expired coupon',
    caller: asMember,
    data: () => ({ kind: 'credits', packageId: 'p5', promocode: 'OLD' }),
    code: 'failed-precondition',
  },
  {
    fn: 'previewPrice',
    label: 'a used-up coupon',
    caller: asMember,
    data: () => ({ kind: 'credits', packageId: 'p5', promocode: 'GONE' }),
    code: 'failed-precondition',
  },
  {
    fn: 'previewPrice',
    label: 'a cart product that does not exist',
    caller: asMember,
    data: () => ({
      kind: 'cart',
      items: [{ type: 'product', category: 'Ropa', id: 'nope', quantity: 1 }],
    }),
    code: 'not-found',
  },
  {
    fn: 'previewPrice',
    label: 'a cart quantity of 0',
    caller: asMember,
    data: () => ({ kind: 'cart', items: [{ type: 'package', id: 'p5', quantity: 0 }] }),
    code: 'invalid-argument',
  },
  {
    fn: 'previewPrice',
    label: 'a cart quantity of 100',
    caller: asMember,
    data: () => ({ kind: 'cart', items: [{ type: 'package', id: 'p5', quantity: 100 }] }),
    code: 'invalid-argument',
  },
  {
    fn: 'previewPrice',
    label: 'a cart of 51 items',
    caller: asMember,
    data: () => ({
      kind: 'cart',
      items: Array.from({ length: 51 }, () => ({ type: 'package', id: 'p5', quantity: 1 })),
    }),
    code: 'invalid-argument',
  },
  {
    fn: 'previewPrice',
    label: 'a cart item of an unknown type',
    caller: asMember,
    data: () => ({ kind: 'cart', items: [{ type: 'credits', id: 'p5', quantity: 1 }] }),
    code: 'invalid-argument',
  },
  {
    fn: 'createCheckoutSession',
    label: 'a package that does not exist',
    caller: asMember,
    data: () => ({ kind: 'credits', packageId: 'nope', ...URLS }),
    code: 'not-found',
  },
  {
    fn: 'createCheckoutSession',
    label: 'an expired coupon',
    caller: asMember,
    data: () => ({ kind: 'credits', packageId: 'p5', promocode: 'OLD', ...URLS }),
    code: 'failed-precondition',
  },
  {
    fn: 'saveCatalogItem',
    label: 'a product in the reserved Shop key',
    caller: () => admin,
    data: () => ({
      collection: 'shopProduct',
      category: 'TagsProducts',
      id: 'x',
      value: { Name: 'x' },
    }),
    code: 'invalid-argument',
  },
];

const CASES = [...callCases(), ...DOMAIN_CASES];
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
  const booked = await bed.call('bookClass', member(holder), { classId: ids.fullClassId });
  if (!booked.ok) throw booked.error;
  await db.ref().update({
    [paths.package('p5')]: {
      kind: 'credits',
      name: '5 classes',
      credits: 5,
      price: 6500,
      currency: 'USD',
      validityDays: 30,
      active: true,
    },
    [paths.package('old')]: {
      kind: 'credits',
      name: 'Retired',
      credits: 1,
      price: 1000,
      currency: 'USD',
      validityDays: 30,
      active: false,
    },
    [paths.suscriptionPrices()]: [
      { key: 'discounted', Precio: 39 },
      { key: 'regular', Precio: 59 },
    ],
    [paths.shopProduct('Ropa', 'shirt')]: { Name: 'Shirt', Precio: 20, Reference: 'r1' },
    [paths.coupon('WELCOME10')]: { code: 'WELCOME10', percentOff: 10, active: true, redeemed: 0 },
    [paths.coupon('OLD')]: {
      code: 'OLD',
      percentOff: 10,
      active: true,
      redeemed: 0,
      validUntil: now - DAY,
    },
    [paths.coupon('GONE')]: {
      code: 'GONE',
      amountOff: 500,
      active: true,
      redeemed: 3,
      maxRedemptions: 3,
    },
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

describe('bad input to the callables', () => {
  it('covers every callable the functions export', () => {
    expect(new Set(Object.keys(SPECS))).toEqual(new Set(exportedCallables()));
    expect(new Set(CASES.map((c) => c.fn))).toEqual(new Set(Object.keys(SPECS)));
    expect(CASES.length).toBeGreaterThan(300);
  });

  it.each(CASES.map((c) => [c.fn, c.label, c.code, c] as const))(
    '%s refuses %s with %s and writes nothing',
    async (_fn, _label, _code, c) => {
      const before = await bed.dump();
      const outcome = await bed.call(c.fn, c.caller(), c.data());
      const after = await bed.dump();

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

const signer = new Stripe(STRIPE_KEY);
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });

const completed = (id: string, session: Record<string, unknown>) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });

interface WebhookCase {
  label: string;
  request: () => { body: string; headers: Record<string, string>; method?: string };
  status: number;
}

const json = { 'content-type': 'application/json' };
const goodBody = () =>
  completed('evt_bad_input', {
    id: 'cs_bad',
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    metadata: { uid: ids.memberUid, kind: 'credits', packageId: 'p5' },
    amount_total: 6500,
    currency: 'usd',
  });

/** Refused before anything is read: bad method, missing, wrong, stale or malformed signature. */
const REFUSED_DELIVERIES: WebhookCase[] = [
  { label: 'a GET', status: 405, request: () => ({ body: '', headers: {}, method: 'GET' }) },
  {
    label: 'a PUT',
    status: 405,
    request: () => ({
      body: goodBody(),
      headers: { ...json, 'stripe-signature': sign(goodBody()) },
      method: 'PUT',
    }),
  },
  {
    label: 'no signature header',
    status: 400,
    request: () => ({ body: goodBody(), headers: json }),
  },
  {
    label: 'an empty signature header',
    status: 400,
    request: () => ({ body: goodBody(), headers: { ...json, 'stripe-signature': '' } }),
  },
  {
    label: 'a signature with another secret',
    status: 400,
    request: () => ({
      body: goodBody(),
      headers: { ...json, 'stripe-signature': sign(goodBody(), { secret: 'whsec_attacker' }) },
    }),
  },
  {
    label: 'a stale signature (10 minutes old)',
    status: 400,
    request: () => ({
      body: goodBody(),
      headers: {
        ...json,
        'stripe-signature': sign(goodBody(), { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      },
    }),
  },
  {
    label: 'a signature over another body',
    status: 400,
    request: () => ({
      body: goodBody().replace('6500', '650000'),
      headers: { ...json, 'stripe-signature': sign(goodBody()) },
    }),
  },
  {
    label: 'a body with one extra space',
    status: 400,
    request: () => ({
      body: `${goodBody()} `,
      headers: { ...json, 'stripe-signature': sign(goodBody()) },
    }),
  },
  {
    label: 'a garbage signature header',
    status: 400,
    request: () => ({ body: goodBody(), headers: { ...json, 'stripe-signature': 't=abc,v1=zzz' } }),
  },
  {
    label: 'a signature without timestamp',
    status: 400,
    request: () => ({
      body: goodBody(),
      headers: { ...json, 'stripe-signature': sign(goodBody()).replace(/t=\d+,/, '') },
    }),
  },
  {
    label: 'only a v0 signature',
    status: 400,
    request: () => ({
      body: goodBody(),
      headers: { ...json, 'stripe-signature': sign(goodBody()).replace('v1=', 'v0=') },
    }),
  },
  {
    // Node's HTTP server refuses headers over 16 kB before any function code runs.
    label: 'a 100 kB signature header',
    status: 431,
    request: () => ({
      body: goodBody(),
      headers: { ...json, 'stripe-signature': `t=1,${'v1=00,'.repeat(16_000)}` },
    }),
  },
  {
    label: 'a 5 MB unsigned body',
    status: 400,
    request: () => ({
      body: 'x'.repeat(5_000_000),
      headers: { ...json, 'stripe-signature': 't=1,v1=00' },
    }),
  },
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
const IGNORED_EVENTS: { label: string; body: () => string; eventId: string }[] = [
  {
    label: 'an event type we do not handle',
    eventId: 'evt_unknown_type',
    body: () =>
      JSON.stringify({
        id: 'evt_unknown_type',
        object: 'event',
        type: 'customer.created',
        created: 1,
        data: { object: { id: 'cus_1' } },
      }),
  },
  {
    label: 'a session without metadata',
    eventId: 'evt_no_meta',
    body: () =>
      completed('evt_no_meta', {
        id: 'cs_x',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 6500,
        currency: 'usd',
      }),
  },
  {
    label: 'a session with an amount as text',
    eventId: 'evt_amount_text',
    body: () =>
      completed('evt_amount_text', {
        id: 'cs_y',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: '6500',
        currency: 'usd',
        metadata: { uid: ids.memberUid, kind: 'credits', packageId: 'p5' },
      }),
  },
  {
    label: 'a session without a mode',
    eventId: 'evt_no_mode',
    body: () =>
      completed('evt_no_mode', {
        id: 'cs_z',
        payment_status: 'paid',
        metadata: { uid: ids.memberUid },
      }),
  },
  {
    label: 'an event with no data',
    eventId: 'evt_no_data',
    body: () =>
      JSON.stringify({
        id: 'evt_no_data',
        object: 'event',
        type: 'checkout.session.completed',
        created: 1,
        data: {},
      }),
  },
  {
    label: 'an invoice without amounts',
    eventId: 'evt_bad_invoice',
    body: () =>
      JSON.stringify({
        id: 'evt_bad_invoice',
        object: 'event',
        type: 'invoice.paid',
        created: 1,
        data: { object: { id: 'in_1' } },
      }),
  },
];

/**
 * Signed with the real secret but not an event we can even name. Only Stripe (or someone holding
 * the secret) can send these; the webhook answers 400 (decision 082: a retry cannot help) and
 * writes nothing.
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
