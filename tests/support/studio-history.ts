// Four weeks the demo studio has behind it, for admin-insights: the demo schedule's three daily
// classes on each past day, attended by the demo members (a few no-shows and late cancels, each
// in the member's own history too), and a few credit purchases a day, some with the WELCOME10
// coupon (once per member, its limit), each redemption recorded by the webhook's own
// `recordCouponRedemption` (the marker, the count, the member's entry) so crear-cupones lists
// them; then the nightly insights rollup over them, as the scheduled job runs it. Deterministic
// (a fixed pseudo-random sequence), so the figures look the same on every run. Written as the
// owner, in the shapes of the core schemas.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import {
  addDays,
  classSchema,
  formatDate,
  paths,
  paymentSchema,
  rosterSchema,
  toEpoch,
  userClassSchema,
} from '@studio/core';
import { rollUpInsights } from '../../functions/src/handlers/insights/roll-up-insights.ts';
import { recordCouponRedemption } from '../../functions/src/handlers/payments/coupon-redemptions.ts';
import type { JourneyStack } from './journey.ts';

const DAYS = 28;
const SLOTS = [
  { hour: '07:00', exercise: 'cycling', coach: 'carlos', layout: 'bikes', capacity: 20, fill: 0.7 },
  { hour: '12:30', exercise: 'yoga', coach: 'lucia', layout: 'mats', capacity: 12, fill: 0.8 },
  { hour: '19:00', exercise: 'hiit', coach: 'carlos', layout: 'bikes', capacity: 20, fill: 0.85 },
] as const;
const DURATIONS = { cycling: 45, yoga: 60, hiit: 50 };
const TITLES = { cycling: 'Cycling', yoga: 'Yoga', hiit: 'HIIT' };
const SIGNED_IN_MEMBER = 'demo-member';
const MEMBERS = [SIGNED_IN_MEMBER, ...Array.from({ length: 19 }, (_, i) => `demo-member${i + 2}`)];
const PACKAGES = [
  { id: 'credits-5', name: '5 classes', credits: 5, price: 6500 },
  { id: 'credits-10', name: '10 classes', credits: 10, price: 12000 },
  { id: 'credits-1', name: 'Single class', credits: 1, price: 1500 },
] as const;

const COUPON = 'WELCOME10';

/** One purchase of the history that used the coupon, as the webhook records it once paid. */
export interface HistoryRedemption {
  paymentId: string;
  uid: string;
  discount: number;
  paidAt: number;
}

/**
 * Writes the history and rolls it up; returns how many past classes it wrote and the coupon's
 * redemptions.
 */
