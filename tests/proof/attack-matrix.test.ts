// Rules attack matrix. Every forbidden operation of the table below is tried by
// every actor it is forbidden to (guest, member, coach, front desk, an expired and a forged
// token) over both client transports (web SDK websocket, REST); each must be refused and leave
// the owner's view of the whole database unchanged. The allowed counterparts must succeed, which shows the refusals
// come from the rules and not from a broken credential. Adding a row adds its cases.
// Every path a client may write is also a row of WRITABLE (a path and one value it may hold);
// the hostile variants of each (oversized strings, too many keys, wrong shapes, deep nesting,
// unknown children) are derived from that value, so a new writable path gets them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import { del, patch, read, RULES_TEXT, where, write } from '../support/database.ts';
import { attackFixture } from './support/attack-fixture.ts';
import { actors, OTHER_MEMBER, type Actor, type ActorName } from './support/tokens.ts';
import {
  attempt,
  NAMESPACE,
  WebsocketClients,
  type Operation,
  type Outcome,
  type Transport,
} from './support/transports.ts';

// Paths and values may name `{self}` (the actor's own uid; alice for a guest) and `{other}`.
interface Attack {
  area: string;
  operation: Operation;
  /** Actors for whom this is legitimately allowed: they run it as an allowed counterpart. */
  allowFor?: readonly ActorName[];
  /** Actors this row is not run for at all (the row says why). */
  skipFor?: readonly ActorName[];
}

const area = (name: string, operations: Operation[], allowFor?: readonly ActorName[]): Attack[] =>
  operations.map((operation) => ({ area: name, operation, ...(allowFor ? { allowFor } : {}) }));

const credit = { kind: 'regular', source: 'forged', grantedAt: 1, expiresAt: 4_102_444_800_000 };

