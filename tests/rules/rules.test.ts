// Security rules, tested like code: every path of database.rules.json with allow and deny cases,
// through the real web SDK against the database emulator. A refused write must also leave the
// data exactly as it was.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverTimestamp } from 'firebase/database';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import {
  adminDatabase,
  clientDatabase,
  closeAll,
  del,
  patch,
  perform,
  read,
  RULES_TEXT,
  where,
  within,
  write,
  type Identity,
  type Operation,
} from '../support/database.ts';

const guest: Identity = null;
const alice: Identity = { uid: 'alice', role: 'member' };
const bob: Identity = { uid: 'bob', role: 'member' };
const newcomer: Identity = { uid: 'newcomer' };
const coach: Identity = { uid: 'coach1', role: 'coach' };
/** A coach who teaches neither c1 nor c2 (Lucía's login); substitutes c2. */
const otherCoach: Identity = { uid: 'coach2', role: 'coach' };
/** The front desk. */
const staff: Identity = { uid: 'desk1', role: 'staff' };
/** A member whose profile has no Name (such a user is reported). */
const nameless: Identity = { uid: 'carol', role: 'member' };
const admin: Identity = { uid: 'admin1', role: 'admin' };
/** Branch managers: an admin and the front desk scoped to Norte by the claim `branch`. */
const norteAdmin: Identity = { uid: 'norte-admin', role: 'admin', claims: { branch: 'norte' } };
const norteDesk: Identity = { uid: 'norte-desk', role: 'staff', claims: { branch: 'norte' } };

const fixture = {
  Users: {
    alice: {
      Name: 'Alice',
      Email: 'alice@demo.studio',
      Admin: false,
      Conditions: false,
      Credits: 3,
      'credits-list': { c1: { kind: 'regular' } },
      activeSuscription: false,
    },
    bob: { Name: 'Bob', Email: 'bob@demo.studio', Admin: false, Credits: 5 },
    carol: { Email: 'carol@demo.studio', Admin: false, Credits: 0 },
  },
  Reports: { ghost: { Uid: 'ghost' } },
  UserDirectory: {
    alice: {
      name: 'Alice',
      email: 'alice@demo.studio',
      phone: '',
      role: 'member',
      credits: 3,
      nameKey: 'alice',
      emailKey: 'alice@demo.studio',
      phoneKey: '',
    },
  },
  DateService: { alice: { User: 'alice', Ts: 1, IP: '10.0.0.1' } },
  SuscriptionPrices: {
    '0': { key: 'discounted', Precio: 39 },
    '1': { key: 'regular', Precio: 59 },
  },
  Shop: { Categorias: { '0': 'Ropa' }, Ropa: { p1: { Name: 'Shirt', Reference: 'r1' } } },
  CodeCloudStore: { WELCOME10: { alice: { '0': 1 }, bob: { '0': 1 } } },
  Settings: { timeZone: 'America/Monterrey' },
  Studio: { name: 'Demo Studio', primaryColor: '#0f5e59' },
  Branches: { centro: { name: 'Centro' }, norte: { name: 'Norte' } },
  Coaches: {
    carlos: { name: 'Carlos', uid: 'coach1' },
    lucia: { name: 'Lucía', uid: 'coach2' },
    nadia: { name: 'Nadia' },
  },
  Exercises: { yoga: { name: 'Yoga' } },
  SeatLayouts: { mats: { name: 'Mats' } },
  Packages: { p5: { name: '5 classes', price: 6500 } },
  Plans: { unlimited: { kind: 'unlimited', name: 'Unlimited', interval: 'month', price: 9900 } },
  Memberships: { sub_1: { uid: 'alice', planId: 'unlimited', status: 'active' } },
  BulkFreezes: { bf1: { from: 1, until: 2, status: 'done' } },
  IntroClaims: { 'u-alice': { uid: 'alice', offer: 'plan:intro', claimedAt: 1 } },
  Events: { e1: { name: 'Ride' } },
  Coupons: { WELCOME10: { code: 'WELCOME10', percentOff: 10, redeemed: 2 } },
  CouponRedemptions: { WELCOME10: { cs_1: { uid: 'alice', discount: 650, at: 1, counted: true } } },
  ClassTemplates: { week: { name: 'Winter week', rows: {} } },
  AuditLog: { a1: { at: 1, by: 'admin1', action: 'save', target: 'Packages/p5' } },
  MailOutbox: {
    'booked-b1': { kind: 'booking-confirmed', uid: 'alice', status: 'sent', createdAt: 1 },
  },
  ImportMappings: { mindbody: { columns: {}, dateOrder: 'mdy', updatedAt: 1, by: 'admin1' } },
  ImportRuns: { r1: { source: 'mindbody', status: 'finished' } },
  ImportedHistory: {
    alice: { source: 'mindbody', attended: 3, noShow: 1, lateCancel: 0, upcoming: 0, updatedAt: 1 },
    bob: { source: 'mindbody', attended: 1, noShow: 0, lateCancel: 0, upcoming: 0, updatedAt: 1 },
  },
  Insights: {
    days: { '2026-11-23': { date: '2026-11-23', members: { active: 3 } } },
    months: { '2026-11': { month: '2026-11', days: 23 } },
    branches: {
      norte: { days: { '2026-11-23': { date: '2026-11-23' } } },
      centro: { days: { '2026-11-23': { date: '2026-11-23' } } },
    },
  },
  Classes: {
    c1: { date: '2026-11-23', hour: '07:00', capacity: 20, coach: 'carlos' },
    // Nadia's class, taken over by Lucía (a substitute).
    c2: { date: '2026-11-23', hour: '09:00', capacity: 20, coach: 'nadia', substitute: 'lucia' },
    // A class of Norte (a branch manager's).
    c3: { date: '2026-11-23', hour: '10:00', capacity: 20, coach: 'nadia', branch: 'norte' },
  },
  Payments: {
    cs_alice: { uid: 'alice', kind: 'credits', amount: 6500, status: 'paid' },
    cs_bob: { uid: 'bob', kind: 'credits', amount: 3000, status: 'paid' },
    cs_norte: { uid: 'bob', kind: 'credits', amount: 3000, status: 'paid', branch: 'norte' },
  },
  StripeEvents: { evt_1: { type: 'invoice.paid', outcome: 'processed' } },
  StripeCustomers: { alice: { customerId: 'cus_alice', claimedAt: 1 } },
  StripeCustomerUids: { cus_alice: 'alice' },
  StripeSubscriptions: { sub_1: { uid: 'alice', status: 'active' } },
  SubscriptionGrants: { sub_1: { '1700000000': { uid: 'alice', credits: 30 } } },
  ClassRoster: {
    c1: {
      spots: { A1: true, A2: true },
      bookings: {
        alice: { bookingId: 'b1', uid: 'alice', spot: 'A1', bookedAt: 1, name: 'Alice' },
        'guest-b2': {
          bookingId: 'b2',
          uid: 'alice',
          spot: 'A2',
          bookedAt: 2,
          name: 'Alice',
          guestName: 'Ana',
        },
      },
      waitlist: { bob: { uid: 'bob', joinedAt: 2, seq: 0 } },
      waitlistSeq: 1,
      version: 2,
    },
    c2: {
      spots: { A1: true },
      bookings: { bob: { bookingId: 'b3', uid: 'bob', spot: 'A1', bookedAt: 3, name: 'Bob' } },
      version: 1,
    },
    c3: { spots: { A1: true }, bookings: { bob: { uid: 'bob', spot: 'A1' } }, version: 1 },
    // A roster whose class is gone: no coach teaches it.
    c9: { spots: { A1: true }, version: 1 },
  },
  UserClasses: { alice: { c1: { classId: 'c1', status: 'booked' } }, bob: { c1: { x: 1 } } },
  UserWaitlist: { bob: { c1: { classId: 'c1', status: 'waiting', position: 1 } } },
  CreditLedger: { alice: { 'use-b1': { type: 'use', delta: -1 } }, bob: { g: { delta: 5 } } },
  Attendance: { alice: { attended: 1, noShow: 0 } },
  Notifications: {
    alice: { n1: { type: 'promoted', messageKey: 'notifPromoted', at: 1, read: false } },
    bob: { n2: { type: 'general', messageKey: 'ok', at: 1, read: false } },
  },
  CalendarFeeds: { ['t'.repeat(43)]: { uid: 'alice', createdAt: 1 } },
  CalendarFeedTokens: {
    alice: { token: 't'.repeat(43), createdAt: 1 },
    bob: { token: 'b'.repeat(43), createdAt: 1 },
  },
  PushOutbox: {
    'promoted-b1-dev1': { kind: 'waitlist-promoted', uid: 'alice', status: 'sent', createdAt: 1 },
  },
  PushSubscriptions: {
    alice: { dev1: { endpoint: 'https://fcm.googleapis.com/fcm/send/a', device: 'Chrome' } },
    bob: { dev2: { endpoint: 'https://fcm.googleapis.com/fcm/send/b', device: 'Firefox' } },
  },
  PushDevices: { dev1: { uid: 'alice' } },
  ClassWatch: { c1: { startsAt: 1, seq: 1, watchers: { bob: { since: 1, seq: 1 } } } },
  UserWatches: { bob: { c1: { since: 1, startsAt: 1 } } },
  Secret: { x: 1 },
};

