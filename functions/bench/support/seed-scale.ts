// The studio at scale, one definition for every benchmark that needs it:
// 10,000 members, two years of classes (8 a day) with their rosters and every member's
// `UserClasses`, 50,000 payments, 4,000 subscriptions with their granted periods, and every
// wallet — functions/test/support/insights-seed.ts writes those. `seedAdminStudio` adds what the
// admin screens show besides (functions/bench/admin-screens-seed.ts): the catalogue (packages of
// every kind, an event, coupons with their redemptions, a seat layout, plan prices), settings,
// each member's contact details, `Credits` and plan flags, the subscriptions' Stripe mirror, two
// years of check-in audit entries and 88 days of the e-mail outbox (the sweep keeps 90 days).
import type { Database } from 'firebase-admin/database';
import {
  DEFAULT_SETTINGS,
  addDays,
  formatDate,
  mailOutboxIds,
  couponSchema,
  eventSchema,
  packageSchema,
  paths,
  planStateOf,
  seatLayoutSchema,
  toEpoch,
} from '@studio/core';
import type { CouponRedemptionEntry, DateString, StripeSubscription } from '@studio/core';
import {
  SEED_BRANCHES,
  SEED_COACHES,
  SEED_COUPONS,
  SEED_EXERCISES,
  SEED_HOURS,
  seedInsightsStudio,
  seedUid,
} from '../../test/support/insights-seed';
import type { InsightsSeedOptions } from '../../test/support/insights-seed';
import { numberArg } from './harness';

export interface StudioScale {
  members: number;
  /** Days of classes and payments, up to yesterday. */
  days: number;
  payments: number;
  classesPerDay: number;
  /** Seats per class at most. */
  capacity: number;
  /** Members with a monthly plan. */
  subscriptions: number;
}

/** The studio at scale: 10,000 members, two years, 50,000 payments; 40 % subscribe. */
export const STUDIO_SCALE: StudioScale = {
  members: 10_000,
  days: 730,
  payments: 50_000,
  classesPerDay: 8,
  capacity: 20,
  subscriptions: 4_000,
};

/** `STUDIO_SCALE`, or another size from `--members N`, `--days N`, `--payments N`. */
export function scaleFromArgs(): StudioScale {
  const members = numberArg('--members', STUDIO_SCALE.members);
  return {
    ...STUDIO_SCALE,
    members,
    days: numberArg('--days', STUDIO_SCALE.days),
    payments: numberArg('--payments', STUDIO_SCALE.payments),
    subscriptions: Math.round(members * 0.4),
  };
}

/** The days the seed covers: `days` up to yesterday (the last night's rollup). */
export function scaleRange(
  scale: StudioScale,
  nowMs: number,
): { from: DateString; to: DateString } {
  const to = addDays(formatDate(nowMs), -1);
  return { from: addDays(to, -(scale.days - 1)), to };
}

function insightsOptions(
  scale: StudioScale,
  nowMs: number,
  onPayment?: InsightsSeedOptions['onPayment'],
  profile?: InsightsSeedOptions['profile'],
): InsightsSeedOptions {
  return {
    ...scaleRange(scale, nowMs),
    members: scale.members,
    classesPerDay: scale.classesPerDay,
    capacity: scale.capacity,
    payments: scale.payments,
    subscriptions: scale.subscriptions,
    ...(onPayment ? { onPayment } : {}),
    ...(profile ? { profile } : {}),
  };
}

/** The studio's history as the insights rollup reads it (functions/bench/insights-scale.ts). */
export async function seedScaleStudio(
  db: Database,
  scale: StudioScale,
  nowMs: number,
): Promise<void> {
  await seedInsightsStudio(db, insightsOptions(scale, nowMs));
}

const WRITE_BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Of every 10 subscriptions: 7 active, 1 past due, 2 cancelled. */
const PLAN_STATUSES = [
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'past_due',
  'canceled',
  'canceled',
] as const;
const subscriptionId = (s: number) => `sub_${String(s).padStart(6, '0')}`;