const ATTACKS: Attack[] = [
  ...area('own Credits, credits-list, Admin, activeSuscription*', [
    write('Users/{self}/Credits', 99),
    write('Users/{self}/Credits', 0),
    write('Users/{self}/Credits', -1),
    write('Users/{self}/Credits', '3'),
    del('Users/{self}/Credits'),
    patch('Users/{self}', { Name: 'Ok', Credits: 50 }),
    write('Users/{self}/credits-list/forged', credit),
    write('Users/{self}/credits-list/c1/expiresAt', 9_999_999_999_999),
    del('Users/{self}/credits-list/c1'),
    del('Users/{self}/credits-list'),
    patch('Users/{self}', { 'credits-list/c9': credit }),
    write('Users/{self}/Admin', true),
    write('Users/{self}/Admin', 'Coach'),
    write('Users/{self}/Admin', 'fs'),
    del('Users/{self}/Admin'),
    patch('Users/{self}', { Name: 'Ok', Admin: true }),
    write('Users/{self}/activeSuscription', true),
    write('Users/{self}/activeSuscriptionId', 'sub_forged'),
    patch('Users/{self}', { activeSuscription: true, activeSuscriptionId: 'sub_forged' }),
    write('Users/{self}/booking-credits/b1/state', 'refunded'),
    // The plan and its fees are the functions' (docs/architecture/plans.md): no freeze, cap,
    // block or fee written from a client.
    write('Users/{self}/membership', { planId: 'forged', status: 'active' }),
    write('Users/{self}/membership/blockedUntil', 0),
    write('Users/{self}/membership/frozenUntil', null),
    write('Users/{self}/membership/terms/dailyCap', 99),
    del('Users/{self}/membership'),
    write('Users/{self}/plan-fees/late-b1/status', 'charged'),
    del('Users/{self}/plan-fees'),
    write('Users/{self}/booking-credits/b1/plan', { membershipId: 'm', planId: 'p' }),
    write('Users/{self}/ledger-outbox/x', { kind: 'regular', delta: 5 }),
    write('Users/{self}', { Name: 'Reset', Admin: true, Credits: 100 }),
    del('Users/{self}'),
    patch('', { 'Users/{self}/Credits': 99, 'Users/{self}/Name': 'Ok' }),
  ]),
  // `Preferences` once took a 5 MB text or 20,000 keys; the app never used it
  // (docs/architecture/roles-and-rules.md#what-a-client-may-write).
  ...area('unbounded profile nodes', [
    write('Users/{self}/Preferences', 'x'.repeat(5 * 1024 * 1024)),
    write(
      'Users/{self}/Preferences',
      Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, true])),
    ),
    write('Users/{self}/Preferences/lang', 'es'),
  ]),
  // The admins' directory row keeps showing the old name (or someone else's) when the profile
  // changes without its mirror, or the mirror and its search key say something else.
  ...area('own profile drifting from its directory row', [
    write('Users/{self}/Name', 'Alice Smith'),
    write('Users/{self}/Email', 'victim@demo.studio'),
    write('Users/{self}/Phone', '+52 81 1111 1111'),
    patch('', { 'Users/{self}/Name': 'Mallory', 'UserDirectory/{self}/name': 'Alice Smith' }),
    patch('', {
      'Users/{self}/Name': 'Mallory',
      'UserDirectory/{self}/name': 'Mallory',
      'UserDirectory/{self}/nameKey': 'alice smith',
    }),
    write('UserDirectory/{self}/emailKey', 'victim@demo.studio'),
  ]),
  // The coach has no Name to remove.
  {
    area: 'own profile drifting from its directory row',
    operation: del('Users/{self}/Name'),
    skipFor: ['coach'],
  },
  ...area("another member's anything", [
    write('Users/{other}/Name', 'Mallory'),
    write('Users/{other}/Phone', '+52 0'),
    write('Users/{other}/Conditions', false),
    write('Users/{other}/Lang', 'es'),
    write('Users/{other}/LastSeen', '00:00'),
    write('Users/{other}/Credits', 3),
    write('Users/{other}/Credits', 0),
    write('Users/{other}/Admin', true),
    write('Users/{other}/credits-list/forged', credit),
    del('Users/{other}/credits-list/c1'),
    patch('Users/{other}', { Name: 'Mallory' }),
    del('Users/{other}'),
    write('Users/ghost', { Name: 'Ghost', Email: 'g@x.y', Admin: false, Credits: 0 }),
    write('Notifications/{other}/n_{other}/read', true),
    del('Notifications/{other}/n_{other}'),
    write('CodeCloudStore/WELCOME10/{other}/1', 1),
    del('CodeCloudStore/WELCOME10/{other}'),
    del('CreditLedger/{other}'),
    write('UserClasses/{other}/c1/status', 'cancelled'),
  ]),
  ...area('rosters and spots', [
    write('ClassRoster/c1/spots/B1', true),
    del('ClassRoster/c1/spots/A1'),
    write('ClassRoster/c1/bookings/{self}', { bookingId: 'x', uid: '{self}', spot: 'B1' }),
    del('ClassRoster/c1/bookings/{other}'),
    write('ClassRoster/c1/waitlist/{self}', { uid: '{self}', joinedAt: 0, seq: -1 }),
    write('ClassRoster/c1/version', 99),
    del('ClassRoster/c1'),
    write('ClassRoster/c2', { spots: { A1: true } }),
    patch('ClassRoster/c1', { 'spots/B2': true, 'bookings/{self}/spot': 'B2' }),
  ]),
  ...area('bookings, ledger and attendance', [
    write('UserClasses/{self}/c2', { classId: 'c2', status: 'booked' }),
    del('UserClasses/{self}/c1'),
    write('UserWaitlist/{self}/c2/position', 0),
    write('CreditLedger/{self}/forged', { type: 'grant', kind: 'regular', delta: 100 }),
    del('CreditLedger/{self}/g1'),
    del('CreditLedger/{self}'),
    write('Attendance/{self}/attended', 99),
    write('Attendance/{self}/noShow', 0),
  ]),
  ...area('payments and coupons', [
    write('Payments/cs_forged', { uid: '{self}', kind: 'credits', amount: 0, status: 'paid' }),
    write('Payments/cs_{self}/status', 'refunded'),
    write('Payments/cs_{self}/amount', 1),
    del('Payments/cs_{self}'),
    write('Coupons/FREE100', { code: 'FREE100', percentOff: 100, active: true, redeemed: 0 }),
    write('Coupons/WELCOME10/percentOff', 100),
    write('Coupons/WELCOME10/redeemed', 0),
    write('CouponRedemptions/WELCOME10/cs_forged', { uid: '{self}', discount: 0, at: 1 }),
    write('CouponRedemptions/WELCOME10/cs_1/counted', false),
    // A checkout's hold on a limited coupon: a member must not free one or take one.
    del('CouponHolds/HALF/h1'),
    write('CouponHolds/HALF/h2', { uid: '{other}', expiresAt: 4_102_444_800_000 }),
    del('CodeCloudStore/WELCOME10/{self}'),
    write('CodeCloudStore/FREE100/{self}/0', 1),
    write('StripeEvents/evt_forged', { type: 'checkout.session.completed', outcome: 'processed' }),
    del('StripeEvents/evt_1'),
    write('StripeCustomers/{self}', { customerId: 'cus_forged', claimedAt: 1 }),
    write('StripeCustomerUids/cus_forged', '{self}'),
    write('StripeSubscriptions/sub_forged', { uid: '{self}', status: 'active' }),
    write('SubscriptionGrants/sub_1/1800000000', { uid: '{self}', credits: 30 }),
  ]),
  ...area('prices and classes', [
    write('Packages/p5/price', 1),
    write('Packages/free', { kind: 'credits', name: 'Free', credits: 1000, price: 0 }),
    write('SuscriptionPrices/0/Precio', 0),
    write('Shop/Ropa/p1/Precio', 0),
    write('Events/e1/price', 0),
    write('Classes/c1/capacity', 999),
    write('Classes/c1/status', 'cancelled'),
    write('Classes/c9', { date: '2026-11-24', hour: '08:00', capacity: 10 }),
    del('Classes/c1'),
    write('Branches/centro/name', 'Hacked'),
    write('Coaches/carlos/name', 'Hacked'),
    write('Exercises/yoga/name', 'Hacked'),
    write('SeatLayouts/mats/spots/Z9', { row: 9, col: 9 }),
    write('Settings/bookingWindowDays', 365),
    write('Studio/primaryColor', '#ffff00'),
    write('Studio', { name: 'Hacked', primaryColor: '#000000' }),
    write('ClassTemplates/forged', { name: 'Forged', rows: [] }),
    write('Plans/forged', { kind: 'unlimited', name: 'Free', interval: 'month', price: 1 }),
    write('Plans/p1/price', 1),
    write('Memberships/forged', { uid: '{self}', planId: 'p1', status: 'active' }),
    write('IntroClaims/u-{self}', null),
    del('IntroClaims/u-{self}'),
    write('BulkFreezes/forged', { status: 'done' }),
    write('PlanFeeQueue/{self}-late-b1', null),
    write('NotARealNode/x', 1),
    write('AuditLog/forged', { at: 1, by: '{self}', action: 'save' }),
    del('AuditLog/a1'),
    write('Insights/days/2026-11-23/members/active', 999),
    del('Insights/days/2026-11-23'),
    write('MailOutbox/forged', { kind: 'welcome', uid: '{other}', status: 'pending' }),
    write('MailOutbox/booked-b1/status', 'retrying'),
    del('MailOutbox/booked-b1'),
    write('ImportMappings/mindbody', { columns: {}, dateOrder: 'dmy', updatedAt: 1, by: '{self}' }),
    write('ImportRuns/forged', { source: 'mindbody', status: 'finished' }),
    write('ImportedHistory/{self}/attended', 999),
    write('Users/{self}/importedFrom', { source: 'mindbody', id: '1' }),
    // Push: devices, their owners, watches and the outbox are written by the functions only.
    write('PushOutbox/forged', { kind: 'spot-opened', uid: '{other}', status: 'pending' }),
    write('PushSubscriptions/{self}/forged', {
      endpoint: 'https://169.254.169.254/latest',
      keys: { p256dh: 'B', auth: 'x' },
    }),
    write('PushSubscriptions/{other}/forged', { endpoint: 'https://fcm.googleapis.com/x' }),
    write('PushDevices/dev1', { uid: '{self}' }),
    write('ClassWatch/c1/watchers/{self}', { since: 0, seq: 0 }),
    write('ClassWatch/c1/wave/nextWaveAt', 0),
    write('UserWatches/{self}/c1', { since: 1, startsAt: 1 }),
    write('Users/{other}/push-preferences/spot-opened', false),
    write('Users/{other}/push-quiet-hours', { enabled: true, from: '00:00', to: '23:59' }),
    write('DateService/{self}/Ts', 0),
    write('Notifications/{self}/forged', { type: 'general', messageKey: 'ok', read: true }),
    del('Notifications/{self}/n_{self}'),
    write('Notifications/{self}/n_{self}/read', false),
    write('Notifications/{self}/n_{self}/messageKey', 'x'),
    write('', { wiped: true }),
  ]),
  ...area("other members' profiles, ledgers, payments, notifications", [
    read('Users'),
    // Not even a coach: class lists name members from the roster
    // (docs/architecture/roles-and-rules.md#roles).
    read('Users/{other}'),
    read('Users/{other}/Name'),
    read('Users/{other}/Email'),
    read('Users/{other}/Phone'),
    read('Users/{other}/Credits'),
    read('Users/{other}/credits-list'),
    read('Users/{other}/activeSuscription'),
    // Nor a member's attendance history: a class's marks are in its roster
    // (docs/architecture/roles-and-rules.md#roles).
    read('Attendance/{other}'),
    read('Attendance'),
    where('Users', 'Email', '{other}@demo.studio'),
    read('CreditLedger/{other}'),
    read('CreditLedger'),
    read('Payments/cs_{other}'),
    read('Payments'),
    read('Users/{other}/membership'),
    read('Users/{other}/plan-fees'),
    read('Memberships'),
    where('Memberships', 'uid', '{other}'),
    read('IntroClaims'),
    read('PlanFeeQueue'),
    read('BulkFreezes'),
    where('Payments', 'status', 'paid'),
    read('Notifications/{other}'),
    read('Notifications'),
    read('UserClasses/{other}'),
    read('UserWaitlist/{other}'),
    read('DateService/{other}'),
    read('CodeCloudStore/WELCOME10/{other}'),
    read('CodeCloudStore/WELCOME10'),
    read('StripeCustomers/{self}'),
    read('StripeSubscriptions'),
    read('StripeEvents'),
    read('SubscriptionGrants'),
    read('Coupons'),
    read('Coupons/WELCOME10'),
    read('CouponRedemptions/WELCOME10'),
    read('CouponHolds/HALF'),
    read('AuditLog'),
    read('Insights'),
    read('Insights/days/2026-11-23'),
    read('MailOutbox'),
    read('MailOutbox/booked-b1'),
    read('ImportMappings'),
    read('ImportRuns'),
    read('ImportedHistory/{other}'),
    read('PushOutbox'),
    read('PushSubscriptions/{other}'),
    read('PushSubscriptions'),
    read('PushDevices'),
    read('ClassWatch/c1'),
    read('UserWatches/{other}'),
    read('Users/{other}/push-preferences'),
    read('Reports'),
    read(''),
  ]),
  // Class lists (who holds which spot, their names and attendance marks): the coach
  // of the class (c1 is coach1's) and the front desk; forbidden to everyone else.
  ...area(
    'class lists: who holds which spot',
    [
      read('ClassRoster/c1/bookings/{other}/name'),
      read('ClassRoster/c1/bookings/{other}/attendance'),
      read('ClassRoster/c1'),
      read('ClassRoster/c1/bookings'),
      read('ClassRoster/c1/bookings/{other}'),
      read('ClassRoster/c1/waitlist'),
    ],
    ['coach', 'staff'],
  ),
  // Another coach's class (c2), and every class at once: the front desk only.
  ...area(
    "class lists: another coach's class",
    [
      read('ClassRoster'),
      read('ClassRoster/c2'),
      read('ClassRoster/c2/bookings'),
      read('ClassRoster/c2/bookings/{other}/name'),
    ],
    ['staff'],
  ),
  // The same by query. The coach and the desk may read the roster, but a query ordered by `spot`
  // needs an `.indexOn` the app has no use for (production's REST answers 400 "Index not
  // defined"), so they do not run it as an allowed counterpart; the reads above are theirs.
  {
    area: 'class lists: who holds which spot',
    operation: where('ClassRoster/c1/bookings', 'spot', 'A1'),
    skipFor: ['coach', 'staff'],
  },
  // The front desk looks members up in the directory (name, e-mail, phone); nobody else but admins.
  ...area(
    'member directory',
    [
      read('UserDirectory'),
      read('UserDirectory/{other}'),
      where('UserDirectory', 'nameKey', 'bob'),
    ],
    ['staff'],
  ),
  // The member's pass and waiver signature are the functions' (core/src/desk): nobody forges a
  // pass, signs for someone, or rewrites what was signed.
  ...area('passes, waivers and coach pay', [
    write('Users/{self}/pass', { id: 'AbCdEfGhIjKlMnOpQrStUv', code: 'SP1.x', issuedAt: 1 }),
    write('Users/{self}/pass/id', 'AbCdEfGhIjKlMnOpQrStUv'),
    write('Users/{self}/waiver', { version: 9, signedAt: 1, signatureId: 'forged' }),
    patch('Users/{self}', { Conditions: true, 'waiver/version': 9 }),
    write('Waivers/current', 9),
    write('Waivers/versions/9', { version: 9, text: { en: 'Nothing', es: 'Nada' } }),
    write('WaiverSignatures/{self}/forged', { version: 1, fullName: 'Forged' }),
    write('WaiverSignatures/{other}/s1/fullName', 'Someone else'),
    del('WaiverSignatures/{other}'),
    read('CoachPayRates'),
    read('CoachPayRates/carlos'),
    write('CoachPayRates/carlos/forged', { exercise: '*', rule: { perClass: 999999 } }),
    read('Users/{other}/pass'),
  ]),
  // One member's payments by the uid query (a cash sale to refund): the front desk, never the list.
  ...area("another member's payments", [where('Payments', 'uid', '{other}')], ['staff']),
  ...area(
    "another member's signed waiver",
    [read('WaiverSignatures/{other}'), read('WaiverSignatures')],
    ['staff'],
  ),
  // What the front desk must not see or change: revenue, insights, prices, roles, settings.
  ...area('the front desk: no revenue, insights, prices, roles or settings', [
    read('Payments'),
    where('Payments', 'createdAt', '1'),
    read('Insights/months'),
    read('StripeSubscriptions'),
    read('AuditLog'),
    write('Packages/p5/price', 0),
    write('Users/{self}/Admin', 'Staff'),
    write('Users/{other}/Admin', false),
    write('Settings/cancellationWindowHours', 0),
  ]),
];