interface Case {
  area: string;
  who: Identity;
  operation: Operation;
  allowed: boolean;
}

const name = (who: Identity) =>
  who === null
    ? 'guest'
    : `${who.uid}${who.role ? ` (${who.role}${typeof who.claims?.['branch'] === 'string' ? ` of ${who.claims['branch']}` : ''})` : ''}`;
const byUid = (path: string, uid: string): Operation => where(path, 'uid', uid);

const cases: Case[] = [
  // Default deny.
  { area: 'default', who: admin, operation: read('/'), allowed: false },
  { area: 'default', who: alice, operation: read('Secret'), allowed: false },
  { area: 'default', who: admin, operation: write('Secret/y', 1), allowed: false },
  // Users: own record, staff reads, the fields a member may write and those it never may.
  { area: 'Users', who: alice, operation: read('Users/alice'), allowed: true },
  { area: 'Users', who: bob, operation: read('Users/alice'), allowed: false },
  { area: 'Users', who: guest, operation: read('Users/alice'), allowed: false },
  // Coaches name members from the roster, never from the profile
  // (docs/architecture/roles-and-rules.md#roles).
  { area: 'Users', who: coach, operation: read('Users/alice'), allowed: false },
  { area: 'Users', who: coach, operation: read('Users/alice/Name'), allowed: false },
  { area: 'Users', who: coach, operation: read('Users/alice/Email'), allowed: false },
  { area: 'Users', who: admin, operation: read('Users'), allowed: true },
  { area: 'Users', who: alice, operation: read('Users'), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: patch('', {
      'Users/alice/Name': 'Alicia',
      'UserDirectory/alice/name': 'Alicia',
      'UserDirectory/alice/nameKey': 'alicia',
    }),
    allowed: true,
  },
  // The admins' directory shows the mirror: a profile field changed without it would leave the
  // old name (or someone else's) on the admins' row.
  { area: 'Users', who: alice, operation: write('Users/alice/Name', 'Alicia'), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Email', 'mallory@evil.example'),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/Name', null), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: patch('', {
      'Users/alice/Name': 'Mallory',
      'UserDirectory/alice/name': 'Alice Smith',
      'UserDirectory/alice/nameKey': 'alice smith',
    }),
    allowed: false,
  },
  // The search key is the name's, not free text.
  {
    area: 'Users',
    who: alice,
    operation: patch('', {
      'Users/alice/Name': 'Mallory',
      'UserDirectory/alice/name': 'Mallory',
      'UserDirectory/alice/nameKey': 'alice smith',
    }),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('UserDirectory/alice/emailKey', 'bob@demo.studio'),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/Name', 42), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Name', 'x'.repeat(101)),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Phone', '+52 81 0000 0000'),
    allowed: false,
  },
  // A member's photo comes from the studio's storage, in their own avatar folder, or is a data
  // URL: a link elsewhere would tell its owner who opened the profile, and when.
  {
    area: 'Users',
    who: alice,
    operation: write(
      'Users/alice/Img',
      'https://firebasestorage.googleapis.com/v0/b/demo-studio.firebasestorage.app/o/members%2Falice%2Favatar%2Fabcdef%2F192.webp?alt=media&token=0f1e-2d3c',
    ),
    allowed: true,
  },
  {
    area: 'Users',
    who: alice,
    operation: write(
      'Users/alice/Img',
      'http://127.0.0.1:9199/v0/b/demo-studio.firebasestorage.app/o/members%2Falice%2Favatar%2Fabcdef%2F192.webp?alt=media',
    ),
    allowed: true,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Img', 'data:image/webp;base64,UklGRhIAAABXRUJQ'),
    allowed: true,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Img', 'https://x/y.png'),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write(
      'Users/alice/Img',
      'https://firebasestorage.googleapis.com/v0/b/demo-studio.firebasestorage.app/o/members%2Fbob%2Favatar%2Fabcdef%2F192.webp?alt=media',
    ),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write(
      'Users/alice/Img',
      'https://firebasestorage.googleapis.com.evil.example/v0/b/x/o/members%2Falice%2Favatar%2Fa?alt=media',
    ),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Img', 'data:image/svg+xml;base64,PHN2Zz4='),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/Conditions', true), allowed: true },
  { area: 'Users', who: alice, operation: write('Users/alice/Conditions', 'yes'), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: patch('Users/alice', { Conditions: true, ConditionsAt: serverTimestamp() }),
    allowed: true,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/ConditionsAt', 5), allowed: false },
  { area: 'Users', who: alice, operation: write('Users/alice/LastSeen', '21:05'), allowed: true },
  // The language the app keeps on the profile (saveLang); `Preferences` is gone
  // (docs/architecture/roles-and-rules.md#what-a-client-may-write).
  { area: 'Users', who: alice, operation: patch('Users/alice', { Lang: 'es' }), allowed: true },
  { area: 'Users', who: alice, operation: write('Users/alice/Lang', 'en'), allowed: true },
  { area: 'Users', who: alice, operation: write('Users/alice/Lang', 'fr'), allowed: false },
  { area: 'Users', who: alice, operation: write('Users/alice/Lang', 1), allowed: false },
  { area: 'Users', who: bob, operation: write('Users/alice/Lang', 'es'), allowed: false },
  // The home branch the app writes at registration: a key-shaped id, the member's own only.
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/homeBranch', 'norte'),
    allowed: true,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/homeBranch', 'centro/name'),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/homeBranch', ''), allowed: false },
  { area: 'Users', who: alice, operation: write('Users/alice/homeBranch', 7), allowed: false },
  { area: 'Users', who: bob, operation: write('Users/alice/homeBranch', 'norte'), allowed: false },
  // "My cut-off": a whole number of hours, 1 … 48, on the member's own profile.
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/PromotionCutoffHours', 6),
    allowed: true,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/PromotionCutoffHours', 48),
    allowed: true,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/PromotionCutoffHours', null),
    allowed: true,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/PromotionCutoffHours', 0),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/PromotionCutoffHours', 49),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/PromotionCutoffHours', 2.5),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/PromotionCutoffHours', '6'),
    allowed: false,
  },
  {
    area: 'Users',
    who: bob,
    operation: write('Users/alice/PromotionCutoffHours', 6),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Preferences/lang', 'es'),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Preferences', 'x'.repeat(5 * 1024 * 1024)),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write(
      'Users/alice/Preferences',
      Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, true])),
    ),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/Credits', 3), allowed: true },
  { area: 'Users', who: alice, operation: write('Users/alice/Credits', 100), allowed: false },
  { area: 'Users', who: alice, operation: write('Users/alice/Credits', 0), allowed: false },
  { area: 'Users', who: alice, operation: write('Users/alice/Admin', true), allowed: false },
  { area: 'Users', who: alice, operation: write('Users/alice/Admin', 'Coach'), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/credits-list/c2', { kind: 'regular' }),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/activeSuscription', true),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/activeSuscriptionId', 'sub_1'),
    allowed: false,
  },
  // The plan's state is the webhook's mirror: the member reads it, nobody writes it.
  { area: 'Users', who: alice, operation: read('Users/alice/plan-state'), allowed: true },
  { area: 'Users', who: bob, operation: read('Users/alice/plan-state'), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/plan-state', {
      subscriptionId: 'sub_1',
      status: 'active',
      updatedAt: 1,
    }),
    allowed: false,
  },
  // The plan and its fees: the member reads them; only the functions write.
  { area: 'Users', who: alice, operation: read('Users/alice/membership'), allowed: true },
  { area: 'Users', who: bob, operation: read('Users/alice/membership'), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/membership', { planId: 'unlimited', status: 'active' }),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: read('Users/alice/plan-fees'), allowed: true },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/plan-fees/late-b1', { status: 'charged' }),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/Unknown', 1), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: patch('Users/alice', { Name: 'Ok', Unknown: 'x' }),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/Img', 'x'.repeat(2001)),
    allowed: false,
  },
  { area: 'Users', who: alice, operation: write('Users/alice/Name', { a: 'b' }), allowed: false },
  { area: 'Users', who: alice, operation: write('Users/alice', { Name: 'Reset' }), allowed: false },
  { area: 'Users', who: bob, operation: write('Users/alice/Name', 'Mallory'), allowed: false },
  { area: 'Users', who: guest, operation: write('Users/alice/Name', 'Mallory'), allowed: false },
  { area: 'Users', who: admin, operation: write('Users/alice/Credits', 99), allowed: false },
  {
    area: 'Users',
    who: alice,
    operation: patch('Users/alice', { Name: 'Ok', Credits: 50 }),
    allowed: false,
  },
  // Registration: the member creates their own record once, with the spec's defaults only, and
  // its directory mirror in the same update (a record alone would leave the admins no row).
  {
    area: 'Users',
    who: newcomer,
    operation: patch('', {
      'Users/newcomer': {
        Name: 'New',
        Email: 'n@x.y',
        Admin: false,
        Credits: 0,
        Conditions: false,
      },
      'UserDirectory/newcomer/name': 'New',
      'UserDirectory/newcomer/email': 'n@x.y',
      'UserDirectory/newcomer/nameKey': 'new',
      'UserDirectory/newcomer/emailKey': 'n@x.y',
    }),
    allowed: true,
  },
  // … with the site's branch as their home (the app's registration).
  {
    area: 'Users',
    who: newcomer,
    operation: patch('', {
      'Users/newcomer/Name': 'New',
      'Users/newcomer/homeBranch': 'centro',
      'UserDirectory/newcomer/name': 'New',
      'UserDirectory/newcomer/nameKey': 'new',
    }),
    allowed: true,
  },
  {
    area: 'Users',
    who: newcomer,
    operation: write('Users/newcomer', {
      Name: 'New',
      Email: 'n@x.y',
      Admin: false,
      Credits: 0,
      Conditions: false,
    }),
    allowed: false,
  },
  {
    area: 'Users',
    who: newcomer,
    operation: write('Users/newcomer', { Name: 'New', Admin: true }),
    allowed: false,
  },
  {
    area: 'Users',
    who: newcomer,
    operation: write('Users/newcomer', { Name: 'New', Credits: 10 }),
    allowed: false,
  },
  {
    area: 'Users',
    who: newcomer,
    operation: write('Users/newcomer', { Name: 'New', 'credits-list': { c: { kind: 'regular' } } }),
    allowed: false,
  },
  {
    area: 'Users',
    who: newcomer,
    operation: write('Users/newcomer', { Name: 'New', Email: 'n@x.y', Nickname: 'x' }),
    allowed: false,
  },
  // The record itself is an object of known fields: not a bare value of any size.
  { area: 'Users', who: newcomer, operation: write('Users/newcomer', 'x'), allowed: false },
  {
    area: 'Users',
    who: newcomer,
    operation: write('Users/newcomer', 'x'.repeat(1024 * 1024)),
    allowed: false,
  },
  { area: 'Users', who: newcomer, operation: write('Users/newcomer', 42), allowed: false },
  { area: 'Users', who: newcomer, operation: write('Users/newcomer', true), allowed: false },
  { area: 'Users', who: newcomer, operation: write('Users/newcomer/Credits', 0), allowed: true },
  { area: 'Users', who: newcomer, operation: write('Users/newcomer/Credits', 5), allowed: false },
  // Reports: admins read; a signed-in user with no Name writes their own `Uid`.
  { area: 'Reports', who: admin, operation: read('Reports'), allowed: true },
  { area: 'Reports', who: coach, operation: read('Reports'), allowed: false },
  { area: 'Reports', who: nameless, operation: read('Reports/carol'), allowed: false },
  {
    area: 'Reports',
    who: nameless,
    operation: patch('Reports/carol', { Uid: 'carol' }),
    allowed: true,
  },
  {
    area: 'Reports',
    who: nameless,
    operation: write('Reports/carol', { Uid: 'carol' }),
    allowed: true,
  },
  {
    area: 'Reports',
    who: alice,
    operation: write('Reports/alice', { Uid: 'alice' }),
    allowed: false,
  },
  {
    area: 'Reports',
    who: nameless,
    operation: write('Reports/carol', { Uid: 'alice' }),
    allowed: false,
  },
  {
    area: 'Reports',
    who: nameless,
    operation: write('Reports/alice', { Uid: 'alice' }),
    allowed: false,
  },
  {
    area: 'Reports',
    who: nameless,
    operation: write('Reports/carol', { Uid: 'carol', Note: 'x' }),
    allowed: false,
  },
  { area: 'Reports', who: nameless, operation: write('Reports/carol', 'carol'), allowed: false },
  { area: 'Reports', who: nameless, operation: del('Reports/ghost'), allowed: false },
  {
    area: 'Reports',
    who: guest,
    operation: write('Reports/carol', { Uid: 'carol' }),
    allowed: false,
  },
  // DateService: own read; written only by stampServerTime.
  { area: 'DateService', who: alice, operation: read('DateService/alice'), allowed: true },
  { area: 'DateService', who: bob, operation: read('DateService/alice'), allowed: false },
  { area: 'DateService', who: alice, operation: write('DateService/alice/Ts', 5), allowed: false },
  // Public catalogue: anyone reads; even admins write only through saveCatalogItem.
  { area: 'SuscriptionPrices', who: guest, operation: read('SuscriptionPrices'), allowed: true },
  {
    area: 'SuscriptionPrices',
    who: alice,
    operation: write('SuscriptionPrices/0/Precio', 1),
    allowed: false,
  },
  {
    area: 'SuscriptionPrices',
    who: admin,
    operation: write('SuscriptionPrices/0/Precio', 35),
    allowed: false,
  },
  { area: 'Shop', who: guest, operation: read('Shop/Categorias'), allowed: true },
  { area: 'Shop', who: coach, operation: write('Shop/Ropa/p2', { Name: 'Cap' }), allowed: false },
  { area: 'Shop', who: admin, operation: write('Shop/Ropa/p2', { Name: 'Cap' }), allowed: false },
  { area: 'Shop', who: admin, operation: write('Shop/TagsProducts/r1', ['x']), allowed: false },
  { area: 'Settings', who: guest, operation: read('Settings'), allowed: true },
  { area: 'Settings', who: alice, operation: write('Settings/timeZone', 'UTC'), allowed: false },
  // Even an admin: settings change only where they are validated and audited
  // (docs/architecture/roles-and-rules.md#what-a-client-may-write).
  { area: 'Settings', who: admin, operation: write('Settings/timeZone', 'UTC'), allowed: false },
  { area: 'Settings', who: admin, operation: write('Settings', { x: 1 }), allowed: false },
  { area: 'Settings', who: coach, operation: write('Settings/timeZone', 'UTC'), allowed: false },
  // Turning guest seats off goes through saveCatalogItem too.
  {
    area: 'Settings',
    who: admin,
    operation: write('Settings/guestBookingsEnabled', false),
    allowed: false,
  },
  { area: 'Settings', who: alice, operation: write('Settings/guestsPerMember', 5), allowed: false },
  // Studio branding: guests read it (contacto, sobre-nosotros); writes only through
  // saveCatalogItem, which checks the colour's contrast and audits.
  { area: 'Studio', who: guest, operation: read('Studio'), allowed: true },
  { area: 'Studio', who: alice, operation: read('Studio/name'), allowed: true },
  { area: 'Studio', who: alice, operation: write('Studio/name', 'Mine'), allowed: false },
  { area: 'Studio', who: coach, operation: write('Studio/phone', '1'), allowed: false },
  {
    area: 'Studio',
    who: admin,
    operation: write('Studio/primaryColor', '#ffff00'),
    allowed: false,
  },
  { area: 'Studio', who: guest, operation: write('Studio', { name: 'X' }), allowed: false },
  // Public schedule and catalogue: anyone reads; writes only through functions.
  ...(
    ['Branches', 'Coaches', 'Exercises', 'SeatLayouts', 'Packages', 'Events', 'Plans'] as const
  ).flatMap((area): Case[] => [
    { area, who: guest, operation: read(area), allowed: true },
    { area, who: alice, operation: write(`${area}/x1`, { name: 'X' }), allowed: false },
    { area, who: coach, operation: write(`${area}/x1`, { name: 'X' }), allowed: false },
    { area, who: admin, operation: write(`${area}/x1`, { name: 'X' }), allowed: false },
  ]),
  // Audit log: admins read; nobody writes from a client (saveCatalogItem, setUserRole do).
  { area: 'AuditLog', who: admin, operation: read('AuditLog'), allowed: true },
  { area: 'AuditLog', who: coach, operation: read('AuditLog'), allowed: false },
  { area: 'AuditLog', who: alice, operation: read('AuditLog/a1'), allowed: false },
  { area: 'AuditLog', who: guest, operation: read('AuditLog'), allowed: false },
  { area: 'AuditLog', who: admin, operation: write('AuditLog/a2', { at: 1 }), allowed: false },
  {
    area: 'AuditLog',
    who: admin,
    operation: del('AuditLog/a1'),
    allowed: false,
  },
  // The e-mail outbox: admins read (status per mail); only the functions write.
  // Insights: admins read the nightly rollups; only the job writes them.
  { area: 'Insights', who: admin, operation: read('Insights/days'), allowed: true },
  { area: 'Insights', who: admin, operation: read('Insights/months/2026-11'), allowed: true },
  { area: 'Insights', who: coach, operation: read('Insights/days'), allowed: false },
  { area: 'Insights', who: alice, operation: read('Insights/days/2026-11-23'), allowed: false },
  { area: 'Insights', who: guest, operation: read('Insights'), allowed: false },
  {
    area: 'Insights',
    who: admin,
    operation: write('Insights/days/2026-11-23/members/active', 99),
    allowed: false,
  },
  { area: 'Insights', who: admin, operation: del('Insights/months/2026-11'), allowed: false },
  { area: 'Imports', who: admin, operation: read('ImportMappings/mindbody'), allowed: true },
  { area: 'Imports', who: admin, operation: read('ImportRuns'), allowed: true },
  { area: 'Imports', who: admin, operation: read('ImportedHistory'), allowed: true },
  { area: 'Imports', who: alice, operation: read('ImportedHistory/alice'), allowed: true },
  { area: 'Imports', who: alice, operation: read('ImportedHistory/bob'), allowed: false },
  { area: 'Imports', who: coach, operation: read('ImportMappings'), allowed: false },
  { area: 'Imports', who: alice, operation: read('ImportRuns/r1'), allowed: false },
  {
    area: 'Imports',
    who: admin,
    operation: write('ImportMappings/mindbody/dateOrder', 'dmy'),
    allowed: false,
  },
  {
    area: 'Imports',
    who: alice,
    operation: write('ImportedHistory/alice/attended', 999),
    allowed: false,
  },
  { area: 'MailOutbox', who: admin, operation: read('MailOutbox'), allowed: true },
  { area: 'MailOutbox', who: coach, operation: read('MailOutbox'), allowed: false },
  { area: 'MailOutbox', who: alice, operation: read('MailOutbox/booked-b1'), allowed: false },
  { area: 'MailOutbox', who: guest, operation: read('MailOutbox'), allowed: false },
  {
    area: 'MailOutbox',
    who: admin,
    operation: write('MailOutbox/booked-b1/status', 'retrying'),
    allowed: false,
  },
  {
    area: 'MailOutbox',
    who: alice,
    operation: write('MailOutbox/welcome-alice', { kind: 'welcome', uid: 'alice' }),
    allowed: false,
  },
  { area: 'MailOutbox', who: admin, operation: del('MailOutbox/booked-b1'), allowed: false },
  { area: 'Classes', who: guest, operation: read('Classes'), allowed: true },
  { area: 'Classes', who: alice, operation: write('Classes/c1/capacity', 99), allowed: false },
  { area: 'Classes', who: admin, operation: write('Classes/c1/capacity', 99), allowed: false },
  // Coupon redemptions: a member reads their own, admins all; writes only by functions.
  {
    area: 'CodeCloudStore',
    who: alice,
    operation: read('CodeCloudStore/WELCOME10/alice'),
    allowed: true,
  },
  {
    area: 'CodeCloudStore',
    who: alice,
    operation: read('CodeCloudStore/WELCOME10/bob'),
    allowed: false,
  },
  { area: 'CodeCloudStore', who: alice, operation: read('CodeCloudStore'), allowed: false },
  { area: 'CodeCloudStore', who: admin, operation: read('CodeCloudStore'), allowed: true },
  {
    area: 'CodeCloudStore',
    who: alice,
    operation: del('CodeCloudStore/WELCOME10/alice'),
    allowed: false,
  },
  // Payments: admins read all; a member reads their own by id or through the uid query.
  { area: 'Payments', who: admin, operation: read('Payments'), allowed: true },
  { area: 'Payments', who: alice, operation: read('Payments'), allowed: false },
  { area: 'Payments', who: alice, operation: read('Payments/cs_alice'), allowed: true },
  { area: 'Payments', who: alice, operation: read('Payments/cs_bob'), allowed: false },
  { area: 'Payments', who: guest, operation: read('Payments/cs_alice'), allowed: false },
  { area: 'Payments', who: alice, operation: byUid('Payments', 'alice'), allowed: true },
  { area: 'Payments', who: alice, operation: byUid('Payments', 'bob'), allowed: false },
  // The front desk: one member's payments by the uid query (a cash sale to refund), not the list.
  { area: 'Payments', who: staff, operation: byUid('Payments', 'alice'), allowed: true },
  { area: 'Payments', who: staff, operation: read('Payments'), allowed: false },
  { area: 'Payments', who: staff, operation: where('Payments', 'createdAt', '1'), allowed: false },
  { area: 'Payments', who: coach, operation: byUid('Payments', 'alice'), allowed: false },
  {
    area: 'Payments',
    who: alice,
    operation: write('Payments/cs_new', { uid: 'alice', status: 'paid' }),
    allowed: false,
  },
  {
    area: 'Payments',
    who: admin,
    operation: write('Payments/cs_alice/status', 'x'),
    allowed: false,
  },
  // Stripe bookkeeping: functions only, no client reads or writes, not even admins.
  ...[
    'StripeEvents/evt_1',
    'StripeCustomers/alice',
    'StripeCustomerUids/cus_alice',
    'SubscriptionGrants/sub_1',
  ].flatMap((path): Case[] => [
    { area: 'Stripe bookkeeping', who: alice, operation: read(path), allowed: false },
    { area: 'Stripe bookkeeping', who: admin, operation: read(path), allowed: false },
    { area: 'Stripe bookkeeping', who: admin, operation: write(path, { x: 1 }), allowed: false },
  ]),
  // Subscription statuses: admins read them (admin-suscripcion,
  // docs/architecture/admin-and-audit.md#people-and-money); nobody writes.
  {
    area: 'StripeSubscriptions',
    who: admin,
    operation: read('StripeSubscriptions'),
    allowed: true,
  },
  {
    area: 'StripeSubscriptions',
    who: alice,
    operation: read('StripeSubscriptions/sub_1'),
    allowed: false,
  },
  {
    area: 'StripeSubscriptions',
    who: coach,
    operation: read('StripeSubscriptions'),
    allowed: false,
  },
  {
    area: 'StripeSubscriptions',
    who: admin,
    operation: write('StripeSubscriptions/sub_1', { x: 1 }),
    allowed: false,
  },
  // Memberships and bulk freezes: admins read (plan screens); nobody writes. Intro claims: no one.
  ...(['Memberships', 'BulkFreezes'] as const).flatMap((area): Case[] => [
    { area, who: admin, operation: read(area), allowed: true },
    { area, who: alice, operation: read(area), allowed: false },
    { area, who: coach, operation: read(area), allowed: false },
    { area, who: guest, operation: read(area), allowed: false },
    { area, who: admin, operation: write(`${area}/x1`, { uid: 'alice' }), allowed: false },
  ]),
  {
    area: 'Memberships',
    who: alice,
    operation: read('Memberships/sub_1'),
    allowed: false,
  },
  { area: 'IntroClaims', who: admin, operation: read('IntroClaims'), allowed: false },
  { area: 'IntroClaims', who: alice, operation: read('IntroClaims/u-alice'), allowed: false },
  {
    area: 'IntroClaims',
    who: alice,
    operation: del('IntroClaims/u-alice'),
    allowed: false,
  },
  // Coupons: admins read (crear-cupones); members see a coupon's effect only through previewPrice.
  { area: 'Coupons', who: admin, operation: read('Coupons'), allowed: true },
  { area: 'Coupons', who: alice, operation: read('Coupons/WELCOME10'), allowed: false },
  { area: 'Coupons', who: coach, operation: read('Coupons'), allowed: false },
  { area: 'Coupons', who: guest, operation: read('Coupons'), allowed: false },
  {
    area: 'Coupons',
    who: admin,
    operation: write('Coupons/WELCOME10', { code: 'WELCOME10', percentOff: 50 }),
    allowed: false,
  },
  // CouponRedemptions: admins page one coupon's (crear-cupones); only the webhook writes.
  {
    area: 'CouponRedemptions',
    who: admin,
    operation: read('CouponRedemptions/WELCOME10'),
    allowed: true,
  },
  {
    area: 'CouponRedemptions',
    who: alice,
    operation: read('CouponRedemptions/WELCOME10/cs_1'),
    allowed: false,
  },
  { area: 'CouponRedemptions', who: coach, operation: read('CouponRedemptions'), allowed: false },
  { area: 'CouponRedemptions', who: guest, operation: read('CouponRedemptions'), allowed: false },
  {
    area: 'CouponRedemptions',
    who: admin,
    operation: write('CouponRedemptions/WELCOME10/cs_9', { uid: 'alice', discount: 1, at: 2 }),
    allowed: false,
  },
  {
    area: 'CouponRedemptions',
    who: alice,
    operation: write('CouponRedemptions/WELCOME10/cs_1/counted', false),
    allowed: false,
  },
  // Class templates (plantilla-date): admins read; writes only through saveClassTemplate.
  { area: 'ClassTemplates', who: admin, operation: read('ClassTemplates'), allowed: true },
  { area: 'ClassTemplates', who: coach, operation: read('ClassTemplates'), allowed: false },
  { area: 'ClassTemplates', who: alice, operation: read('ClassTemplates/week'), allowed: false },
  { area: 'ClassTemplates', who: guest, operation: read('ClassTemplates'), allowed: false },
  {
    area: 'ClassTemplates',
    who: admin,
    operation: write('ClassTemplates/week', { name: 'Edited', rows: {} }),
    allowed: false,
  },
  // Bookings: which spots are taken is public, who took them is staff-only
  // (docs/architecture/booking.md#seat-first-then-credit).
  { area: 'ClassRoster', who: guest, operation: read('ClassRoster/c1/spots'), allowed: true },
  { area: 'ClassRoster', who: alice, operation: read('ClassRoster/c1/spots'), allowed: true },
  { area: 'ClassRoster', who: guest, operation: read('ClassRoster/c1'), allowed: false },
  { area: 'ClassRoster', who: alice, operation: read('ClassRoster/c1'), allowed: false },
  {
    area: 'ClassRoster',
    who: alice,
    operation: read('ClassRoster/c1/bookings/alice'),
    allowed: false,
  },
  { area: 'ClassRoster', who: bob, operation: read('ClassRoster/c1/waitlist'), allowed: false },
  { area: 'ClassRoster', who: coach, operation: read('ClassRoster/c1'), allowed: true },
  // What a coach's class list names a member by: the booking's name, from the roster.
  {
    area: 'ClassRoster',
    who: coach,
    operation: read('ClassRoster/c1/bookings/alice/name'),
    allowed: true,
  },
  // A guest seat ("bring a friend") sits in the roster like any booking: the coach's list reads
  // the guest's name; nobody writes one but the functions (docs/architecture/booking.md#guest-seats).
  {
    area: 'ClassRoster',
    who: coach,
    operation: read('ClassRoster/c1/bookings/guest-b2/guestName'),
    allowed: true,
  },
  {
    area: 'ClassRoster',
    who: alice,
    operation: read('ClassRoster/c1/bookings/guest-b2'),
    allowed: false,
  },
  {
    area: 'ClassRoster',
    who: alice,
    operation: write('ClassRoster/c1/bookings/guest-b9', { uid: 'alice', guestName: 'Eve' }),
    allowed: false,
  },
  {
    area: 'ClassRoster',
    who: coach,
    operation: write('ClassRoster/c1/bookings/guest-b2/attendance', 'attended'),
    allowed: false,
  },
  { area: 'ClassRoster', who: admin, operation: read('ClassRoster'), allowed: true },
  // A coach reads the rosters of the classes they teach or substitute, and no other
  // (docs/architecture/roles-and-rules.md#roles); the front desk reads every class's.
  { area: 'ClassRoster', who: coach, operation: read('ClassRoster'), allowed: false },
  { area: 'ClassRoster', who: coach, operation: read('ClassRoster/c2'), allowed: false },
  {
    area: 'ClassRoster',
    who: coach,
    operation: read('ClassRoster/c2/bookings/bob'),
    allowed: false,
  },
  { area: 'ClassRoster', who: coach, operation: read('ClassRoster/c9'), allowed: false },
  { area: 'ClassRoster', who: otherCoach, operation: read('ClassRoster/c1'), allowed: false },
  {
    area: 'ClassRoster',
    who: otherCoach,
    operation: read('ClassRoster/c1/bookings/alice/name'),
    allowed: false,
  },
  { area: 'ClassRoster', who: otherCoach, operation: read('ClassRoster/c2'), allowed: true },
  { area: 'ClassRoster', who: otherCoach, operation: read('ClassRoster/c1/spots'), allowed: true },
  { area: 'ClassRoster', who: staff, operation: read('ClassRoster'), allowed: true },
  { area: 'ClassRoster', who: staff, operation: read('ClassRoster/c2/bookings'), allowed: true },
  {
    area: 'ClassRoster',
    who: staff,
    operation: write('ClassRoster/c1/bookings/alice/attendance', 'attended'),
    allowed: false,
  },
  {
    area: 'ClassRoster',
    who: alice,
    operation: write('ClassRoster/c1/spots/B1', true),
    allowed: false,
  },
  {
    area: 'ClassRoster',
    who: admin,
    operation: write('ClassRoster/c1/bookings/bob', { uid: 'bob' }),
    allowed: false,
  },
  // A member's own booking views, ledger and attendance: read own, never write.
  ...(['UserClasses', 'UserWaitlist', 'CreditLedger', 'Attendance'] as const).flatMap(
    (area): Case[] => [
      { area, who: alice, operation: read(`${area}/alice`), allowed: true },
      { area, who: bob, operation: read(`${area}/alice`), allowed: false },
      { area, who: guest, operation: read(`${area}/alice`), allowed: false },
      { area, who: alice, operation: read(area), allowed: false },
      { area, who: admin, operation: read(area), allowed: true },
      {
        area,
        who: alice,
        operation: write(`${area}/alice/x1`, { status: 'booked' }),
        allowed: false,
      },
      {
        area,
        who: admin,
        operation: write(`${area}/alice/x1`, { status: 'booked' }),
        allowed: false,
      },
    ],
  ),
  // A coach sees the marks of a class in its roster, not a member's whole history
  // (docs/architecture/roles-and-rules.md#roles).
  { area: 'Attendance', who: coach, operation: read('Attendance/alice'), allowed: false },
  { area: 'Attendance', who: coach, operation: read('Attendance'), allowed: false },
  { area: 'UserClasses', who: coach, operation: read('UserClasses/alice'), allowed: false },
  // The member's guest seats are on their own entry: read by them, written by the functions only.
  {
    area: 'UserClasses',
    who: alice,
    operation: read('UserClasses/alice/c1/guests'),
    allowed: true,
  },
  { area: 'UserClasses', who: bob, operation: read('UserClasses/alice/c1/guests'), allowed: false },
  {
    area: 'UserClasses',
    who: alice,
    operation: write('UserClasses/alice/c1/guests/b9', { name: 'Eve', status: 'booked' }),
    allowed: false,
  },
  // Notifications: read own; mark one's own read, nothing else.
  { area: 'Notifications', who: alice, operation: read('Notifications/alice'), allowed: true },
  { area: 'Notifications', who: bob, operation: read('Notifications/alice'), allowed: false },
  { area: 'Notifications', who: admin, operation: read('Notifications'), allowed: false },
  {
    area: 'Notifications',
    who: alice,
    operation: write('Notifications/alice/n1/read', true),
    allowed: true,
  },
  {
    area: 'Notifications',
    who: alice,
    operation: write('Notifications/alice/n1/read', false),
    allowed: false,
  },
  {
    area: 'Notifications',
    who: bob,
    operation: write('Notifications/alice/n1/read', true),
    allowed: false,
  },
  {
    area: 'Notifications',
    who: alice,
    operation: write('Notifications/alice/nope/read', true),
    allowed: false,
  },
  {
    area: 'Notifications',
    who: alice,
    operation: write('Notifications/alice/n1/messageKey', 'ok'),
    allowed: false,
  },
  {
    area: 'Notifications',
    who: alice,
    operation: del('Notifications/alice/n1'),
    allowed: false,
  },
  {
    area: 'Notifications',
    who: alice,
    operation: del('Notifications/alice/n1/read'),
    allowed: false,
  },
  {
    area: 'Notifications',
    who: alice,
    operation: write('Notifications/alice/n9', { type: 'general', read: true }),
    allowed: false,
  },
  {
    area: 'Notifications',
    who: alice,
    operation: write('Notifications/alice/n1/read', { a: true }),
    allowed: false,
  },
  // Functions-only parts of a member's record: credit records of bookings and the ledger outbox.
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/booking-credits/b9', { state: 'refunded' }),
    allowed: false,
  },
  {
    area: 'Users',
    who: alice,
    operation: write('Users/alice/ledger-outbox/x', { delta: 5 }),
    allowed: false,
  },
  // Mail preferences: a member turns their own kinds on and off, booleans only, and
  // has no switch for receipts and the studio's class cancellations.
  ...(
    [
      [alice, 'Users/alice/mail-preferences/class-reminder', false, true],
      [alice, 'Users/alice/mail-preferences/welcome', true, true],
      [bob, 'Users/alice/mail-preferences/class-reminder', false, false],
      [guest, 'Users/alice/mail-preferences/class-reminder', false, false],
      [admin, 'Users/alice/mail-preferences/class-reminder', false, false],
      [alice, 'Users/alice/mail-preferences/purchase-receipt', false, false],
      [alice, 'Users/alice/mail-preferences/class-cancelled', false, false],
      [alice, 'Users/alice/mail-preferences/no-such-kind', false, false],
      [alice, 'Users/alice/mail-preferences/class-reminder', 'off', false],
      // One switch per write: the whole node at once is refused.
      [alice, 'Users/alice/mail-preferences', { 'class-reminder': false }, false],
    ] as const
  ).map(([who, path, value, allowed]) => ({
    area: 'mail preferences',
    who,
    operation: write(path, value),
    allowed,
  })),
  {
    area: 'mail preferences',
    who: alice,
    operation: read('Users/alice/mail-preferences'),
    allowed: true,
  },
  {
    area: 'mail preferences',
    who: bob,
    operation: read('Users/alice/mail-preferences'),
    allowed: false,
  },
  // The member directory: admins read and query it; the member's own registration
  // mirrors the profile it writes in the same update; role, credits and plan are the functions'.
  { area: 'UserDirectory', who: admin, operation: read('UserDirectory'), allowed: true },
  { area: 'UserDirectory', who: admin, operation: read('UserDirectory/alice'), allowed: true },
  { area: 'UserDirectory', who: alice, operation: read('UserDirectory/alice'), allowed: false },
  { area: 'UserDirectory', who: alice, operation: read('UserDirectory'), allowed: false },
  { area: 'UserDirectory', who: coach, operation: read('UserDirectory'), allowed: false },
  // The front desk looks members up; it writes no entry.
  { area: 'UserDirectory', who: staff, operation: read('UserDirectory'), allowed: true },
  { area: 'UserDirectory', who: staff, operation: read('UserDirectory/alice'), allowed: true },
  {
    area: 'UserDirectory',
    who: staff,
    operation: write('UserDirectory/alice/name', 'Alice'),
    allowed: false,
  },
  { area: 'UserDirectory', who: guest, operation: read('UserDirectory/alice'), allowed: false },
  {
    area: 'UserDirectory',
    who: newcomer,
    operation: patch('', {
      'Users/newcomer/Name': 'Nía',
      'Users/newcomer/Email': 'nia@demo.studio',
      'Users/newcomer/Admin': false,
      'Users/newcomer/Credits': 0,
      'UserDirectory/newcomer/name': 'Nía',
      'UserDirectory/newcomer/email': 'nia@demo.studio',
      'UserDirectory/newcomer/phone': '',
      'UserDirectory/newcomer/nameKey': 'nia',
      'UserDirectory/newcomer/emailKey': 'nia@demo.studio',
      'UserDirectory/newcomer/phoneKey': '',
    }),
    allowed: true,
  },
  {
    area: 'UserDirectory',
    who: alice,
    operation: patch('', {
      'Users/alice/Phone': '+52 81 1234',
      'UserDirectory/alice/phone': '+52 81 1234',
      'UserDirectory/alice/phoneKey': '52811234',
    }),
    allowed: true,
  },
  // The profile's personal details removing the phone: the mirror says ''.
  {
    area: 'UserDirectory',
    who: bob,
    operation: patch('', {
      'Users/bob/Name': 'Roberto',
      'Users/bob/Phone': null,
      'UserDirectory/bob/name': 'Roberto',
      'UserDirectory/bob/nameKey': 'roberto',
      'UserDirectory/bob/phone': '',
      'UserDirectory/bob/phoneKey': '',
    }),
    allowed: true,
  },
  {
    area: 'UserDirectory',
    who: alice,
    operation: write('UserDirectory/alice/name', 'Ana Admin'),
    allowed: false,
  },
  {
    area: 'UserDirectory',
    who: bob,
    operation: write('UserDirectory/alice/name', 'Alice'),
    allowed: false,
  },
  {
    area: 'UserDirectory',
    who: alice,
    operation: write('UserDirectory/alice/nameKey', 'ALICE'),
    allowed: false,
  },
  {
    area: 'UserDirectory',
    who: alice,
    operation: write('UserDirectory/alice/phoneKey', '+52'),
    allowed: false,
  },
  // Validation does not run on deletes: a member must not drop out of the admins' search.
  {
    area: 'UserDirectory',
    who: alice,
    operation: write('UserDirectory/alice/nameKey', null),
    allowed: false,
  },
  {
    area: 'UserDirectory',
    who: alice,
    operation: write('UserDirectory/alice/name', null),
    allowed: false,
  },
  {
    area: 'UserDirectory',
    who: alice,
    operation: write('UserDirectory/alice/role', 'admin'),
    allowed: false,
  },
  {
    area: 'UserDirectory',
    who: alice,
    operation: write('UserDirectory/alice/credits', 99),
    allowed: false,
  },
  {
    area: 'UserDirectory',
    who: admin,
    operation: write('UserDirectory/alice/plan', 'active'),
    allowed: false,
  },
  // Calendar feed: a member reads only their own token; nobody reads the token → member
  // index or writes either (rotateCalendarFeed does).
  { area: 'calendar feed', who: alice, operation: read('CalendarFeedTokens/alice'), allowed: true },
  { area: 'calendar feed', who: bob, operation: read('CalendarFeedTokens/alice'), allowed: false },
  {
    area: 'calendar feed',
    who: admin,
    operation: read('CalendarFeedTokens/alice'),
    allowed: false,
  },
  { area: 'calendar feed', who: admin, operation: read('CalendarFeedTokens'), allowed: false },
  {
    area: 'calendar feed',
    who: guest,
    operation: read('CalendarFeedTokens/alice'),
    allowed: false,
  },
  {
    area: 'calendar feed',
    who: alice,
    operation: write('CalendarFeedTokens/alice', { token: 'x'.repeat(43), createdAt: 1 }),
    allowed: false,
  },
  {
    area: 'calendar feed',
    who: alice,
    operation: read(`CalendarFeeds/${'t'.repeat(43)}`),
    allowed: false,
  },
  { area: 'calendar feed', who: admin, operation: read('CalendarFeeds'), allowed: false },
  {
    area: 'calendar feed',
    who: bob,
    operation: write(`CalendarFeeds/${'b'.repeat(43)}`, { uid: 'alice', createdAt: 1 }),
    allowed: false,
  },
  // Push (docs/architecture/push.md): a member reads their own devices and watched classes;
  // admins read the push outbox; everything else is written by the functions only.
  { area: 'push', who: alice, operation: read('PushSubscriptions/alice'), allowed: true },
  { area: 'push', who: bob, operation: read('PushSubscriptions/alice'), allowed: false },
  { area: 'push', who: admin, operation: read('PushSubscriptions/alice'), allowed: false },
  {
    area: 'push',
    who: alice,
    operation: write('PushSubscriptions/alice/dev9', {
      endpoint: 'https://evil.example/x',
      device: 'x',
    }),
    allowed: false,
  },
  { area: 'push', who: alice, operation: del('PushSubscriptions/alice/dev1'), allowed: false },
  { area: 'push', who: alice, operation: read('PushDevices/dev1'), allowed: false },
  { area: 'push', who: admin, operation: read('PushDevices'), allowed: false },
  { area: 'push', who: admin, operation: read('PushOutbox'), allowed: true },
  { area: 'push', who: coach, operation: read('PushOutbox'), allowed: false },
  { area: 'push', who: alice, operation: read('PushOutbox/promoted-b1-dev1'), allowed: false },
  {
    area: 'push',
    who: admin,
    operation: write('PushOutbox/promoted-b1-dev1/status', 'pending'),
    allowed: false,
  },
  { area: 'push', who: bob, operation: read('UserWatches/bob'), allowed: true },
  { area: 'push', who: alice, operation: read('UserWatches/bob'), allowed: false },
  { area: 'push', who: bob, operation: write('UserWatches/bob/c2', { since: 1 }), allowed: false },
  { area: 'push', who: bob, operation: read('ClassWatch/c1'), allowed: false },
  {
    area: 'push',
    who: bob,
    operation: write('ClassWatch/c1/watchers/bob', { since: 0, seq: 0 }),
    allowed: false,
  },
  ...(
    [
      [alice, 'Users/alice/push-preferences/class-reminder', false, true],
      [alice, 'Users/alice/push-preferences/spot-opened', true, true],
      [bob, 'Users/alice/push-preferences/class-reminder', false, false],
      [admin, 'Users/alice/push-preferences/class-reminder', false, false],
      [alice, 'Users/alice/push-preferences/no-such-kind', false, false],
      [alice, 'Users/alice/push-preferences/class-reminder', 'off', false],
      [alice, 'Users/alice/push-preferences', { 'class-reminder': false }, false],
      [alice, 'Users/alice/push-quiet-hours', { enabled: true, from: '21:30', to: '06:45' }, true],
      [alice, 'Users/alice/push-quiet-hours', { enabled: false, from: '22:00', to: '07:00' }, true],
      [bob, 'Users/alice/push-quiet-hours', { enabled: true, from: '21:30', to: '06:45' }, false],
      [alice, 'Users/alice/push-quiet-hours', { enabled: true, from: '24:00', to: '07:00' }, false],
      [alice, 'Users/alice/push-quiet-hours', { enabled: true, from: '22:00' }, false],
      [
        alice,
        'Users/alice/push-quiet-hours',
        { enabled: true, from: '22:00', to: '07:00', x: 1 },
        false,
      ],
    ] as const
  ).map(([who, path, value, allowed]) => ({
    area: 'push preferences',
    who,
    operation: write(path, value),
    allowed,
  })),
];