/** The seed's subscription s (member s's) as the webhook stores it. */
function stripeSubscriptionOf(s: number, members: number, nowMs: number): StripeSubscription {
  const status = PLAN_STATUSES[s % PLAN_STATUSES.length] ?? 'active';
  const uid = seedUid(s % members);
  return {
    uid,
    customerId: `cus_${uid}`,
    status,
    eventCreated: Math.floor((nowMs - 20 * DAY_MS) / 1000),
    currentPeriodEnd: nowMs + ((s % 30) - (status === 'canceled' ? 40 : 0)) * DAY_MS,
  };
}
/** Check-ins a studio day records (8 classes, most members marked). */
const CHECK_INS_PER_DAY = 100;
/** E-mail a studio day sends: confirmations, reminders, receipts. */
const MAILS_PER_DAY = 120;
/** Inside the sweep's 90 days, so the local stack's sweep (when it runs) removes none. */
const MAIL_DAYS = 88;
const NAMES: Record<string, string> = {
  centro: 'Centro',
  norte: 'Norte',
  ana: 'Ana Ruiz',
  bruno: 'Bruno Díaz',
  carla: 'Carla Soto',
  yoga: 'Yoga',
  ride: 'Ride',
  barre: 'Barre',
};
/** The coupons the seeded payments use (insights-seed.ts takes 10 % or up to $5 off). */
const COUPONS: Record<string, Record<string, unknown>> = {
  WELCOME10: { percentOff: 10, maxPerMember: 1, description: '10 % off your first purchase' },
  SPRING5: { amountOff: 500, description: '$5 off in spring' },
};
/** The credit packages the payments name (`p5`) and the rest of the shop's shelf. */
const PACKAGES: Record<string, Record<string, unknown>> = {
  p1: { kind: 'single', name: 'Single class', credits: 1, price: 1500, validityDays: 30 },
  p5: { kind: 'credits', name: '5 classes', credits: 5, price: 6500, validityDays: 60 },
  p10: { kind: 'credits', name: '10 classes', credits: 10, price: 12000, validityDays: 90 },
  p20: { kind: 'credits', name: '20 classes', credits: 20, price: 22000, validityDays: 120 },
  sp2: {
    kind: 'spcredits',
    name: 'Special event pass (2)',
    credits: 2,
    price: 4000,
    validityDays: 60,
    eventId: 'open-day',
  },
  t4: {
    kind: 'train-credits',
    name: 'Personal training (4)',
    credits: 4,
    price: 16000,
    validityDays: 60,
  },
};
/** A parsed record as the database stores it (no undefined fields). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/** A push id of the instant `ms` (ordered by time like the SDK's), unique by `n`. */
export function pushIdAt(ms: number, n: number): string {
  let time = '';
  for (let i = 0, rest = ms; i < 8; i += 1, rest = Math.floor(rest / 64))
    time = PUSH_CHARS.charAt(rest % 64) + time;
  let tail = '';
  for (let i = 0, rest = n; i < 12; i += 1, rest = Math.floor(rest / 64))
    tail = PUSH_CHARS.charAt(rest % 64) + tail;
  return time + tail;
}

export interface AdminStudioSeed {
  from: DateString;
  to: DateString;
  auditEntries: number;
  mailEntries: number;
  /** Paid payments with a coupon: each a redemption (`Coupons/{code}`, `CodeCloudStore`). */
  couponRedemptions: number;
}

/**
 * The studio at `scale` with everything the admin screens show. Writes as the functions store it
 * (the same shapes; the writers that keep derived nodes, the insights rollup and any index, are
 * run on it afterwards by the caller).
 */