const MEMBERS: readonly ActorName[] = ['member', 'coach', 'staff', 'expired', 'forged'];
const EVERYONE: readonly ActorName[] = ['guest', ...MEMBERS];

/** What the SDK's `serverTimestamp()` sends; the only value `ConditionsAt` takes. */
const SERVER_TIME = { '.sv': 'timestamp' } as const;

/**
 * Every path a client may write, with a value it may write there and who may (everyone else is
 * refused even that). Add a row when the rules let a client write somewhere new.
 */
const WRITABLE: { path: string; valid: unknown; for: readonly ActorName[] }[] = [
  // Name, Email and Phone only as their directory mirror says (the coach's name is '').
  {
    path: 'Users/{self}/Name',
    valid: '{self}',
    for: ['member', 'staff', 'expired', 'forged'],
  },
  { path: 'Users/{self}/Email', valid: '{self}@demo.studio', for: MEMBERS },
  { path: 'Users/{self}/Phone', valid: '', for: MEMBERS },
  {
    path: 'Users/{self}/Img',
    valid:
      'https://firebasestorage.googleapis.com/v0/b/demo-studio.firebasestorage.app/o/members%2F{self}%2Favatar%2Fabcdef%2F192.webp?alt=media',
    for: MEMBERS,
  },
  { path: 'Users/{self}/Conditions', valid: true, for: MEMBERS },
  { path: 'Users/{self}/ConditionsAt', valid: SERVER_TIME, for: MEMBERS },
  { path: 'Users/{self}/LastSeen', valid: '2026-11-24 21:05', for: MEMBERS },
  { path: 'Users/{self}/Lang', valid: 'es', for: MEMBERS },
  { path: 'Users/{self}/homeBranch', valid: 'norte', for: MEMBERS },
  { path: 'Users/{self}/Credits', valid: 3, for: MEMBERS },
  { path: 'Notifications/{self}/n_{self}/read', valid: true, for: MEMBERS },
  // One e-mail switch; the kinds that always go are refused in tests/rules.
  { path: 'Users/{self}/mail-preferences/class-reminder', valid: false, for: MEMBERS },
  // One push switch and the quiet hours (docs/architecture/push.md).
  { path: 'Users/{self}/push-preferences/class-reminder', valid: false, for: MEMBERS },
  {
    path: 'Users/{self}/push-quiet-hours',
    valid: { enabled: true, from: '22:00', to: '07:00' },
    for: MEMBERS,
  },
  // The member's own waiting-list cut-off in whole hours, 1–48.
  { path: 'Users/{self}/PromotionCutoffHours', valid: 6, for: MEMBERS },
  // Only a user without a Name may report it: the fixture's coach has none.
  { path: 'Reports/{self}', valid: { Uid: '{self}' }, for: ['coach'] },
  // The admins' member directory: the member mirrors their own profile, each value
  // equal to the profile's (the coach has no Name, so only '' is theirs), keys lower case.
  {
    path: 'UserDirectory/{self}/name',
    valid: '{self}',
    for: ['member', 'staff', 'expired', 'forged'],
  },
  { path: 'UserDirectory/{self}/email', valid: '{self}@demo.studio', for: MEMBERS },
  { path: 'UserDirectory/{self}/phone', valid: '', for: MEMBERS },
  { path: 'UserDirectory/{self}/nameKey', valid: '{self}', for: MEMBERS },
  { path: 'UserDirectory/{self}/emailKey', valid: '{self}@demo.studio', for: MEMBERS },
  { path: 'UserDirectory/{self}/phoneKey', valid: '528100000000', for: MEMBERS },
];

