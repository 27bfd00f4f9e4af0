// The figures of the studio's rollups, one pure function per source record
// (docs/architecture/insights.md): what one class, one payment, one member's visits, one
// subscription's granted periods and one wallet add to the days they fall on. The nightly job
// (functions/src/handlers/insights) reads the records and sums what these return.
import { teachingCoachId } from '../desk/teaching';
import type { Roster, StudioClass, UserClass } from '../schemas/classes';
import type { CreditKind } from '../schemas/common';
import type {
  ClassFigures,
  InsightsDimensions,
  LiabilityFigures,
  MemberFigures,
  RevenueFigures,
  SubscriptionFigures,
} from '../schemas/insights';
import type { Payment, SubscriptionGrant } from '../schemas/payments';
import type { CreditsList } from '../schemas/user';
import { STUDIO_TIME_ZONE } from '../settings';
import { addDays, formatDate } from '../time';
import type { DateString } from '../time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member with no visit for this many days after one has lapsed (on the last of them). */
export const LAPSE_DAYS = 30;
/** A first visit converts when the second comes within this many days. */
export const CONVERSION_DAYS = 30;
/** A subscription whose period ended is churned once this long has passed without a next one. */
export const RENEWAL_GRACE_MS = 3 * DAY_MS;
/** A period starting within this long after the previous one ended continues the same run. */
const SPELL_GAP_MS = RENEWAL_GRACE_MS;
/** Payments that took money (a refund is counted on the payment, not as a negative payment). */
const REVENUE_STATUSES: ReadonlySet<Payment['status']> = new Set([
  'paid',
  'refunded',
  'partially-refunded',
]);

export function emptyClassFigures(): ClassFigures {
  return {
    held: 0,
    cancelled: 0,
    capacity: 0,
    booked: 0,
    attended: 0,
    noShow: 0,
    lateCancels: 0,
    cancels: 0,
    waitlisted: 0,
    turnedAway: 0,
  };
}

export function emptyRevenueFigures(): RevenueFigures {
  return { payments: 0, gross: 0, discount: 0, refunded: 0 };
}

export function emptyMemberFigures(): MemberFigures {
  return { active: 0, firstVisits: 0, secondVisits: 0, lapsed: 0 };
}

export function emptySubscriptionFigures(): SubscriptionFigures {
  return { active: 0, started: 0, churned: 0 };
}

export function emptyLiabilityFigures(): LiabilityFigures {
  return { outstanding: 0, expiring7: 0, expiring30: 0 };
}

/** Adds every number of `add` into `into` (figures of one shape). */
export function addFigures<T extends object>(into: T, add: T): T {
  const target = into as Record<string, unknown>;
  for (const [key, value] of Object.entries(add)) {
    if (typeof value === 'number') target[key] = ((target[key] as number | undefined) ?? 0) + value;
  }
  return into;
}

/** The key of a cell: every class with the same branch, coach, class type and time slot. */
export function insightsCellKey(dimensions: InsightsDimensions): string {
  return [dimensions.branch, dimensions.coach, dimensions.exercise, dimensions.hour].join('~');
}

export function classDimensions(studioClass: StudioClass): InsightsDimensions {
  return {
    branch: studioClass.branch,
    // Who taught it: the substitute when one took the class.
    coach: teachingCoachId(studioClass),
    exercise: studioClass.exercise,
    hour: studioClass.hour,
  };
}

/**
 * One class's figures from its roster, read after the class started: the bookings left in the
 * roster are the ones held at the start; `ended` holds the cancelled ones with why; the waiting
 * list and `departed` say who queued and who was still queued when the list closed.
 */
export function classFigures(studioClass: StudioClass, roster: Roster): ClassFigures {
  const cancelled = studioClass.status === 'cancelled' || roster.cancellation !== undefined;
  const bookings = Object.values(roster.bookings);
  const ended = Object.values(roster.ended);
  const departed = Object.entries(roster.departed);
  const queued = new Set([...Object.keys(roster.waitlist), ...departed.map(([uid]) => uid)]);
  const turnedAway = new Set([
    ...Object.keys(roster.waitlist),
    ...departed
      .filter(([, entry]) => entry.status === 'closed' || entry.status === 'past-cutoff')
      .map(([uid]) => uid),
  ]);
  const held = !cancelled;
  return {
    held: held ? 1 : 0,
    cancelled: cancelled ? 1 : 0,
    capacity: held ? (roster.capacity ?? studioClass.capacity) : 0,
    booked: held ? bookings.length : 0,
    attended: held ? bookings.filter((b) => b.attendance === 'attended').length : 0,
    noShow: held ? bookings.filter((b) => b.attendance === 'no-show').length : 0,
    lateCancels: ended.filter((e) => e.outcome === 'late').length,
    cancels: ended.filter((e) => e.outcome === 'refund').length,
    waitlisted: queued.size,
    turnedAway: held ? turnedAway.size : 0,
  };
}

