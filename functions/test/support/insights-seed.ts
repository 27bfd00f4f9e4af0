// A studio's history for the insights rollups: classes over a range of days with their
// rosters (held, cancelled by the studio, late and in-time cancels, attendance marks, waiting
// lists turned away), every member's `UserClasses`, payments of every kind and status with and
// without coupons (refunded, paid after midnight, failed), subscriptions whose granted periods
// run on, stop (churn) and restart, memberships of plans (running, frozen, ended, gifts), and wallets with credits expired, expiring and held by a
// dispute. Deterministic (a seeded generator). Small for functions/test/insights, large for
// functions/bench/insights-scale.ts; with `collect` it also returns the records written, so a
// test can count them by brute force.
import type { Database } from 'firebase-admin/database';
import { addDays, daysBetween, paths, toEpoch } from '@studio/core';
import type { DateString } from '@studio/core';

export interface InsightsSeedOptions {
  members: number;
  /** First and last day with classes and payments (classes on the two days after `to` too). */
  from: DateString;
  to: DateString;
  classesPerDay: number;
  /** Seats per class at most (at least half of it). */
  capacity: number;
  payments: number;
  subscriptions: number;
  /** `Memberships` records, of the `SEED_PLANS` (none by default). */
  memberships?: number;
  /** Keep every record written, for brute-force counts (small seeds only). */
  collect?: boolean;
  /**
   * More of member i's `Users` fields (contact details, `Credits`, a plan's flags), given its
   * credits list; the insights read none of them (functions/bench/support/seed-scale.ts).
   */
  profile?: (i: number, credits: Readonly<Record<string, Raw>>) => Raw;
  /** Sees each payment as it is written (what else a payment leaves, e.g. a coupon's use). */
  onPayment?: (id: string, payment: Readonly<Raw>) => void;
  seed?: number;
}

type Raw = Record<string, unknown>;

export interface InsightsSeedRecords {
  classes: Record<string, Raw>;
  rosters: Record<string, Raw>;
  userClasses: Record<string, Record<string, Raw>>;
  payments: Record<string, Raw>;
  grants: Record<string, Record<string, Raw>>;
  memberships: Record<string, Raw>;
  wallets: Record<string, Record<string, Raw>>;
  /** `Users/{uid}/homeBranch` as seeded (one a branch of the chain, one not). */
  homes: Record<string, string>;
}