/** Far beyond any bound the rules set on a text (the longest allowed is 2,000). */
const OVERSIZED = 'x'.repeat(1024 * 1024 + 1);
const TOO_MANY_KEYS = 1000;
const NESTING = 24;

interface Variant {
  label: string;
  value: unknown;
}

const isServerValue = (value: unknown) => JSON.stringify(value) === JSON.stringify(SERVER_TIME);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isServerValue(value);
/** A scalar's JSON type; a server value stands for the number it becomes. */
const kindOf = (value: unknown) => (isServerValue(value) ? 'number' : typeof value);

function manyKeys(leaf: unknown): Record<string, unknown> {
  return Object.fromEntries(Array.from({ length: TOO_MANY_KEYS }, (_, i) => [`k${i}`, leaf]));
}

function nested(leaf: unknown): unknown {
  let value = leaf;
  for (let depth = 0; depth < NESTING; depth++) value = { n: value };
  return value;
}

/** Values of the wrong size or shape where `valid` belongs; each must be refused. */
function hostileValues(valid: unknown): Variant[] {
  if (isObject(valid)) {
    // Each field gets its own hostile values, the rest of the object kept valid.
    const byField = Object.entries(valid).flatMap(([key, field]) =>
      hostileValues(field).map((variant) => ({
        label: `${key}: ${variant.label}`,
        value: { ...valid, [key]: variant.value },
      })),
    );
    return [
      ...byField,
      { label: 'unknown child', value: { ...valid, unknown: 'x' } },
      { label: `${TOO_MANY_KEYS} extra keys`, value: { ...manyKeys('x'), ...valid } },
      { label: 'text for an object', value: 'x' },
      { label: 'oversized text for an object', value: OVERSIZED },
      { label: 'array for an object', value: [valid] },
      { label: `nested ${NESTING} deep`, value: nested(valid) },
    ];
  }
  const wrongScalars = [42, 'text', true].filter((value) => kindOf(value) !== kindOf(valid));
  return [
    { label: '1 MiB text', value: OVERSIZED },
    ...wrongScalars.map((value) => ({ label: `${typeof value} for ${kindOf(valid)}`, value })),
    { label: 'array for a value', value: [valid, valid] },
    { label: 'object for a value', value: { value: valid } },
    { label: `${TOO_MANY_KEYS} keys`, value: manyKeys(valid) },
    { label: `nested ${NESTING} deep`, value: nested(valid) },
  ];
}

