// Freezes (docs/architecture/plans.md): a member pauses their own plan within the studio's
// limits, or an admin freezes one plan or many. Pure: which span a request means, whether the
// studio allows it, and the membership after it starts or ends early. Frozen days extend the
// commitment's end; billing pauses through Stripe (the functions' part).
import { DomainError } from '../errors';
import type { Settings } from '../settings';
import type { Membership, MembershipFreeze } from '../schemas/plans';
import { addDays, formatDate, toEpoch } from '../time';
import type { DateString } from '../time';
import { currentFreeze } from './entitlement';

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

export type FreezeLimits = Pick<
  Settings,
  'freezeMinDays' | 'freezeMaxDays' | 'freezesPerYear' | 'timeZone'
>;

export interface FreezeRequest {
  membership: Membership | undefined;
  /** Days from `from`, or a studio date the freeze ends on (exclusive): exactly one. */
  days?: number | undefined;
  until?: DateString | undefined;
  /** A studio date it starts on; absent: now. */
  from?: DateString | undefined;
  by: 'member' | 'admin';
  bulkId?: string | undefined;
  settings: FreezeLimits;
  nowMs: number;
}

/** Whether the plan can be frozen at all: it runs and is not ended. */
function running(membership: Membership | undefined): membership is Membership {
  return membership !== undefined && membership.status !== 'ended';
}

/** Freezes a member started themselves in the 365 days before `nowMs`. */
export function memberFreezesInYear(membership: Membership, nowMs: number): MembershipFreeze[] {
  return Object.values(membership.freezes ?? {})
    .filter((freeze) => freeze.by === 'member' && freeze.requestedAt > nowMs - YEAR_MS)
    .sort((a, b) => a.requestedAt - b.requestedAt);
}

/**
 * The freeze a request means, or why not: no running plan; already frozen (or one booked); a
 * start or end in the past; the plan ends first; and for a member, the studio's limits (freezes
 * off, shortest and longest length, how many a year). An admin's freeze is bounded only by a year.
 */
export function planFreeze(request: FreezeRequest): MembershipFreeze | DomainError {
  const { membership, settings, nowMs, by } = request;
  const tz = settings.timeZone;
  if (!running(membership)) return new DomainError('failed-precondition', 'noMembership');
  const existing = currentFreeze(membership, nowMs);
  if (existing)
    return new DomainError('failed-precondition', 'alreadyFrozen', {
      until: formatDate(existing.freeze.until, tz),
    });
  if (membership.pendingChange !== undefined)
    return new DomainError('failed-precondition', 'planChangePending', {
      plan: membership.pendingChange.name,
      date: formatDate(membership.pendingChange.at, tz),
    });
  const today = formatDate(nowMs, tz);
  if (request.from !== undefined && request.from < today)
    return new DomainError('invalid-argument', 'freezeInPast');
  const fromDate = request.from ?? today;
  const from =
    request.from === undefined || request.from === today ? nowMs : toEpoch(fromDate, '00:00', tz);
  const untilDate = request.until ?? addDays(fromDate, request.days ?? 0);
  if (untilDate <= fromDate || untilDate <= today)
    return new DomainError('invalid-argument', 'freezeInPast');
  const until = toEpoch(untilDate, '00:00', tz);
  const days = Math.round(
    (toEpoch(untilDate, '00:00', tz) - toEpoch(fromDate, '00:00', tz)) / DAY_MS,
  );
  const renews = membership.source === 'stripe' && membership.status === 'active';
  if (!renews && membership.periodEnd !== undefined && membership.periodEnd < until)
    return new DomainError('failed-precondition', 'freezeAfterPlanEnds', {
      date: formatDate(membership.periodEnd, tz),
    });
  if (by === 'member') {
    if (settings.freezesPerYear === 0) return new DomainError('failed-precondition', 'freezesOff');
    if (days < settings.freezeMinDays)
      return new DomainError('invalid-argument', 'freezeTooShort', {
        days: settings.freezeMinDays,
      });
    if (days > settings.freezeMaxDays)
      return new DomainError('invalid-argument', 'freezeTooLong', { days: settings.freezeMaxDays });
    const used = memberFreezesInYear(membership, nowMs);
    if (used.length >= settings.freezesPerYear) {
      const oldest = used[0] as MembershipFreeze;
      return new DomainError('failed-precondition', 'freezesUsedUp', {
        count: settings.freezesPerYear,
        date: formatDate(oldest.requestedAt + YEAR_MS, tz),
      });
    }
  }
  const freeze: MembershipFreeze = { from, until, by, requestedAt: nowMs };
  if (request.bulkId !== undefined) freeze.bulkId = request.bulkId;
  return freeze;
}

/** How long a freeze actually lasts (to its end, or to when it was ended early). */
export function frozenMs(freeze: MembershipFreeze): number {
  return Math.max(0, Math.min(freeze.until, freeze.endedAt ?? freeze.until) - freeze.from);
}

/**
 * The membership with a freeze added: it is the current one (`freezeId`, `frozenUntil`), and the
 * commitment ends later by its length. A plan that does not renew (a gift, cash) also runs later
 * by it.
 */
export function withFreeze(
  membership: Membership,
  freezeId: string,
  freeze: MembershipFreeze,
  nowMs: number,
): Membership {
  const length = frozenMs(freeze);
  const next: Membership = {
    ...membership,
    freezes: { ...membership.freezes, [freezeId]: freeze },
    freezeId,
    frozenUntil: freeze.until,
    updatedAt: nowMs,
  };
  if (membership.commitmentEndsAt !== undefined)
    next.commitmentEndsAt = membership.commitmentEndsAt + length;
  if (membership.source !== 'stripe' && membership.periodEnd !== undefined)
    next.periodEnd = membership.periodEnd + length;
  return next;
}

/**
 * The membership with its current freeze ended now (`endFreeze`): the days not taken come off the
 * commitment's extension again. A freeze booked for later is called off (it lasted nothing).
 */
export function withFreezeEnded(
  membership: Membership,
  nowMs: number,
): { membership: Membership; freezeId: string; freeze: MembershipFreeze } | DomainError {
  const current = currentFreeze(membership, nowMs);
  if (!current) return new DomainError('failed-precondition', 'notFrozen');
  const { id, freeze } = current;
  const ended: MembershipFreeze = { ...freeze, endedAt: Math.max(nowMs, freeze.from) };
  const unused = frozenMs(freeze) - frozenMs(ended);
  const next: Membership = {
    ...membership,
    freezes: { ...membership.freezes, [id]: ended },
    updatedAt: nowMs,
  };
  delete next.freezeId;
  delete next.frozenUntil;
  if (membership.commitmentEndsAt !== undefined)
    next.commitmentEndsAt = membership.commitmentEndsAt - unused;
  if (membership.source !== 'stripe' && membership.periodEnd !== undefined)
    next.periodEnd = membership.periodEnd - unused;
  return { membership: next, freezeId: id, freeze: ended };
}

/** A freeze that has run out by `nowMs` is no longer current (the job clears the marker). */
export function withFreezeOver(membership: Membership, nowMs: number): Membership | undefined {
  if (membership.frozenUntil === undefined || membership.frozenUntil > nowMs) return undefined;
  const next: Membership = { ...membership, updatedAt: nowMs };
  delete next.freezeId;
  delete next.frozenUntil;
  return next;
}

/** A freeze's span as the member reads it: studio dates, the end exclusive. */
export function freezeDates(
  freeze: MembershipFreeze,
  tz: string,
): { from: DateString; until: DateString } {
  return { from: formatDate(freeze.from, tz), until: formatDate(freeze.until, tz) };
}
