// Which pays for a booking: the member's plan or a credit (docs/architecture/plans.md).
// Pure: the callable decides on what it read (nothing written on a refusal) and the member's
// transaction decides again on the committed node, where the plan's uses are counted, so two
// bookings racing over a cap of one cannot both pass.
import { DomainError } from '../errors';
import type { PayWith } from '../schemas/inputs';
import type { Membership, MembershipFreeze } from '../schemas/plans';
import type { StudioClass } from '../schemas/classes';
import type { BookingCredit } from '../schemas/user';
import { formatDate } from '../time';
import { periodKey, planCap } from './periods';
import type { CapPeriod } from './periods';

export type ClassForPlan = Pick<StudioClass, 'startsAt' | 'exercise' | 'branch'>;

export interface PlanRequest {
  membership: Membership | undefined;
  /** The member's booking records (`booking-credits`), where plan bookings are counted. */
  bookingCredits: Readonly<Record<string, BookingCredit>>;
  cls: ClassForPlan;
  /** The booking being paid for: its own record is not counted against the cap. */
  bookingId?: string | undefined;
  /** A guest seat (paid by the plan only where `guestSeats` allows). */
  guest?: boolean | undefined;
  timeZone: string;
  nowMs: number;
}

/** Stripe plans renew while active; others (comp, cash, import) end at `periodEnd`. */
function renews(membership: Membership): boolean {
  return membership.source === 'stripe' && membership.status === 'active';
}

/** The freeze covering `atMs`, if any (a freeze ended early stops at its `endedAt`). */
export function freezeAt(membership: Membership, atMs: number): MembershipFreeze | undefined {
  for (const freeze of Object.values(membership.freezes ?? {})) {
    const end = Math.min(freeze.until, freeze.endedAt ?? freeze.until);
    if (freeze.from <= atMs && atMs < end) return freeze;
  }
  return undefined;
}

/** The freeze in force at `nowMs` or booked to start later, not ended. */
export function currentFreeze(
  membership: Membership,
  nowMs: number,
): { id: string; freeze: MembershipFreeze } | undefined {
  for (const [id, freeze] of Object.entries(membership.freezes ?? {})) {
    const end = Math.min(freeze.until, freeze.endedAt ?? freeze.until);
    if (nowMs < end && freeze.endedAt === undefined) return { id, freeze };
  }
  return undefined;
}

/** Whether the plan runs when the class starts: a renewing plan does; others until `periodEnd`. */
function runsAt(membership: Membership, atMs: number): boolean {
  if (membership.status === 'ended') return false;
  if (atMs < membership.startedAt) return false;
  if (renews(membership) || membership.status === 'past-due') return true;
  return membership.periodEnd === undefined || atMs < membership.periodEnd;
}

function covers(list: readonly string[] | undefined, value: string): boolean {
  return list === undefined || list.length === 0 || list.includes(value);
}

/** A plan booking that still counts against the cap: used, or cancelled late. */
function counts(record: BookingCredit): boolean {
  return record.plan !== undefined && (record.state === 'used' || record.state === 'forfeited');
}

/** The plan's bookings in the cap period of `atMs` (other than `bookingId`). */
export function planUsesIn(
  bookingCredits: Readonly<Record<string, BookingCredit>>,
  period: CapPeriod,
  atMs: number,
  timeZone: string,
  bookingId?: string,
): number {
  const key = periodKey(period, atMs, timeZone);
  let used = 0;
  for (const [id, record] of Object.entries(bookingCredits)) {
    if (id === bookingId || !counts(record)) continue;
    if (periodKey(period, record.startsAt, timeZone) === key) used += 1;
  }
  return used;
}

const PERIOD_NAMES: Record<CapPeriod, { current: string; other: string }> = {
  day: { current: 'today', other: 'day' },
  week: { current: 'thisWeek', other: 'week' },
  month: { current: 'thisMonth', other: 'month' },
};