interface ShapeAttack {
  area: string;
  label: string;
  operation: Operation;
  allowFor: readonly ActorName[];
}

/** The valid write, then every hostile write derived from it, for each WRITABLE row. */
function shapeAttacks(): ShapeAttack[] {
  return WRITABLE.flatMap(({ path, valid, for: allowFor }) => {
    const area = `shape and size of ${path}`;
    const leaf = path.slice(path.lastIndexOf('/') + 1);
    const parent = path.slice(0, path.lastIndexOf('/'));
    const refused = (label: string, operation: Operation): ShapeAttack => ({
      area,
      label,
      operation,
      allowFor: [],
    });
    return [
      { area, label: 'valid', operation: write(path, valid), allowFor },
      ...hostileValues(valid).map(({ label, value }) => refused(label, write(path, value))),
      refused('unknown child', write(`${path}/unknown`, 'x')),
      refused('oversized, by update of the parent', patch(parent, { [leaf]: OVERSIZED })),
      refused('oversized, by update at the root', patch('', { [path]: OVERSIZED })),
    ];
  });
}

const SHAPE_ATTACKS = shapeAttacks();

/**
 * Writable locations of the rules that WRITABLE cannot show allowed, and where that is shown:
 * every actor here already has a record, so none may create one.
 */
const WRITABLE_ELSEWHERE: Readonly<Record<string, string>> = {
  'Users/$uid': 'registration: tests/rules/rules.test.ts (newcomer)',
};