// The front desk's nodes (core/src/desk): the written waiver, signatures, pay rates, passes.
cases.push(
  { area: 'front desk', who: guest, operation: read('Waivers'), allowed: true },
  { area: 'front desk', who: admin, operation: write('Waivers/current', 1), allowed: false },
  {
    area: 'front desk',
    who: admin,
    operation: write('Waivers/versions/1', { version: 1, text: { en: 'x', es: 'x' } }),
    allowed: false,
  },
  { area: 'front desk', who: alice, operation: read('WaiverSignatures/alice'), allowed: true },
  { area: 'front desk', who: bob, operation: read('WaiverSignatures/alice'), allowed: false },
  { area: 'front desk', who: coach, operation: read('WaiverSignatures'), allowed: false },
  { area: 'front desk', who: staff, operation: read('WaiverSignatures'), allowed: true },
  { area: 'front desk', who: admin, operation: read('WaiverSignatures/alice'), allowed: true },
  {
    area: 'front desk',
    who: alice,
    operation: write('WaiverSignatures/alice/s9', { version: 1, fullName: 'Alice' }),
    allowed: false,
  },
  {
    area: 'front desk',
    who: staff,
    operation: write('WaiverSignatures/alice/s9', { version: 1, fullName: 'Alice' }),
    allowed: false,
  },
  { area: 'front desk', who: admin, operation: read('CoachPayRates'), allowed: true },
  { area: 'front desk', who: staff, operation: read('CoachPayRates'), allowed: false },
  { area: 'front desk', who: coach, operation: read('CoachPayRates/carlos'), allowed: false },
  {
    area: 'front desk',
    who: admin,
    operation: write('CoachPayRates/carlos/r1', { exercise: '*' }),
    allowed: false,
  },
  { area: 'front desk', who: alice, operation: read('Users/alice/pass'), allowed: true },
  {
    area: 'front desk',
    who: alice,
    operation: write('Users/alice/pass', { id: 'x', code: 'SP1.alice.x.y', issuedAt: 1 }),
    allowed: false,
  },
  {
    area: 'front desk',
    who: alice,
    operation: write('Users/alice/waiver', { version: 1, signedAt: 1, signatureId: 's1' }),
    allowed: false,
  },
);