export const SEED_BRANCHES = ['centro', 'norte'] as const;
export const SEED_COACHES = ['ana', 'bruno', 'carla'] as const;
export const SEED_EXERCISES = ['yoga', 'ride', 'barre'] as const;
export const SEED_HOURS = ['07:00', '09:30', '18:00', '19:30'] as const;
export const SEED_COUPONS = ['WELCOME10', 'SPRING5'] as const;
export const SEED_PLANS = ['daily', 'two-a-week', 'yearly'] as const;
const KINDS = ['credits', 'spcredits', 'train-credits', 'subscription', 'cart'] as const;
const CREDIT_KINDS = ['regular', 'special', 'train'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const WRITE_BATCH = 500;

/** Mulberry32: small, fast, deterministic. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const seedUid = (i: number) => `m${String(i).padStart(6, '0')}`;

export async function seedInsightsStudio(
  db: Database,
  options: InsightsSeedOptions,
): Promise<InsightsSeedRecords> {
  const random = generator(options.seed ?? 21);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const records: InsightsSeedRecords = {
    classes: {},
    rosters: {},
    userClasses: {},
    payments: {},
    grants: {},
    memberships: {},
    wallets: {},
    homes: {},
  };
  let updates: Record<string, unknown> = {};
  const put = async (path: string, value: unknown) => {
    updates[path] = value;
    if (Object.keys(updates).length >= WRITE_BATCH) await flush();
  };
  const flush = async () => {
    if (Object.keys(updates).length > 0) await db.ref().update(updates);
    updates = {};
  };

  // Each member comes during a stretch of the range: some stay to the end, some stop (lapse).
  const span = daysBetween(options.from, options.to);
  const stretches = Array.from({ length: options.members }, () => {
    const start = Math.floor(random() * span);
    const end = random() < 0.5 ? span + 2 : start + Math.floor(random() * (span - start + 1));
    return { start, end };
  });

  const lastClassDay = addDays(options.to, 2);
  let dayIndex = 0;
  for (let date = options.from; date <= lastClassDay; date = addDays(date, 1), dayIndex += 1) {
    for (let k = 0; k < options.classesPerDay; k += 1) {
      const classId = `c${date}-${k}`;
      const hour = SEED_HOURS[k % SEED_HOURS.length] as string;
      const startsAt = toEpoch(date, hour);
      const capacity = Math.max(
        1,
        Math.ceil(options.capacity / 2 + random() * (options.capacity / 2)),
      );
      const cancelled = random() < 0.06;
      const studioClass: Raw = {
        branch: pick(SEED_BRANCHES),
        coach: pick(SEED_COACHES),
        exercise: pick(SEED_EXERCISES),
        date,
        hour,
        startsAt,
        duration: 50,
        capacity,
        creditKind: 'regular',
        status: cancelled ? 'cancelled' : 'scheduled',
        ...(cancelled ? { cancelReason: 'Coach ill', cancelledAt: startsAt - DAY_MS } : {}),
      };
      // Members who might come: about capacity + a few, among those in their stretch.
      const wanted = Math.floor(capacity * (0.5 + random() * 0.9));
      const chosen = new Set<number>();
      for (let tries = 0; chosen.size < wanted && tries < wanted * 6; tries += 1) {
        const i = Math.floor(random() * options.members);
        const stretch = stretches[i];
        if (stretch && dayIndex >= stretch.start && dayIndex <= stretch.end) chosen.add(i);
      }
      const bookings: Raw = {};
      const ended: Raw = {};
      const waitlist: Raw = {};
      const departed: Raw = {};
      let seated = 0;
      let seq = 0;
      for (const i of chosen) {
        const uid = seedUid(i);
        const bookingId = `b-${classId}-${uid}`;
        const base = { bookingId, uid, spot: String(seated + 1), bookedAt: startsAt - 2 * DAY_MS };
        let status: string | undefined;
        if (seated < capacity) {
          seated += 1;
          const r = random();
          if (cancelled) {
            ended[bookingId] = {
              ...base,
              endedAt: startsAt - DAY_MS,
              outcome: 'class-cancelled',
              settled: true,
            };
            status = 'class-cancelled';
          } else if (r < 0.08) {
            ended[bookingId] = {
              ...base,
              endedAt: startsAt - 3600_000,
              outcome: 'late',
              settled: true,
            };
            status = 'late-cancelled';
          } else if (r < 0.16) {
            ended[bookingId] = {
              ...base,
              endedAt: startsAt - DAY_MS,
              outcome: 'refund',
              settled: true,
            };
            status = 'cancelled';
          } else {
            const mark = random();
            const attendance = mark < 0.72 ? 'attended' : mark < 0.88 ? 'no-show' : undefined;
            bookings[uid] = {
              ...base,
              creditId: `cr-${bookingId}`,
              ...(attendance ? { attendance } : {}),
            };
            status = attendance ?? 'booked';
          }
        } else {
          const r = random();
          const entry = { seq, joinedAt: startsAt - DAY_MS };
          seq += 1;
          if (cancelled) departed[uid] = { ...entry, status: 'removed', at: startsAt - DAY_MS };
          else if (r < 0.55)
            departed[uid] = { ...entry, status: 'closed', at: startsAt - 3600_000 };
          else if (r < 0.7)
            departed[uid] = { ...entry, status: 'past-cutoff', at: startsAt - 7200_000 };
          else if (r < 0.85) departed[uid] = { ...entry, status: 'left', at: startsAt - 7200_000 };
          else waitlist[uid] = { uid, ...entry };
        }
        if (status !== undefined) {
          const view: Raw = {
            classId,
            bookingId,
            date,
            hour,
            startsAt,
            spot: base.spot,
            creditKind: 'regular',
            status,
            bookedAt: base.bookedAt,
            rosterVersion: 3,
            branch: studioClass['branch'],
          };
          await put(paths.userClass(uid, classId), view);
          if (options.collect) (records.userClasses[uid] ??= {})[classId] = view;
        }
      }
      const roster: Raw = {
        bookings,
        ended,
        waitlist,
        departed,
        waitlistSeq: seq,
        version: 3,
        ...(cancelled
          ? {
              cancellation: { at: startsAt - DAY_MS, reason: 'Coach ill', by: 'admin', done: true },
            }
          : {}),
      };
      await put(paths.class(classId), studioClass);
      await put(paths.classRoster(classId), roster);
      if (options.collect) {
        records.classes[classId] = studioClass;
        records.rosters[classId] = roster;
      }
    }
  }

  // Payments, created from the day before the range to the day after it.
  const firstMs = toEpoch(addDays(options.from, -1), '00:00');
  const lastMs = toEpoch(addDays(options.to, 2), '00:00');
  for (let n = 0; n < options.payments; n += 1) {
    const id = `cs_${String(n).padStart(7, '0')}`;
    const createdAt = Math.floor(firstMs + random() * (lastMs - firstMs));
    const subtotal = 1000 + Math.floor(random() * 40) * 250;
    const coupon = random() < 0.3 ? pick(SEED_COUPONS) : undefined;
    const discount =
      coupon === 'WELCOME10' ? Math.round(subtotal / 10) : coupon ? Math.min(500, subtotal) : 0;
    const amount = subtotal - discount;
    const r = random();
    const status =
      r < 0.7
        ? 'paid'
        : r < 0.78
          ? 'refunded'
          : r < 0.85
            ? 'partially-refunded'
            : r < 0.93
              ? 'failed'
              : 'expired';
    const paid = status === 'paid' || status === 'refunded' || status === 'partially-refunded';
    const payment: Raw = {
      uid: seedUid(Math.floor(random() * options.members)),
      kind: pick(KINDS),
      items: [{ type: 'package', id: 'p5', name: '5 classes', quantity: 1, unitAmount: subtotal }],
      subtotal,
      discount,
      amount,
      currency: 'USD',
      status,
      createdAt,
      ...(coupon ? { coupon } : {}),
      // Two in three at a branch (its desk or its site's checkout), by turns; the rest none.
      ...(n % 3 === 2 ? {} : { branch: SEED_BRANCHES[n % 3] }),
      ...(paid ? { paidAt: createdAt + Math.floor(random() * 3 * 3600_000) } : {}),
      ...(status === 'refunded' ? { amountRefunded: amount } : {}),
      ...(status === 'partially-refunded' ? { amountRefunded: Math.floor(amount / 3) } : {}),
    };
    await put(paths.payment(id), payment);
    options.onPayment?.(id, payment);
    if (options.collect) records.payments[id] = payment;
  }

  // Subscriptions: monthly periods from a start; some stop (churn), some come back after a gap.
  const rangeStart = toEpoch(options.from, '00:00');
  for (let s = 0; s < options.subscriptions; s += 1) {
    const subscriptionId = `sub_${String(s).padStart(6, '0')}`;
    const uid = seedUid(s % Math.max(1, options.members));
    let start = rangeStart + Math.floor(random() * span * DAY_MS);
    const grants: Record<string, Raw> = {};
    for (let runs = 0; runs < 2 && start < lastMs; runs += 1) {
      const periods = 1 + Math.floor(random() * 8);
      for (let p = 0; p < periods; p += 1) {
        const periodStart = start;
        const periodEnd = start + 30 * DAY_MS;
        grants[String(Math.floor(periodStart / 1000))] = {
          uid,
          invoiceId: `in_${subscriptionId}_${p}_${runs}`,
          credits: 30,
          grantedAt: periodStart,
          periodStart,
          periodEnd,
        };
        start = periodEnd;
      }
      if (random() < 0.6) break;
      start += (5 + Math.floor(random() * 40)) * DAY_MS;
    }
    await put(paths.subscriptionGrants(subscriptionId), grants);
    if (options.collect) records.grants[subscriptionId] = grants;
  }

  // Memberships: begun before or inside the range; some end (one at 23:30, the studio's day
  // before UTC's), some freeze (one ends its freeze early), some are gifts; one ended without
  // `endedAt` (counted from its last change).
  const rangeEnd = toEpoch(addDays(options.to, 1), '00:00');
  for (let m = 0; m < (options.memberships ?? 0); m += 1) {
    const id = `ms_${String(m).padStart(6, '0')}`;
    const startedAt = rangeStart + Math.floor((random() * (span + 20) - 20) * DAY_MS);
    const endDay = Math.floor(random() * (span + 1));
    const ends = random() < 0.4;
    const endedAt =
      m === 0 ? toEpoch(addDays(options.from, endDay), '23:30') : startedAt + endDay * DAY_MS;
    const freezeFrom = startedAt + Math.floor(random() * 20) * DAY_MS;
    const membership: Raw = {
      id,
      uid: seedUid(m % Math.max(1, options.members)),
      planId: pick(SEED_PLANS),
      terms: { kind: 'unlimited', name: 'Unlimited', interval: 'month' },
      source: m % 5 === 4 ? 'comp' : 'stripe',
      status: (m === 0 || ends) && endedAt > startedAt && endedAt < rangeEnd ? 'ended' : 'active',
      startedAt,
      updatedAt: startedAt,
    };
    if (membership['status'] === 'ended') {
      if (m % 7 === 3) membership['updatedAt'] = endedAt;
      else membership['endedAt'] = endedAt;
    }
    if (random() < 0.5)
      membership['freezes'] = {
        f1: {
          from: freezeFrom,
          until: freezeFrom + 14 * DAY_MS,
          by: 'member',
          requestedAt: freezeFrom,
          ...(m % 3 === 0 ? { endedAt: freezeFrom + 5 * DAY_MS } : {}),
        },
      };
    await put(paths.membershipRecord(id), membership);
    if (options.collect) records.memberships[id] = membership;
  }

  // Wallets: credits expired, expiring within a week, a month, later; one held by a dispute.
  const nowish = toEpoch(addDays(options.to, 1), '12:00');
  for (let i = 0; i < options.members; i += 1) {
    const uid = seedUid(i);
    const list: Record<string, Raw> = {};
    const count = Math.floor(random() * 5);
    for (let c = 0; c < count; c += 1) {
      const days = pick([-3, 2, 6, 12, 25, 45, 90]);
      list[`${uid}-c${c}`] = {
        kind: pick(CREDIT_KINDS),
        source: 'purchase',
        grantedAt: nowish - 10 * DAY_MS,
        expiresAt: nowish + days * DAY_MS,
        ...(i % 17 === 0 && c === 0 ? { hold: { disputeId: 'dp_1', at: nowish - DAY_MS } } : {}),
      };
    }
    // One in five chose Norte at sign-up, one in five a branch the chain does not have.
    const home = i % 5 === 0 ? 'norte' : i % 5 === 1 ? 'sur' : undefined;
    if (home !== undefined && options.collect) records.homes[uid] = home;
    await put(paths.user(uid), {
      Name: `Member ${i}`,
      Admin: false,
      ...(home === undefined ? {} : { homeBranch: home }),
      ...options.profile?.(i, list),
      'credits-list': list,
    });
    if (options.collect) records.wallets[uid] = list;
  }
  await flush();
  return records;
}