export async function seedAdminStudio(
  db: Database,
  scale: StudioScale,
  nowMs: number,
): Promise<AdminStudioSeed> {
  const { from, to } = scaleRange(scale, nowMs);
  await db.ref().update({
    [paths.settings()]: DEFAULT_SETTINGS,
    [paths.studio()]: { name: 'Scale Studio', primaryColor: '#0f5e59' },
    ...Object.fromEntries(
      SEED_BRANCHES.map((id) => [
        paths.branch(id),
        { name: NAMES[id], address: 'Monterrey', active: true },
      ]),
    ),
    ...Object.fromEntries(
      SEED_COACHES.map((id) => [paths.coach(id), { name: NAMES[id], active: true }]),
    ),
    [paths.suscriptionPrices()]: [
      { key: 'discounted', Precio: 89 },
      { key: 'regular', Precio: 119 },
    ],
    [paths.event('open-day')]: plain(
      eventSchema.parse({
        name: 'Open day',
        date: addDays(formatDate(nowMs), 20),
        hour: '10:00',
        startsAt: toEpoch(addDays(formatDate(nowMs), 20), '10:00'),
        duration: 120,
        branch: 'centro',
        active: true,
      }),
    ),
    // A seat layout for admin-spot (the seeded classes take seats by number).
    [paths.seatLayout('room')]: plain(
      seatLayoutSchema.parse({
        name: 'Room (20 bikes)',
        rows: 4,
        cols: 5,
        spots: Object.fromEntries(
          Array.from({ length: 20 }, (_, n) => [
            `s${n + 1}`,
            { id: `s${n + 1}`, label: String(n + 1), row: Math.floor(n / 5), col: n % 5 },
          ]),
        ),
      }),
    ),
    ...Object.fromEntries(
      Object.entries(PACKAGES).map(([id, pack], order) => [
        paths.package(id),
        plain(packageSchema.parse({ ...pack, currency: 'USD', order })),
      ]),
    ),
    ...Object.fromEntries(
      SEED_EXERCISES.map((id) => [
        paths.exercise(id),
        { name: NAMES[id], duration: 50, creditKind: 'regular', active: true },
      ]),
    ),
  });

  // Each paid payment with a coupon leaves what recordCouponRedemption writes: the coupon's
  // count, its counted `CouponRedemptions/{code}/{paymentId}` marker and the member's
  // `CodeCloudStore` entry.
  const coupons = new Map<string, { redeemed: number }>(
    SEED_COUPONS.map((code) => [code, { redeemed: 0 }]),
  );
  const memberRedemptions: Record<string, unknown> = {};
  const onPayment = (id: string, payment: Readonly<Record<string, unknown>>) => {
    const code = payment['coupon'];
    const paidAt = payment['paidAt'];
    const coupon = typeof code === 'string' ? coupons.get(code) : undefined;
    if (!coupon || typeof code !== 'string' || typeof paidAt !== 'number') return;
    coupon.redeemed += 1;
    const marker: CouponRedemptionEntry = {
      uid: String(payment['uid']),
      discount: Number(payment['discount']),
      at: paidAt,
      counted: true,
    };
    memberRedemptions[paths.couponRedemptionEntry(code, id)] = marker;
    memberRedemptions[paths.memberRedemption(code, String(payment['uid']), id)] = {
      paymentId: id,
      discount: payment['discount'],
      at: paidAt,
    };
  };
  const subscription = (i: number) =>
    i < scale.subscriptions ? stripeSubscriptionOf(i, scale.members, nowMs) : undefined;
  await seedInsightsStudio(
    db,
    insightsOptions(scale, nowMs, onPayment, (i, credits) => {
      const plan = subscription(i);
      return {
        Email: `member${i}@scale.example`,
        Phone: `+52 81 ${String(10_000_000 + i)}`,
        Conditions: true,
        Lang: i % 3 === 0 ? 'en' : 'es',
        Credits: Object.values(credits).filter(
          (credit) => Number(credit['expiresAt']) > nowMs && credit['hold'] === undefined,
        ).length,
        ...(plan
          ? {
              'plan-state': planStateOf(subscriptionId(i), plan, nowMs),
              ...(plan.status === 'canceled'
                ? {}
                : { activeSuscription: true, activeSuscriptionId: subscriptionId(i) }),
            }
          : {}),
      };
    }),
  );

  let updates: Record<string, unknown> = {};
  const put = async (path: string, value: unknown) => {
    updates[path] = value;
    if (Object.keys(updates).length >= WRITE_BATCH) await flush();
  };
  const flush = async () => {
    if (Object.keys(updates).length > 0) await db.ref().update(updates);
    updates = {};
  };

  for (const [code, { redeemed }] of coupons) {
    await put(paths.coupon(code), {
      ...plain(couponSchema.parse({ ...COUPONS[code], code, redeemed: 0 })),
      redeemed,
    });
  }
  for (const [path, entry] of Object.entries(memberRedemptions)) await put(path, entry);

  // The seed's subscription s belongs to member s (s < members).
  for (let s = 0; s < scale.subscriptions; s += 1) {
    await put(
      paths.stripeSubscription(subscriptionId(s)),
      stripeSubscriptionOf(s, scale.members, nowMs),
    );
  }

  // Check-ins audited over the whole range, as checkIn writes them.
  let auditEntries = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (let n = 0; n < CHECK_INS_PER_DAY; n += 1) {
      const k = n % scale.classesPerDay;
      const at = toEpoch(date, SEED_HOURS[k % SEED_HOURS.length] ?? '07:00') + n * 1000;
      await put(paths.auditEntry(pushIdAt(at, auditEntries)), {
        at,
        by: SEED_COACHES[k % SEED_COACHES.length],
        action: 'checkIn',
        target: paths.class(`c${date}-${k}`),
        details: {
          member: seedUid((auditEntries * 7919) % scale.members),
          before: 'unmarked',
          after: n % 6 === 0 ? 'no-show' : 'attended',
        },
      });
      auditEntries += 1;
    }
  }

  // The outbox's last 88 days: confirmations, sent or (1 in 40) failed.
  let mailEntries = 0;
  const mailFrom = addDays(to, -(Math.min(MAIL_DAYS, scale.days) - 1));
  for (let date = mailFrom; date <= to; date = addDays(date, 1)) {
    for (let n = 0; n < MAILS_PER_DAY; n += 1) {
      const k = n % scale.classesPerDay;
      const classId = `c${date}-${k}`;
      const uid = seedUid((mailEntries * 104_729) % scale.members);
      const bookingId = `b-${classId}-${uid}`;
      const hour = SEED_HOURS[k % SEED_HOURS.length] ?? '07:00';
      const startsAt = toEpoch(date, hour);
      const createdAt = startsAt - 2 * DAY_MS + n * 60_000;
      // Nothing left to send: a sweep running meanwhile sends nothing.
      const status = n % 40 === 0 ? 'failed' : 'sent';
      await put(paths.mailOutboxEntry(mailOutboxIds.booked(bookingId)), {
        kind: 'booking-confirmed',
        uid,
        message: {
          kind: 'booking-confirmed',
          class: {
            bookingId,
            classId,
            title: NAMES[SEED_EXERCISES[k % SEED_EXERCISES.length] ?? 'yoga'],
            startsAt,
            durationMinutes: 50,
            branchName: 'Centro',
            coachName: NAMES[SEED_COACHES[k % SEED_COACHES.length] ?? 'ana'],
            sequence: 0,
          },
          refundUntil: startsAt - 12 * 3600_000,
        },
        status,
        createdAt,
        attempts: status === 'failed' ? 5 : 0,
        updatedAt: createdAt + 2_000,
        ...(status === 'sent' ? { sentAt: createdAt + 2_000 } : {}),
        ...(status === 'failed' ? { lastError: '550 mailbox unavailable' } : {}),
      });
      mailEntries += 1;
    }
  }
  await flush();
  return {
    from,
    to,
    auditEntries,
    mailEntries,
    couponRedemptions: [...coupons.values()].reduce((sum, coupon) => sum + coupon.redeemed, 0),
  };
}