function capReached(count: number, per: CapPeriod, startsAt: number, nowMs: number, tz: string) {
  const current = periodKey(per, startsAt, tz) === periodKey(per, nowMs, tz);
  return new DomainError('failed-precondition', 'planCapReached', {
    count,
    period: PERIOD_NAMES[per][current ? 'current' : 'other'],
    date: periodKey(per, startsAt, tz),
  });
}

/**
 * Whether the member's plan pays for this class, or why not, in order: no plan; a credits plan
 * (its credits pay, not the plan); not running that day; past due; class type or branch not
 * covered; a guest seat the plan does not pay for; frozen at the class's start; blocked after a
 * late cancel or no-show; the cap of the class's day, week or month reached.
 */
export function planEntitlement(request: PlanRequest): { membership: Membership } | DomainError {
  const { membership, cls, timeZone, nowMs } = request;
  if (!membership || membership.terms.kind === 'credits')
    return new DomainError('failed-precondition', 'noMembership');
  const plan = membership.terms.name;
  if (!runsAt(membership, cls.startsAt))
    return new DomainError('failed-precondition', 'planNotRunning');
  if (membership.status === 'past-due')
    return new DomainError('failed-precondition', 'planPastDue');
  const { covers: coverage } = membership.terms;
  if (!covers(coverage?.exercises, cls.exercise) || !covers(coverage?.branches, cls.branch))
    return new DomainError('failed-precondition', 'planNotCovered', { plan });
  if (request.guest === true && membership.terms.guestSeats !== true)
    return new DomainError('failed-precondition', 'guestSeatsNotOnPlan');
  const freeze = freezeAt(membership, cls.startsAt);
  if (freeze)
    return new DomainError('failed-precondition', 'planFrozen', {
      until: formatDate(Math.min(freeze.until, freeze.endedAt ?? freeze.until), timeZone),
    });
  if (membership.blockedUntil !== undefined && nowMs < membership.blockedUntil)
    return new DomainError('failed-precondition', 'planBlocked', {
      until: formatDate(membership.blockedUntil, timeZone),
    });
  const cap = planCap(membership.terms);
  if (cap) {
    const used = planUsesIn(
      request.bookingCredits,
      cap.per,
      cls.startsAt,
      timeZone,
      request.bookingId,
    );
    if (used >= cap.count) return capReached(cap.count, cap.per, cls.startsAt, nowMs, timeZone);
  }
  return { membership };
}

/**
 * Refusals that mean "this plan is not for this class" (a credit pays, as the member was shown);
 * the others mean "your plan would pay, but not now", and are what the member hears when they
 * have no credit either.
 */
const NOT_FOR_THIS_CLASS: ReadonlySet<string> = new Set([
  'noMembership',
  'planNotRunning',
  'planNotCovered',
  'guestSeatsNotOnPlan',
]);

export type PaymentDecision =
  | { payWith: 'plan'; membershipId: string; planId: string; planName: string }
  /** `planRefusal`: why the plan does not pay, said instead of "no credit" when none is left. */
  | { payWith: 'credits'; planRefusal?: DomainError | undefined };

/**
 * How a booking is paid (docs/architecture/plans.md): by the plan when it covers the
 * class and its cap allows, otherwise by a credit of the class's kind; `payWith: 'credits'` (the
 * member's choice) always takes a credit, `payWith: 'plan'` refuses rather than take one. A
 * frozen plan refuses unless the member chose credits: its message offers to end the freeze.
 */
export function decidePayment(
  request: PlanRequest & { payWith?: PayWith | undefined },
): PaymentDecision | DomainError {
  if (request.payWith === 'credits') return { payWith: 'credits' };
  const entitled = planEntitlement(request);
  if (!(entitled instanceof DomainError)) {
    const { membership } = entitled;
    return {
      payWith: 'plan',
      membershipId: membership.id,
      planId: membership.planId,
      planName: membership.terms.name,
    };
  }
  if (request.payWith === 'plan') return entitled;
  if (entitled.messageKey === 'planFrozen') return entitled;
  if (NOT_FOR_THIS_CLASS.has(entitled.messageKey)) return { payWith: 'credits' };
  return { payWith: 'credits', planRefusal: entitled };
}
