/**
 * Pure transitions of a member's credits, one per transaction on `Users/{uid}`
 * (docs/decisions/030-booking-protocol.md). A transition returns a `WalletChange`;
 * `applyWalletChange` writes it
 * into the stored user node, leaving every field it does not own as it was, and recomputes
 * `Credits`. Every credit that moves gets its ledger entry in `ledger-outbox` in the same
 * change, so the ledger always explains the list, whatever happens after.
 */
import { DomainError, parseStored } from '../errors';
import { t } from '../messages';
import { asRecord } from '../raw-data';
import type { MessageKey, MessageParams } from '../messages';
import type { BookingEndOutcome, StudioClass } from '../schemas/classes';
import type { CreditKind } from '../schemas/common';
import { CREDIT_KINDS, rtdbMap } from '../schemas/common';
import { ledgerEntrySchema } from '../schemas/ledger';
import type { LedgerEntry, LedgerType } from '../schemas/ledger';
import { bookingCreditSchema, creditsListSchema } from '../schemas/user';
import { membershipSchema, planFeeSchema } from '../schemas/plans';
import type { Membership, PlanFee } from '../schemas/plans';
import type { PayWith } from '../schemas/inputs';
import { decidePayment } from '../plans/entitlement';
import { planPenalty } from '../plans/penalties';
import type {
  BookingCredit,
  BookingCreditState,
  CreditEntry,
  CreditsList,
  UsedCredit,
} from '../schemas/user';
import { creditForClass } from './can-book';
import {
  creditExpiry,
  creditIdsFor,
  expiredCreditIds,
  isCreditUsable,
  usableCount,
  usableRegularCount,
} from './credits';

export const WALLET_FIELDS = {
  credits: 'credits-list',
  bookingCredits: 'booking-credits',
  outbox: 'ledger-outbox',
  count: 'Credits',
  membership: 'membership',
  planFees: 'plan-fees',
} as const;

/** What the credit transactions read from `Users/{uid}`. */
export interface Wallet {
  exists: boolean;
  waiverAccepted: boolean;
  credits: CreditsList;
  bookingCredits: Record<string, BookingCredit>;
  outbox: Record<string, LedgerEntry>;
  /** `Credits` as stored (undefined when missing). */
  count: number | undefined;
  /** The member's plan, which may pay for bookings (docs/architecture/plans.md). */
  membership: Membership | undefined;
  planFees: Record<string, PlanFee>;
}

/** What a transition changes; fields it leaves out stay as they are. */
export interface WalletChange {
  removeCredits?: readonly string[];
  addCredits?: Readonly<Record<string, CreditEntry>>;
  bookingCredits?: Readonly<Record<string, BookingCredit | null>>;
  outbox?: Readonly<Record<string, LedgerEntry>>;
  /** The plan after a late cancel or no-show blocked it. */
  membership?: Membership;
  /** Plan fees to record (charged by the functions after the transaction). */
  planFees?: Readonly<Record<string, PlanFee>>;
}

const bookingCreditsSchema = rtdbMap(bookingCreditSchema);
const outboxSchema = rtdbMap(ledgerEntrySchema);
const planFeesSchema = rtdbMap(planFeeSchema);

/** An object node; a list the database returned for small integer keys becomes one again. */
function nodeRecord(value: unknown): Record<string, unknown> {
  if (Array.isArray(value))
    return Object.fromEntries(
      value.flatMap((entry: unknown, index) => (entry === null ? [] : [[String(index), entry]])),
    );
  return asRecord(value);
}

/** Parses the wallet out of a stored user node; a malformed node is `internal` (our bug). */
export function readWallet(user: unknown, path: string): Wallet {
  const node = nodeRecord(user);
  const count = node[WALLET_FIELDS.count];
  return {
    exists: user !== null && user !== undefined,
    waiverAccepted: node['Conditions'] === true,
    credits: parseStored(creditsListSchema, node[WALLET_FIELDS.credits] ?? {}, path),
    bookingCredits: parseStored(
      bookingCreditsSchema,
      node[WALLET_FIELDS.bookingCredits] ?? {},
      path,
    ),
    outbox: parseStored(outboxSchema, node[WALLET_FIELDS.outbox] ?? {}, path),
    count: typeof count === 'number' ? count : undefined,
    membership:
      node[WALLET_FIELDS.membership] === undefined || node[WALLET_FIELDS.membership] === null
        ? undefined
        : parseStored(membershipSchema, node[WALLET_FIELDS.membership], path),
    planFees: parseStored(planFeesSchema, node[WALLET_FIELDS.planFees] ?? {}, path),
  };
}