// Branch managers (docs/architecture/roles-and-rules.md#branch-managers): their branch's rosters,
// payments and class figures; members through the directory as the desk; nothing of the chain's.
const managerCases: [Identity, Operation, boolean][] = [
  [norteAdmin, read('ClassRoster/c3'), true],
  [norteDesk, read('ClassRoster/c3/bookings'), true],
  [norteAdmin, read('ClassRoster/c1'), false],
  [norteDesk, read('ClassRoster/c2/bookings'), false],
  [norteAdmin, read('ClassRoster'), false],
  [norteDesk, read('ClassRoster'), false],
  [staff, read('ClassRoster/c3'), true],
  [admin, read('ClassRoster/c3'), true],
  [norteAdmin, where('Payments', 'branch', 'norte'), true],
  [norteAdmin, where('Payments', 'branch', 'centro'), false],
  // A date range of their branch's payments, newest first (branch '~' time).
  [norteAdmin, within('Payments', 'branchCreatedAt', 'norte~0', 'norte~9'), true],
  [norteAdmin, within('Payments', 'branchCreatedAt', 'centro~0', 'centro~9'), false],
  [norteAdmin, within('Payments', 'branchCreatedAt', 'norte~0', 'sur~9'), false],
  [norteAdmin, within('Payments', 'branchCreatedAt', 'a', 'z'), false],
  [norteAdmin, within('Payments', 'createdAt', 'norte~0', 'norte~9'), false],
  [norteDesk, within('Payments', 'branchCreatedAt', 'norte~0', 'norte~9'), false],
  [admin, within('Payments', 'branchCreatedAt', 'norte~0', 'norte~9'), true],
  [norteAdmin, read('Payments'), false],
  [norteAdmin, where('Payments', 'createdAt', '1'), false],
  [norteAdmin, byUid('Payments', 'bob'), true],
  [norteDesk, where('Payments', 'branch', 'norte'), false],
  [staff, where('Payments', 'branch', 'norte'), false],
  [admin, where('Payments', 'branch', 'norte'), true],
  [norteAdmin, read('Insights/branches/norte'), true],
  [norteAdmin, read('Insights/branches/centro'), false],
  [norteAdmin, read('Insights/days'), false],
  [norteAdmin, read('Insights/branches'), false],
  [norteDesk, read('Insights/branches/norte'), false],
  [admin, read('Insights/branches/norte'), true],
  [admin, read('Insights/branches'), true],
  // Their branch's members list (home and visiting), not another's; members' details as the desk.
  [norteAdmin, read('BranchMembers/norte'), true],
  [norteDesk, read('BranchMembers/norte'), true],
  [norteAdmin, read('BranchMembers/centro'), false],
  [norteDesk, read('BranchMembers/centro'), false],
  [norteAdmin, read('BranchMembers'), false],
  [staff, read('BranchMembers/norte'), false],
  [coach, read('BranchMembers/norte'), false],
  [alice, read('BranchMembers/norte'), false],
  [admin, read('BranchMembers'), true],
  [admin, read('BranchMembers/norte'), true],
  [admin, write('BranchMembers/norte/alice', { visits: 1 }), false],
  [norteAdmin, write('BranchMembers/norte/alice', { visits: 1 }), false],
  [norteAdmin, read('UserDirectory'), true],
  [norteDesk, read('UserDirectory'), true],
  [norteAdmin, read('Users'), false],
  [norteAdmin, read('Users/bob'), false],
  [norteAdmin, read('AuditLog'), false],
  [norteAdmin, read('Coupons'), false],
  [norteAdmin, read('UserClasses'), false],
  [norteAdmin, read('CreditLedger'), false],
  [norteAdmin, read('ClassTemplates'), false],
  [norteAdmin, read('MailOutbox'), false],
  [norteAdmin, read('StripeSubscriptions'), false],
  [norteAdmin, write('Classes/c3/capacity', 30), false],
  [norteAdmin, write('Users/bob/Credits', 9), false],
  // Their own profile as a member's: the scope itself is the functions'.
  [
    { uid: 'alice', role: 'admin', claims: { branch: 'norte' } },
    write('Users/alice/branch-scope', 'centro'),
    false,
  ],
  [{ uid: 'alice', role: 'admin', claims: { branch: 'norte' } }, read('Users/alice'), true],
];
cases.push(
  ...managerCases.map(([who, operation, allowed]) => ({
    area: 'branch managers',
    who,
    operation,
    allowed,
  })),
);