export async function writeStudioHistory(journey: {
  stack: Pick<JourneyStack, 'projectId' | 'namespace' | 'database'>;
}): Promise<{ classes: number; redemptions: HistoryRedemption[] }> {
  const random = sequence(20261125);
  const today = formatDate(Date.now());
  const updates: Record<string, unknown> = {};
  const redemptions: HistoryRedemption[] = [];
  let classes = 0;
  for (let back = DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    for (const slot of SLOTS) {
      const id = `${date.replaceAll('-', '')}-${slot.hour.replace(':', '')}-${slot.exercise}`;
      const startsAt = toEpoch(date, slot.hour);
      updates[paths.class(id)] = classSchema.parse({
        branch: 'centro',
        date,
        hour: slot.hour,
        startsAt,
        duration: DURATIONS[slot.exercise],
        exercise: slot.exercise,
        coach: slot.coach,
        layout: slot.layout,
        capacity: slot.capacity,
        creditKind: 'regular',
        status: 'scheduled',
        createdAt: startsAt - 14 * 86_400_000,
        createdBy: 'seed',
      });
      // One member fewer than all, so a late canceller is never also a booking.
      const count = Math.min(
        slot.capacity,
        MEMBERS.length - 1,
        Math.round(slot.capacity * (slot.fill - 0.2 + random() * 0.35)),
      );
      // Different members each time, and now and then one more who cancelled late.
      const offset = Math.floor(random() * MEMBERS.length);
      const lateCancel = random() < 0.3;
      const taking = Array.from(
        { length: count + (lateCancel ? 1 : 0) },
        (_, n) => MEMBERS[(offset + n) % MEMBERS.length]!,
      );
      const bookings: Record<string, unknown> = {};
      const ended: Record<string, unknown> = {};
      const spots: Record<string, true> = {};
      const bookedAt = startsAt - 2 * 86_400_000;
      for (const [n, uid] of taking.entries()) {
        const bookingId = `hist-${id}-${n}`;
        const spot = `s${n + 1}`;
        const late = n === count;
        const attendance = random() < 0.9 ? 'attended' : 'no-show';
        if (late) {
          ended[bookingId] = {
            bookingId,
            uid,
            spot,
            bookedAt,
            endedAt: startsAt - 3_600_000,
            outcome: 'late',
            settled: true,
          };
        } else {
          spots[spot] = true;
          bookings[uid] = { bookingId, uid, spot, bookedAt, attendance };
        }
        // The member's own history ("My Classes", and the visits the insights count).
        updates[paths.userClass(uid, id)] = userClassSchema.parse({
          classId: id,
          bookingId,
          date,
          hour: slot.hour,
          startsAt,
          exercise: slot.exercise,
          coach: slot.coach,
          branch: 'centro',
          spot,
          spotLabel: String(n + 1),
          title: TITLES[slot.exercise],
          creditKind: 'regular',
          status: late ? 'late-cancelled' : attendance,
          bookedAt,
          rosterVersion: 1,
        });
      }
      updates[paths.classRoster(id)] = rosterSchema.parse({ spots, bookings, ended, version: 1 });
      classes++;
    }
    const purchases = 1 + Math.floor(random() * 3);
    for (let n = 0; n < purchases; n++) {
      const pkg = PACKAGES[Math.floor(random() * PACKAGES.length)]!;
      const wantsCoupon = random() < 0.25;
      const uid = MEMBERS[Math.floor(random() * MEMBERS.length)]!;
      // WELCOME10 is once per member (its maxPerMember), as checkout would hold it. The member the
      // journeys sign in as keeps theirs: the accessibility pass and the gallery apply it.
      const coupon =
        wantsCoupon && uid !== SIGNED_IN_MEMBER && !redemptions.some((used) => used.uid === uid);
      const discount = coupon ? Math.round(pkg.price / 10) : 0;
      const paidAt = toEpoch(date, `${String(8 + n * 4).padStart(2, '0')}:15`);
      const paymentId = `hist-${date}-${n}`;
      if (coupon) redemptions.push({ paymentId, uid, discount, paidAt });
      updates[paths.payment(paymentId)] = paymentSchema.parse({
        uid,
        kind: 'credits',
        items: [
          { type: 'package', id: pkg.id, name: pkg.name, quantity: 1, unitAmount: pkg.price },
        ],
        subtotal: pkg.price,
        discount,
        amount: pkg.price - discount,
        currency: 'USD',
        ...(coupon ? { coupon: COUPON } : {}),
        branch: 'centro',
        status: 'paid',
        credits: { kind: 'regular', count: pkg.credits },
        createdAt: paidAt,
        paidAt,
      });
    }
  }
  const response = await fetch(
    `${journey.stack.database.url}/.json?ns=${journey.stack.namespace}`,
    {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify(updates),
    },
  );
  if (!response.ok) throw new Error(`Writing the studio's history: ${response.status}`);

  const app = initializeApp(
    {
      projectId: journey.stack.projectId,
      databaseURL: `${journey.stack.database.url}?ns=${journey.stack.namespace}`,
    },
    `history-${Date.now()}`,
  );
  try {
    const db = getDatabase(app);
    // The webhook's own bookkeeping of each paid coupon purchase, at the time it was paid.
    for (const { paymentId, uid, discount, paidAt } of redemptions)
      await recordCouponRedemption(db, { code: COUPON, uid, paymentId, discount }, paidAt);
    await rollUpInsights({ db, now: Date.now }, { from: addDays(today, -DAYS) });
  } finally {
    await deleteApp(app);
  }
  return { classes, redemptions };
}

/** A small linear congruential generator: the same numbers in [0, 1) on every run. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}