/** Every rules location whose `.write` is not plainly false, as `Users/$uid/Name`. */
function writableInRules(): string[] {
  // The rules file's comments are whole lines; JSON does not allow them.
  const json = RULES_TEXT.split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  const found: string[] = [];
  const walk = (node: unknown, path: readonly string[]) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === '.write' && child !== false && child !== 'false') found.push(path.join('/'));
      else if (!key.startsWith('.')) walk(child, [...path, key]);
    }
  };
  walk((JSON.parse(json) as { rules: unknown }).rules, []);
  return found;
}

/** Whether a WRITABLE path (with `{self}`-style ids) names a rules location (with `$ids`). */
function names(rulesPath: string, tablePath: string): boolean {
  const rules = rulesPath.split('/');
  const table = tablePath.split('/');
  return (
    rules.length === table.length &&
    rules.every((segment, i) => segment.startsWith('$') || segment === table[i])
  );
}

/** What each actor may do: run to show the same credential is otherwise accepted. */
const ALLOWED: { area: string; operation: Operation; for: readonly ActorName[] }[] = [
  ...[
    read('Users/{self}'),
    patch('', {
      'Users/{self}/Name': 'New name',
      'UserDirectory/{self}/name': 'New name',
      'UserDirectory/{self}/nameKey': 'new name',
    }),
    write('Users/{self}/Lang', 'es'),
    write('Users/{self}/Credits', 3),
    write('Users/{self}/Conditions', true),
    read('CreditLedger/{self}'),
    read('Payments/cs_{self}'),
    where('Payments', 'uid', '{self}'),
    read('Notifications/{self}'),
    write('Notifications/{self}/n_{self}/read', true),
    read('UserClasses/{self}'),
    read('UserWaitlist/{self}'),
    read('Attendance/{self}'),
    read('DateService/{self}'),
    read('CodeCloudStore/WELCOME10/{self}'),
  ].map((operation) => ({ area: 'own record', operation, for: MEMBERS })),
  ...[
    read('Classes'),
    read('Packages'),
    read('Settings'),
    read('Studio'),
    read('SuscriptionPrices'),
    read('Shop'),
    read('ClassRoster/c1/spots'),
  ].map((operation) => ({ area: 'public schedule', operation, for: EVERYONE })),
];