let emulator: RtdbEmulator;
let adminDb: ReturnType<typeof adminDatabase>;

beforeAll(async () => {
  emulator = await startRtdbEmulator({ port: 0, rules: RULES_TEXT });
  adminDb = adminDatabase(emulator.port);
});

afterAll(async () => {
  await closeAll();
  await emulator.stop();
});

beforeEach(async () => {
  await adminDb.ref('/').set(fixture);
});

describe.each([...new Set(cases.map((c) => c.area))])('rules for %s', (area) => {
  it.each(
    cases
      .filter((c) => c.area === area)
      .map(
        (c) =>
          [
            c.allowed ? 'allows' : 'denies',
            name(c.who),
            c.operation.op,
            c.operation.path,
            c,
          ] as const,
      ),
  )('%s %s to %s %s', async (_verdict, _who, _op, _path, testCase) => {
    const before = (await adminDb.ref('/').get()).val() as unknown;
    const attempt = perform(clientDatabase(emulator.port, testCase.who), testCase.operation);
    if (testCase.allowed) {
      await expect(attempt).resolves.toBeUndefined();
    } else {
      await expect(attempt).rejects.toThrow(/permission denied/i);
      const after = (await adminDb.ref('/').get()).val() as unknown;
      expect(after).toEqual(before);
    }
  });
});