function withEntries(
  stored: unknown,
  remove: readonly string[],
  add: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const next: Record<string, unknown> = { ...nodeRecord(stored) };
  for (const id of remove) delete next[id];
  for (const [id, value] of Object.entries(add)) {
    if (value === null) delete next[id];
    else next[id] = value;
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

/**
 * The user node after `change`: credits removed/added, booking records and outbox entries
 * set, `Credits` recomputed as the usable regular credits at `nowMs`. Stored entries are
 * copied as they are (not re-serialised), so fields other code added survive.
 */
export function applyWalletChange(
  user: unknown,
  change: WalletChange,
  nowMs: number,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...nodeRecord(user) };
  const set = (field: string, value: Record<string, unknown> | undefined) => {
    if (value === undefined) delete next[field];
    else next[field] = value;
  };
  set(
    WALLET_FIELDS.credits,
    withEntries(next[WALLET_FIELDS.credits], change.removeCredits ?? [], change.addCredits ?? {}),
  );
  set(
    WALLET_FIELDS.bookingCredits,
    withEntries(next[WALLET_FIELDS.bookingCredits], [], change.bookingCredits ?? {}),
  );
  set(WALLET_FIELDS.outbox, withEntries(next[WALLET_FIELDS.outbox], [], change.outbox ?? {}));
  if (change.membership !== undefined) next[WALLET_FIELDS.membership] = change.membership;
  if (change.planFees !== undefined)
    set(WALLET_FIELDS.planFees, withEntries(next[WALLET_FIELDS.planFees], [], change.planFees));
  const credits = creditsListSchema.safeParse(next[WALLET_FIELDS.credits] ?? {});
  next[WALLET_FIELDS.count] = usableRegularCount(credits.success ? credits.data : {}, nowMs);
  return next;
}

/** Both changes at once (they must not touch the same entries). */
export function mergeChanges(a: WalletChange, b: WalletChange): WalletChange {
  return {
    removeCredits: [...(a.removeCredits ?? []), ...(b.removeCredits ?? [])],
    addCredits: { ...a.addCredits, ...b.addCredits },
    bookingCredits: { ...a.bookingCredits, ...b.bookingCredits },
    outbox: { ...a.outbox, ...b.outbox },
    ...((b.membership ?? a.membership) !== undefined
      ? { membership: b.membership ?? a.membership }
      : {}),
    ...(a.planFees || b.planFees ? { planFees: { ...a.planFees, ...b.planFees } } : {}),
  };
}

/** True when the change would leave the node exactly as it is (apart from `Credits`). */
export function isEmptyChange(change: WalletChange): boolean {
  return (
    (change.removeCredits?.length ?? 0) === 0 &&
    Object.keys(change.addCredits ?? {}).length === 0 &&
    Object.keys(change.bookingCredits ?? {}).length === 0 &&
    Object.keys(change.outbox ?? {}).length === 0 &&
    change.membership === undefined &&
    Object.keys(change.planFees ?? {}).length === 0
  );
}

interface LedgerFields {
  type: LedgerType;
  kind: CreditKind;
  delta: number;
  reasonKey: MessageKey;
  reasonParams?: MessageParams | undefined;
  /** An admin's own words; otherwise the English text of `reasonKey`. */
  reason?: string | undefined;
  creditId?: string | undefined;
  creditIds?: string[] | undefined;
  sourceId?: string | undefined;
  classId?: string | undefined;
  planId?: string | undefined;
  at: number;
  by: string;
}

export function ledgerEntry(fields: LedgerFields): LedgerEntry {
  const entry: LedgerEntry = {
    type: fields.type,
    kind: fields.kind,
    delta: fields.delta,
    reason: fields.reason ?? t(fields.reasonKey, 'en', fields.reasonParams),
    reasonKey: fields.reasonKey,
    at: fields.at,
    by: fields.by,
  };
  if (fields.reasonParams !== undefined) entry.reasonParams = { ...fields.reasonParams };
  if (fields.creditId !== undefined) entry.creditId = fields.creditId;
  if (fields.creditIds !== undefined) entry.creditIds = fields.creditIds;
  if (fields.sourceId !== undefined) entry.sourceId = fields.sourceId;
  if (fields.classId !== undefined) entry.classId = fields.classId;
  if (fields.planId !== undefined) entry.planId = fields.planId;
  return entry;
}

/**
 * Ledger ids derived from the booking id, so a replayed step rewrites the same entry. A plan
 * booking's entries (`plan-use`, `plan-refund`, `plan-forfeit`) take the same ids.
 */
export const ledgerIds = {
  use: (bookingId: string) => `use-${bookingId}`,
  refund: (bookingId: string) => `refund-${bookingId}`,
  forfeit: (bookingId: string) => `forfeit-${bookingId}`,
  adjust: (adjustId: string) => `adjust-${adjustId}`,
  expire: (runId: string, kind: CreditKind) => `expire-${runId}-${kind}`,
} as const;

function snapshot(credit: CreditEntry): UsedCredit {
  const { hold: _hold, ...rest } = credit;
  return rest;
}

export interface ConsumeRequest {
  uid: string;
  bookingId: string;
  classId: string;
  cls: Pick<StudioClass, 'startsAt' | 'creditKind'>;
  nowMs: number;
}

/** What a plan booking records in place of a credit id (no credit has it): `plan-{bookingId}`. */
export function planPaymentId(bookingId: string): string {
  return `plan-${bookingId}`;
}

/** How the member pays, decided on the committed node (core/src/plans/entitlement.ts). */
export interface PaymentRequest extends ConsumeRequest {
  cls: Pick<StudioClass, 'startsAt' | 'creditKind' | 'exercise' | 'branch'>;
  /** What the member was shown and confirmed: 'plan', 'credits', or absent (the plan if it can). */
  payWith?: PayWith | undefined;
  guest?: boolean | undefined;
  timeZone: string;
}

export interface BookingPayment {
  change: WalletChange;
  /** The credit used, or `planPaymentId(bookingId)` for a plan booking. */
  creditId: string;
  paidBy: 'plan' | 'credits';
}

/**
 * Pays for a reserved seat with the member's plan or a credit, decided on the node as committed
 * (`decidePayment`): the plan's uses of the class's day, week or month are counted here, inside
 * the member's transaction, so of two bookings racing over a cap exactly one is recorded. A
 * booking confirmed as paid by the plan is never switched to a credit silently: when the plan
 * can no longer pay (`payWith: 'plan'`), the booking is refused with the plan's reason.
 */
export function payForBooking(
  wallet: Wallet,
  request: PaymentRequest,
): BookingPayment | DomainError {
  const { bookingId, classId, cls, nowMs, uid } = request;
  const record = wallet.bookingCredits[bookingId];
  if (record?.state === 'used' && record.plan !== undefined)
    return { change: {}, creditId: planPaymentId(bookingId), paidBy: 'plan' };
  if (record?.plan === undefined && record?.state === 'used') {
    const consumed = consumeCredit(wallet, request);
    return consumed instanceof DomainError
      ? consumed
      : { change: consumed.change, creditId: consumed.creditId, paidBy: 'credits' };
  }
  if (record) return new DomainError('aborted', 'tryAgain');
  if (!wallet.waiverAccepted) return new DomainError('failed-precondition', 'waiverNotAccepted');
  const decision = decidePayment({
    membership: wallet.membership,
    bookingCredits: wallet.bookingCredits,
    cls,
    bookingId,
    guest: request.guest,
    timeZone: request.timeZone,
    nowMs,
    payWith: request.payWith,
  });
  if (decision instanceof DomainError) return decision;
  if (decision.payWith === 'credits') {
    const consumed = consumeCredit(wallet, request);
    if (consumed instanceof DomainError) return decision.planRefusal ?? consumed;
    return { change: consumed.change, creditId: consumed.creditId, paidBy: 'credits' };
  }
  return {
    creditId: planPaymentId(bookingId),
    paidBy: 'plan',
    change: {
      bookingCredits: {
        [bookingId]: {
          classId,
          state: 'used',
          creditId: planPaymentId(bookingId),
          plan: { membershipId: decision.membershipId, planId: decision.planId },
          at: nowMs,
          startsAt: cls.startsAt,
        },
      },
      outbox: {
        [ledgerIds.use(bookingId)]: ledgerEntry({
          type: 'plan-use',
          kind: cls.creditKind,
          delta: 0,
          reasonKey: 'ledgerPlanUse',
          reasonParams: { plan: decision.planName },
          sourceId: bookingId,
          classId,
          planId: decision.planId,
          at: nowMs,
          by: uid,
        }),
      },
    },
  };
}

/**
 * Consumes the member's credit for a reserved seat: the usable credit of the class's kind that
 * expires first (and is still valid at the start) leaves `credits-list`, the booking's record
 * says 'used' with a copy of the credit, and the ledger gets `use-{bookingId}`. Running it again
 * changes nothing; a booking that already ended or was voided is refused (`tryAgain`).
 */
export function consumeCredit(
  wallet: Wallet,
  request: ConsumeRequest,
): { change: WalletChange; creditId: string; credit: UsedCredit } | DomainError {
  const { bookingId, classId, cls, nowMs, uid } = request;
  const record = wallet.bookingCredits[bookingId];
  if (record?.state === 'used' && record.creditId !== undefined && record.credit !== undefined)
    return { change: {}, creditId: record.creditId, credit: record.credit };
  if (record) return new DomainError('aborted', 'tryAgain');
  const picked = creditForClass(wallet.waiverAccepted, wallet.credits, cls, nowMs);
  if (picked instanceof DomainError) return picked;
  const credit = snapshot(picked.credit);
  return {
    creditId: picked.id,
    credit,
    change: {
      removeCredits: [picked.id],
      bookingCredits: {
        [bookingId]: {
          classId,
          state: 'used',
          creditId: picked.id,
          credit,
          at: nowMs,
          startsAt: cls.startsAt,
        },
      },
      outbox: {
        [ledgerIds.use(bookingId)]: ledgerEntry({
          type: 'use',
          kind: credit.kind,
          delta: -1,
          reasonKey: 'ledgerUse',
          creditId: picked.id,
          sourceId: bookingId,
          classId,
          at: nowMs,
          by: uid,
        }),
      },
    },
  };
}

/**
 * For a booking left pending by a call that stopped: consume the credit now if the member
 * still has one, otherwise record the booking as 'void' in the same transaction — which also
 * stops the stopped call from consuming later, so its seat can be given back safely. An
 * existing record is left as it is.
 */
export function consumeOrVoid(
  wallet: Wallet,
  request: ConsumeRequest | PaymentRequest,
): { change: WalletChange; state: BookingCreditState } {
  const record = wallet.bookingCredits[request.bookingId];
  if (record) return { change: {}, state: record.state };
  const consumed =
    'timeZone' in request ? payForBooking(wallet, request) : consumeCredit(wallet, request);
  if (!(consumed instanceof DomainError)) return { change: consumed.change, state: 'used' };
  return settleCredit(wallet, {
    bookingId: request.bookingId,
    classId: request.classId,
    startsAt: request.cls.startsAt,
    outcome: 'void',
    nowMs: request.nowMs,
    by: 'system',
  });
}

export interface SettleRequest {
  bookingId: string;
  classId: string;
  startsAt: number;
  /** How the booking ended; 'void' when it never became a booking (a released seat). */
  outcome: BookingEndOutcome | 'void';
  nowMs: number;
  by: string;
  /** The studio's currency, for a plan's late-cancel fee. */
  currency?: string | undefined;
}

const REFUND_REASON: Record<'refund' | 'class-cancelled', MessageKey> = {
  refund: 'ledgerRefund',
  'class-cancelled': 'ledgerClassCancelled',
};

/**
 * Settles the credit of a booking that ended. From 'used': a refund puts the same credit back
 * (its original expiry) with `refund-{bookingId}`; a late cancel records `forfeit-{bookingId}`.
 * With no record (no credit was consumed yet) the record becomes 'void', which also stops a
 * consumption still in flight. A settled record is never settled again.
 */
export function settleCredit(
  wallet: Wallet,
  request: SettleRequest,
): { change: WalletChange; state: BookingCreditState } {
  const { bookingId, classId, startsAt, outcome, nowMs, by } = request;
  const record = wallet.bookingCredits[bookingId];
  if (!record) {
    return {
      state: 'void',
      change: { bookingCredits: { [bookingId]: { classId, state: 'void', at: nowMs, startsAt } } },
    };
  }
  if (record.state !== 'used' || outcome === 'void') return { change: {}, state: record.state };
  if (record.plan !== undefined) return settlePlanBooking(wallet, record, request);
  const creditId = record.creditId ?? bookingId;
  if (outcome === 'late') {
    return {
      state: 'forfeited',
      change: {
        bookingCredits: { [bookingId]: { ...record, state: 'forfeited', at: nowMs } },
        outbox: {
          [ledgerIds.forfeit(bookingId)]: ledgerEntry({
            type: 'forfeit',
            kind: record.credit?.kind ?? 'regular',
            delta: 0,
            reasonKey: 'ledgerForfeit',
            creditId,
            sourceId: bookingId,
            classId,
            at: nowMs,
            by,
          }),
        },
      },
    };
  }
  const credit = record.credit;
  if (!credit) return { change: {}, state: record.state };
  // The id is free unless something re-granted it meanwhile; then the refund gets its own.
  const refundId = wallet.credits[creditId] ? `refund-${bookingId}` : creditId;
  return {
    state: 'refunded',
    change: {
      addCredits: { [refundId]: credit },
      bookingCredits: { [bookingId]: { ...record, state: 'refunded', at: nowMs } },
      outbox: {
        [ledgerIds.refund(bookingId)]: ledgerEntry({
          type: 'refund',
          kind: credit.kind,
          delta: 1,
          reasonKey: REFUND_REASON[outcome],
          creditId: refundId,
          sourceId: bookingId,
          classId,
          at: nowMs,
          by,
        }),
      },
    },
  };
}

/**
 * A plan booking that ended: in time (or the studio cancelled) it stops counting against the
 * cap (`plan-refund`); late it still counts (`plan-forfeit`) and the plan's late-cancel policy
 * applies once, in the same transaction (a block on the plan, or a fee to charge).
 */
function settlePlanBooking(
  wallet: Wallet,
  record: BookingCredit,
  request: SettleRequest,
): { change: WalletChange; state: BookingCreditState } {
  const { bookingId, classId, nowMs, by } = request;
  const planId = record.plan?.planId;
  const late = request.outcome === 'late';
  const penalty = late
    ? planPenalty(wallet.membership, 'late-cancel', {
        membershipId: record.plan?.membershipId ?? '',
        bookingId,
        classId,
        nowMs,
        currency: request.currency ?? 'USD',
      })
    : {};
  const state: BookingCreditState = late ? 'forfeited' : 'refunded';
  return {
    state,
    change: {
      ...penalty,
      bookingCredits: {
        [bookingId]: { ...record, state, at: nowMs, ...(late ? { penalty: 'late-cancel' } : {}) },
      },
      outbox: {
        [late ? ledgerIds.forfeit(bookingId) : ledgerIds.refund(bookingId)]: ledgerEntry({
          type: late ? 'plan-forfeit' : 'plan-refund',
          kind: 'regular',
          delta: 0,
          reasonKey: late ? 'ledgerPlanForfeit' : 'ledgerPlanRefund',
          sourceId: bookingId,
          classId,
          planId,
          at: nowMs,
          by,
        }),
      },
    },
  };
}

/**
 * A coach marked a plan booking a no-show: the plan's no-show policy applies, once per booking
 * (a credit booking costs nothing more: its credit is already used).
 */
export function applyNoShow(
  wallet: Wallet,
  request: { bookingId: string; classId: string; nowMs: number; currency: string },
): WalletChange {
  const record = wallet.bookingCredits[request.bookingId];
  if (record?.plan === undefined || record.state !== 'used' || record.penalty !== undefined)
    return {};
  const penalty = planPenalty(wallet.membership, 'no-show', {
    membershipId: record.plan.membershipId,
    bookingId: request.bookingId,
    classId: request.classId,
    nowMs: request.nowMs,
    currency: request.currency,
  });
  if (penalty.membership === undefined && penalty.planFees === undefined) return {};
  return {
    ...penalty,
    bookingCredits: { [request.bookingId]: { ...record, penalty: 'no-show' } },
  };
}

/** Removes credits past their expiry, one `expire` ledger entry per kind. */
export function expireCredits(
  wallet: Wallet,
  request: { runId: string; nowMs: number },
): { change: WalletChange; expired: number } {
  const ids = expiredCreditIds(wallet.credits, request.nowMs);
  if (ids.length === 0) return { change: {}, expired: 0 };
  const outbox: Record<string, LedgerEntry> = {};
  for (const kind of CREDIT_KINDS) {
    const ofKind = ids.filter((id) => wallet.credits[id]?.kind === kind);
    if (ofKind.length === 0) continue;
    outbox[ledgerIds.expire(request.runId, kind)] = ledgerEntry({
      type: 'expire',
      kind,
      delta: -ofKind.length,
      reasonKey: 'ledgerExpire',
      creditIds: ofKind,
      sourceId: request.runId,
      at: request.nowMs,
      by: 'system',
    });
  }
  return { change: { removeCredits: ids, outbox }, expired: ids.length };
}

/**
 * How long after its class starts a booking's credit record is kept. Nothing can change a
 * booking once its class has started (cancels and class cancellations are refused then), and
 * the reconciler settles what a crash left well within this time.
 */
export const BOOKING_RECORD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A plan booking's record is kept longer: it counts against a monthly cap until its month is
 * over (docs/architecture/plans.md).
 */
export const PLAN_RECORD_RETENTION_MS = 40 * 24 * 60 * 60 * 1000;

/** Booking records of classes that started more than `retentionMs` ago: nothing can change them. */
export function pruneBookingCredits(
  wallet: Wallet,
  request: { nowMs: number; retentionMs?: number },
): WalletChange {
  const retentionMs = request.retentionMs ?? BOOKING_RECORD_RETENTION_MS;
  const kept = (record: BookingCredit) =>
    record.plan === undefined ? retentionMs : Math.max(retentionMs, PLAN_RECORD_RETENTION_MS);
  const stale = Object.entries(wallet.bookingCredits)
    .filter(([, record]) => record.startsAt + kept(record) <= request.nowMs)
    .map(([id]) => [id, null] as const);
  return stale.length === 0 ? {} : { bookingCredits: Object.fromEntries(stale) };
}

export interface AdjustRequest {
  adjustId: string;
  kind: CreditKind;
  delta: number;
  reason: string;
  nowMs: number;
  validityDays: number;
  by: string;
}

/**
 * An admin's correction. Adding creates `delta` credits (ids from the adjustment id, expiry
 * from the studio's validity); removing takes the usable credits that expire first and refuses
 * when there are not enough (`negativeBalance`). One `adjust` ledger entry either way.
 */
export function adjustWallet(
  wallet: Wallet,
  request: AdjustRequest,
): { change: WalletChange; balance: number } | DomainError {
  const { adjustId, kind, delta, nowMs } = request;
  const entry = (creditIds: string[]) =>
    ledgerEntry({
      type: 'adjust',
      kind,
      delta,
      reasonKey: 'ledgerAdjust',
      reason: request.reason,
      creditIds,
      sourceId: adjustId,
      at: nowMs,
      by: request.by,
    });
  const balanceBefore = usableCount(wallet.credits, kind, nowMs);
  if (delta > 0) {
    const ids = creditIdsFor(`adjust-${adjustId}`, delta);
    const credit: CreditEntry = {
      kind,
      source: 'adjust',
      sourceId: adjustId,
      grantedAt: nowMs,
      expiresAt: creditExpiry(nowMs, request.validityDays),
    };
    return {
      balance: balanceBefore + delta,
      change: {
        addCredits: Object.fromEntries(ids.map((id) => [id, credit])),
        outbox: { [ledgerIds.adjust(adjustId)]: entry(ids) },
      },
    };
  }
  const usable = Object.entries(wallet.credits)
    .filter(([, credit]) => credit.kind === kind && isCreditUsable(credit, nowMs))
    .sort(
      ([idA, a], [idB, b]) =>
        a.expiresAt - b.expiresAt || a.grantedAt - b.grantedAt || (idA < idB ? -1 : 1),
    )
    .map(([id]) => id);
  if (usable.length < -delta) return new DomainError('failed-precondition', 'negativeBalance');
  const removed = usable.slice(0, -delta);
  return {
    balance: balanceBefore + delta,
    change: { removeCredits: removed, outbox: { [ledgerIds.adjust(adjustId)]: entry(removed) } },
  };
}