export interface PaymentRevenue {
  /** The studio-local day the money came in. */
  day: DateString;
  kind: Payment['kind'];
  coupon: string | undefined;
  figures: RevenueFigures;
}

/** What one payment adds to revenue, on the day it was paid; nothing if it took no money. */
export function paymentRevenue(
  payment: Payment,
  tz: string = STUDIO_TIME_ZONE,
): PaymentRevenue | undefined {
  if (!REVENUE_STATUSES.has(payment.status)) return undefined;
  const refunded = payment.amountRefunded ?? (payment.status === 'refunded' ? payment.amount : 0);
  return {
    day: formatDate(payment.paidAt ?? payment.createdAt, tz),
    kind: payment.kind,
    coupon: payment.coupon,
    figures: {
      payments: 1,
      gross: payment.amount,
      discount: payment.discount,
      refunded: Math.min(refunded, payment.amount),
    },
  };
}

/** A visit: a class that has started which the member attended, or held a booking unmarked. */
export function isVisit(entry: UserClass, nowMs: number): boolean {
  return entry.startsAt <= nowMs && (entry.status === 'attended' || entry.status === 'booked');
}

export interface MemberEvents {
  /** Distinct days with a visit, ascending. */
  visitDays: DateString[];
  /** The first visit ever, and whether a second came within `CONVERSION_DAYS`. */
  firstVisit: { day: DateString; converted: boolean } | undefined;
  /** Days on which the member lapsed (the `LAPSE_DAYS`th day without a visit). */
  lapses: DateString[];
}

/** What one member's class history adds: from `UserClasses/{uid}`, the whole of it. */
export function memberEvents(entries: readonly UserClass[], nowMs: number): MemberEvents {
  const visits = entries.filter((e) => isVisit(e, nowMs)).sort((a, b) => a.startsAt - b.startsAt);
  const visitDays = [...new Set(visits.map((v) => v.date))].sort();
  const [first, second] = visits;
  const lapses: DateString[] = [];
  visitDays.forEach((day, i) => {
    const lapseDay = addDays(day, LAPSE_DAYS);
    const next = visitDays[i + 1];
    if (next === undefined || next > lapseDay) lapses.push(lapseDay);
  });
  return {
    visitDays,
    firstVisit: first && {
      day: first.date,
      converted:
        second !== undefined && second.startsAt - first.startsAt <= CONVERSION_DAYS * DAY_MS,
    },
    lapses,
  };
}

/** One unbroken run of granted periods of a subscription: [start, end) in epoch ms. */
export interface SubscriptionSpell {
  start: number;
  end: number;
}

/** A subscription's granted periods (`SubscriptionGrants/{subId}`) joined into runs. */
export function subscriptionSpells(grants: readonly SubscriptionGrant[]): SubscriptionSpell[] {
  const periods = grants
    .map((g) => {
      const start = g.periodStart ?? g.grantedAt;
      return { start, end: g.periodEnd ?? start + 30 * DAY_MS };
    })
    .sort((a, b) => a.start - b.start);
  const spells: SubscriptionSpell[] = [];
  for (const period of periods) {
    const last = spells[spells.length - 1];
    if (last && period.start <= last.end + SPELL_GAP_MS) last.end = Math.max(last.end, period.end);
    else spells.push({ ...period });
  }
  return spells;
}

/** Whether a run has ended for good: its end is past and the grace for a renewal too. */
export function spellChurned(spell: SubscriptionSpell, nowMs: number): boolean {
  return spell.end + RENEWAL_GRACE_MS <= nowMs;
}

/** Whether a run covers the instant `at`. */
export function spellCovers(spell: SubscriptionSpell, at: number): boolean {
  return spell.start <= at && at < spell.end;
}

/** Credits outstanding in one wallet, per kind, as of `nowMs`. */
export function creditLiability(
  list: CreditsList,
  nowMs: number,
): Partial<Record<CreditKind, LiabilityFigures>> {
  const byKind: Partial<Record<CreditKind, LiabilityFigures>> = {};
  for (const credit of Object.values(list)) {
    if (credit.expiresAt <= nowMs) continue;
    if (credit.hold && 'disputeId' in credit.hold) continue;
    const figures = (byKind[credit.kind] ??= emptyLiabilityFigures());
    figures.outstanding += 1;
    if (credit.expiresAt - nowMs <= 7 * DAY_MS) figures.expiring7 += 1;
    if (credit.expiresAt - nowMs <= 30 * DAY_MS) figures.expiring30 += 1;
  }
  return byKind;
}