interface Case {
  area: string;
  /** Which derived variant of a WRITABLE row this is; empty for the hand-written rows. */
  label: string;
  actor: Actor;
  transport: Transport;
  operation: Operation;
  expected: Outcome;
}

const TRANSPORTS: readonly Transport[] = ['websocket', 'rest'];
const ACTORS = actors();

function resolve(operation: Operation, actor: Actor): Operation {
  const text = JSON.stringify(operation)
    .replaceAll('{self}', actor.self)
    .replaceAll('{other}', OTHER_MEMBER);
  return JSON.parse(text) as Operation;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const transport of TRANSPORTS) {
    for (const actor of ACTORS) {
      for (const attack of ATTACKS) {
        if (attack.skipFor?.includes(actor.name)) continue;
        const allowed = attack.allowFor?.includes(actor.name) ?? false;
        all.push({
          area: attack.area,
          label: '',
          actor,
          transport,
          operation: resolve(attack.operation, actor),
          expected: allowed ? 'allowed' : 'denied',
        });
      }
      for (const attack of SHAPE_ATTACKS) {
        all.push({
          area: attack.area,
          label: attack.label,
          actor,
          transport,
          operation: resolve(attack.operation, actor),
          expected: attack.allowFor.includes(actor.name) ? 'allowed' : 'denied',
        });
      }
      for (const row of ALLOWED.filter((r) => r.for.includes(actor.name))) {
        all.push({
          area: row.area,
          label: '',
          actor,
          transport,
          operation: resolve(row.operation, actor),
          expected: 'allowed',
        });
      }
    }
  }
  return all;
}

