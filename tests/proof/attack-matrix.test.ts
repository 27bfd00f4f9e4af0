// Rules attack matrix (issue 8, item 1). Every forbidden operation of the table below is tried by
// every actor it is forbidden to (guest, member, coach, an expired and a forged token) over both
// client transports (web SDK websocket, REST); each must be refused and leave the owner's view of
// the whole database unchanged. The allowed counterparts must succeed, which shows the refusals
// come from the rules and not from a broken credential. Adding a row adds its cases.
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
    write('Users/{self}/ledger-outbox/x', { kind: 'regular', delta: 5 }),
    write('Users/{self}', { Name: 'Reset', Admin: true, Credits: 100 }),
    del('Users/{self}'),
    patch('', { 'Users/{self}/Credits': 99, 'Users/{self}/Name': 'Ok' }),
  ]),
  ...area("another member's anything", [
    write('Users/{other}/Name', 'Mallory'),
    write('Users/{other}/Phone', '+52 0'),
    write('Users/{other}/Conditions', false),
    write('Users/{other}/Preferences/lang', 'es'),
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
    write('ClassTemplates/forged', { name: 'Forged', rows: [] }),
    write('NotARealNode/x', 1),
    write('AuditLog/forged', { at: 1, by: '{self}', action: 'save' }),
    del('AuditLog/a1'),
    write('Reports/{self}', { Uid: '{self}' }),
    write('DateService/{self}/Ts', 0),
    write('Notifications/{self}/forged', { type: 'general', messageKey: 'ok', read: true }),
    del('Notifications/{self}/n_{self}'),
    write('Notifications/{self}/n_{self}/read', false),
    write('Notifications/{self}/n_{self}/messageKey', 'x'),
    write('', { wiped: true }),
  ]),
  ...area("other members' profiles, ledgers, payments, notifications", [
    read('Users'),
    where('Users', 'Email', '{other}@demo.studio'),
    read('CreditLedger/{other}'),
    read('CreditLedger'),
    read('Payments/cs_{other}'),
    read('Payments'),
    where('Payments', 'uid', '{other}'),
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
    read('AuditLog'),
    read('Reports'),
    read(''),
  ]),
  // Coaches see profiles, rosters and attendance (design §2): forbidden to everyone else.
  ...area(
    "other members' profiles and who holds which spot",
    [
      read('Users/{other}'),
      read('Users/{other}/Email'),
      read('Users/{other}/credits-list'),
      read('Attendance/{other}'),
      read('Attendance'),
      read('ClassRoster'),
      read('ClassRoster/c1'),
      read('ClassRoster/c1/bookings'),
      read('ClassRoster/c1/bookings/{other}'),
      read('ClassRoster/c1/waitlist'),
      where('ClassRoster/c1/bookings', 'spot', 'A1'),
    ],
    ['coach'],
  ),
];

const MEMBERS: readonly ActorName[] = ['member', 'coach', 'expired', 'forged'];
const EVERYONE: readonly ActorName[] = ['guest', ...MEMBERS];

/** What each actor may do: run to show the same credential is otherwise accepted. */
const ALLOWED: { area: string; operation: Operation; for: readonly ActorName[] }[] = [
  ...[
    read('Users/{self}'),
    write('Users/{self}/Name', 'New name'),
    write('Users/{self}/Preferences/lang', 'es'),
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
    read('SuscriptionPrices'),
    read('Shop'),
    read('ClassRoster/c1/spots'),
  ].map((operation) => ({ area: 'public schedule', operation, for: EVERYONE })),
];

interface Case {
  area: string;
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
        const allowed = attack.allowFor?.includes(actor.name) ?? false;
        all.push({
          area: attack.area,
          actor,
          transport,
          operation: resolve(attack.operation, actor),
          expected: allowed ? 'allowed' : 'denied',
        });
      }
      for (const row of ALLOWED.filter((r) => r.for.includes(actor.name))) {
        all.push({
          area: row.area,
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
const tally = { tried: 0, refused: 0, allowedTried: 0, allowedPassed: 0, websocket: 0, rest: 0 };

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
    `attack matrix: ${tally.tried} forbidden operations tried (websocket ${tally.websocket}, ` +
      `REST ${tally.rest}), ${tally.refused} refused with the data unchanged; ` +
      `${tally.allowedPassed}/${tally.allowedTried} allowed counterparts succeeded`,
  );
});

describe('the rules attack matrix', () => {
  it('tries at least 150 forbidden operations, over both transports and all five actors', () => {
    const forbidden = CASES.filter((c) => c.expected === 'denied');
    expect(forbidden.length).toBeGreaterThanOrEqual(150);
    expect(new Set(forbidden.map((c) => c.transport))).toEqual(new Set(TRANSPORTS));
    expect(new Set(forbidden.map((c) => c.actor.name))).toEqual(new Set(EVERYONE));
  });

  it.each(
    CASES.map(
      (c) =>
        [
          c.expected === 'denied' ? 'refuses' : 'allows',
          c.actor.name,
          c.transport,
          c.operation.op,
          c.operation.path === '' ? '/' : c.operation.path,
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
    } else {
      tally.allowedPassed += 1;
    }
  });
});