describe('rules for the waiver once the studio has written one', () => {
  const written = {
    ...fixture,
    Waivers: { current: 2 },
    Users: {
      ...fixture.Users,
      // Signed version 1 only: version 2 asks again.
      alice: { ...fixture.Users.alice, waiver: { version: 1, signedAt: 1, signatureId: 's1' } },
      bob: {
        ...fixture.Users.bob,
        Conditions: true,
        waiver: { version: 2, signedAt: 2, signatureId: 's2' },
      },
    },
  };

  beforeEach(async () => {
    await adminDb.ref('/').set(written);
  });

  it('refuses ACCEPT without a signature of the current version, and writes nothing', async () => {
    const before = (await adminDb.ref('/').get()).val() as unknown;
    await expect(
      perform(clientDatabase(emulator.port, alice), write('Users/alice/Conditions', true)),
    ).rejects.toThrow(/permission denied/i);
    expect((await adminDb.ref('/').get()).val()).toEqual(before);
  });

  it('lets a member who signed the current version keep Conditions true, and anyone clear it', async () => {
    await expect(
      perform(clientDatabase(emulator.port, bob), write('Users/bob/Conditions', true)),
    ).resolves.toBeUndefined();
    await expect(
      perform(clientDatabase(emulator.port, alice), write('Users/alice/Conditions', false)),
    ).resolves.toBeUndefined();
  });
});