const CASES = cases();
const tally = {
  tried: 0,
  refused: 0,
  allowedTried: 0,
  allowedPassed: 0,
  websocket: 0,
  rest: 0,
  shapeRefused: 0,
  shapeAllowed: 0,
};

let emulator: RtdbEmulator;
let clients: WebsocketClients;

async function ownerRest(method: 'GET' | 'PUT', body?: unknown): Promise<unknown> {
  const response = await fetch(`${emulator.url}/.json?ns=${NAMESPACE}`, {
    method,
    headers: { Authorization: 'Bearer owner' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`owner ${method}: ${response.status}`);
  return response.json();
}

const snapshot = () => ownerRest('GET');
const restoreFixture = () => ownerRest('PUT', attackFixture());

beforeAll(async () => {
  emulator = await startRtdbEmulator({ port: 0, rules: RULES_TEXT });
  clients = new WebsocketClients(emulator.port);
  await restoreFixture();
});

afterAll(async () => {
  await clients.close();
  await emulator.stop();
  console.log(
    `attack matrix: ${ATTACKS.length} hand-written rows, ${WRITABLE.length} writable paths ` +
      `giving ${SHAPE_ATTACKS.length} shape rows; ` +
      `${tally.tried} forbidden operations tried (websocket ${tally.websocket}, ` +
      `REST ${tally.rest}), ${tally.refused} refused with the data unchanged ` +
      `(${tally.shapeRefused} of them shape and size); ` +
      `${tally.allowedPassed}/${tally.allowedTried} allowed counterparts succeeded ` +
      `(${tally.shapeAllowed} of them valid writes of a writable path)`,
  );
});

describe('the rules attack matrix', () => {
  it('tries at least 150 forbidden operations, over both transports and all six actors', () => {
    const forbidden = CASES.filter((c) => c.expected === 'denied');
    expect(forbidden.length).toBeGreaterThanOrEqual(150);
    expect(new Set(forbidden.map((c) => c.transport))).toEqual(new Set(TRANSPORTS));
    expect(new Set(forbidden.map((c) => c.actor.name))).toEqual(new Set(EVERYONE));
  });

  it('has a WRITABLE row for every location the rules let a client write', () => {
    const missing = writableInRules().filter(
      (location) =>
        !(location in WRITABLE_ELSEWHERE) && !WRITABLE.some(({ path }) => names(location, path)),
    );
    expect(missing).toEqual([]);
  });

  it('gives every writable path an allowed valid write and every kind of hostile variant', () => {
    for (const { path } of WRITABLE) {
      const rows = SHAPE_ATTACKS.filter((attack) => attack.area === `shape and size of ${path}`);
      expect(rows.filter((row) => row.allowFor.length > 0)).toHaveLength(1);
      const labels = rows.map((row) => row.label).join('\n');
      for (const kind of [
        /text|oversized/,
        /keys/,
        /for (a |an )?(value|object|string|number|boolean)/,
        /nested/,
        /unknown child/,
      ]) {
        expect(labels).toMatch(kind);
      }
    }
  });

  it.each(
    CASES.map(
      (c) =>
        [
          c.expected === 'denied' ? 'refuses' : 'allows',
          c.actor.name,
          c.transport,
          c.operation.op,
          (c.operation.path === '' ? '/' : c.operation.path) + (c.label ? ` [${c.label}]` : ''),
          c,
        ] as const,
    ),
  )('%s %s over %s to %s %s', async (_verdict, _actor, _transport, _op, _path, c) => {
    const before = await snapshot();
    if (c.expected === 'denied') tally.tried += 1;
    else tally.allowedTried += 1;
    const outcome = await attempt(c.transport, clients, emulator.port, c.actor, c.operation);
    const after = await snapshot();
    // Whatever happened, the next case starts from the fixture.
    if (JSON.stringify(after) !== JSON.stringify(before)) await restoreFixture();

    expect(outcome).toBe(c.expected);
    if (c.expected === 'denied') {
      expect(after).toEqual(before);
      tally.refused += 1;
      tally[c.transport] += 1;
      if (c.label) tally.shapeRefused += 1;
    } else {
      tally.allowedPassed += 1;
      if (c.label) tally.shapeAllowed += 1;
    }
  });
});
