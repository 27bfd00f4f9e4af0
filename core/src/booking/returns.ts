/**
 * Money given back on a purchase (refunds, card disputes) and what it does to the purchase's
 * credits. Pure: the payments functions run `settlePurchaseReturn` inside the member's wallet
 * transaction, both when the refund or dispute arrives and when the purchase is granted, so the
 * order in which Stripe's events arrive does not matter.
 *
 * The rule: the money given back is the refunds plus every lost dispute (capped at the charge).
 * All of it back takes back every credit of the purchase still unused; part of it takes back the
 * same share of the credits granted, rounded up (a partial refund never leaves the member a credit
 * the kept money did not fully pay for), of those still unused. Credits already used stay used.
 * While a dispute is open the purchase's unused credits are held (not usable, not expiring);
 * closed, the hold is released and a lost one counts as money given back.
 */
import type { MessageKey } from '../messages';
import type { CreditKind } from '../schemas/common';
import type { LedgerEntry } from '../schemas/ledger';
import type { CreditEntry, CreditsList, DisputeState, PurchaseReturn } from '../schemas/user';
import { ledgerEntry } from './wallet';
import type { WalletChange } from './wallet';

/** The member-node field the returns live in (one entry per purchase id). */
export const PURCHASE_RETURNS_FIELD = 'purchase-returns';

/**
 * Credits a purchase of `granted` credits for `paid` gives back when `returned` of it was given
 * back: all of them for all the money, otherwise the returned share rounded up.
 */
export function creditsToTakeBack(granted: number, paid: number, returned: number): number {
  if (granted <= 0 || returned <= 0) return 0;
  if (paid <= 0 || returned >= paid) return granted;
  return Math.min(granted, Math.ceil((granted * returned) / paid));
}

/** Refunds plus lost disputes, never more than the charge. */
export function returnedAmount(state: PurchaseReturn): number {
  const lost = Object.values(state.disputes ?? {})
    .filter((dispute) => dispute.status === 'lost')
    .reduce((sum, dispute) => sum + dispute.amount, 0);
  return Math.min(state.amount, state.refunded + lost);
}

/** What one Stripe event says about a purchase's charge. */
export interface ReturnUpdate {
  chargeId: string;
  amount: number;
  /** Stripe's cumulative `amount_refunded`. */
  refunded?: number;
  dispute?: { id: string; status: DisputeState; amount: number };
}

/**
 * The stored state after an event, whatever order events arrive in: refunds only grow, and a
 * dispute's closed status (won or lost) is never taken back by a late `open`.
 */
export function mergePurchaseReturn(
  stored: PurchaseReturn | undefined,
  update: ReturnUpdate,
  nowMs: number,
): PurchaseReturn {
  const next: PurchaseReturn = {
    chargeId: update.chargeId,
    amount: Math.max(stored?.amount ?? 0, update.amount),
    refunded: Math.max(stored?.refunded ?? 0, update.refunded ?? 0),
    taken: stored?.taken ?? 0,
    at: nowMs,
  };
  const disputes = { ...stored?.disputes };
  if (update.dispute) {
    const known = disputes[update.dispute.id];
    const closed = known !== undefined && known.status !== 'open';
    if (!closed)
      disputes[update.dispute.id] = {
        status: update.dispute.status,
        amount: update.dispute.amount,
      };
  }
  if (Object.keys(disputes).length > 0) next.disputes = disputes;
  return next;
}

export interface ReturnSettleRequest {
  /** Checkout session or invoice id: the credits' `sourceId`. */
  purchaseId: string;
  /** Credits the purchase's grant created (its own record); undefined: not granted yet. */
  granted: number | undefined;
  state: PurchaseReturn;
  nowMs: number;
}

export interface ReturnSettleResult {
  /** Credits removed (`removeCredits`), holds set or released (`addCredits`), ledger entries. */
  change: WalletChange;
  state: PurchaseReturn;
  taken: number;
  held: number;
  released: number;
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function openDispute(state: PurchaseReturn): string | undefined {
  return Object.entries(state.disputes ?? {})
    .filter(([, dispute]) => dispute.status === 'open')
    .map(([id]) => id)
    .sort(byId)[0];
}

/** One delta-carrying ledger entry per credit kind, named by the first credit id it moves. */
function entriesByKind(
  type: 'revoke' | 'hold' | 'release',
  moved: readonly [string, CreditEntry][],
  fields: {
    /** Before the first credit id: the type, plus the dispute for holds and releases. */
    idPrefix: string;
    delta: (count: number) => number;
    reasonKey: MessageKey;
    purchaseId: string;
  },
  nowMs: number,
): Record<string, LedgerEntry> {
  const kinds = new Map<CreditKind, string[]>();
  for (const [id, credit] of moved) kinds.set(credit.kind, [...(kinds.get(credit.kind) ?? []), id]);
  const out: Record<string, LedgerEntry> = {};
  for (const [kind, ids] of kinds) {
    const sorted = [...ids].sort(byId);
    out[`${fields.idPrefix}-${sorted[0] ?? ''}`] = ledgerEntry({
      type,
      kind,
      delta: fields.delta(sorted.length),
      reasonKey: fields.reasonKey,
      reasonParams: { count: sorted.length },
      creditIds: sorted,
      sourceId: fields.purchaseId,
      at: nowMs,
      by: 'system',
    });
  }
  return out;
}

/**
 * Brings a purchase's credits in line with its returns: takes back what is owed and not taken
 * yet (unused credits only; credits held by a booking in flight are left alone), holds the rest
 * while a dispute is open, releases dispute holds when none is. Running it again changes nothing.
 * Ledger ids derive from the first credit each entry moves (a credit leaves once, and is held
 * once per dispute), so a replayed step rewrites the same entry.
 */
export function settlePurchaseReturn(
  credits: CreditsList,
  request: ReturnSettleRequest,
): ReturnSettleResult {
  const { purchaseId, granted, state, nowMs } = request;
  const none = { change: {}, state, taken: 0, held: 0, released: 0 };
  if (granted === undefined) return none;
  const mine = Object.entries(credits)
    .filter(([, credit]) => credit.sourceId === purchaseId)
    .sort(([a], [b]) => byId(b, a));
  const owed = creditsToTakeBack(granted, state.amount, returnedAmount(state));
  const bookingHeld = (credit: CreditEntry) =>
    credit.hold !== undefined && 'classId' in credit.hold;
  const take = mine
    .filter(([, credit]) => !bookingHeld(credit))
    .slice(0, Math.max(0, owed - state.taken));
  const takenIds = new Set(take.map(([id]) => id));
  const kept = mine.filter(([id]) => !takenIds.has(id));

  const dispute = openDispute(state);
  const hold = dispute === undefined ? [] : kept.filter(([, credit]) => credit.hold === undefined);
  const release =
    dispute === undefined
      ? kept.filter(([, credit]) => credit.hold !== undefined && 'disputeId' in credit.hold)
      : [];

  const addCredits: Record<string, CreditEntry> = {};
  for (const [id, credit] of hold)
    addCredits[id] = { ...credit, hold: { disputeId: dispute ?? '', at: nowMs } };
  const releasedFrom = new Map<string, [string, CreditEntry][]>();
  for (const [id, credit] of release) {
    const { hold: previous, ...rest } = credit;
    addCredits[id] = rest;
    const from = previous !== undefined && 'disputeId' in previous ? previous.disputeId : '';
    releasedFrom.set(from, [...(releasedFrom.get(from) ?? []), [id, credit]]);
  }
  const lostDispute = Object.values(state.disputes ?? {}).some((d) => d.status === 'lost');
  const outbox: Record<string, LedgerEntry> = {
    ...entriesByKind(
      'revoke',
      take,
      {
        idPrefix: 'revoke',
        delta: (count) => -count,
        reasonKey: lostDispute && state.refunded === 0 ? 'ledgerRevokeDispute' : 'ledgerRevoke',
        purchaseId,
      },
      nowMs,
    ),
    ...entriesByKind(
      'hold',
      hold,
      {
        idPrefix: `hold-${dispute ?? ''}`,
        delta: () => 0,
        reasonKey: 'ledgerHoldDispute',
        purchaseId,
      },
      nowMs,
    ),
  };
  for (const [from, moved] of releasedFrom)
    Object.assign(
      outbox,
      entriesByKind(
        'release',
        moved,
        {
          idPrefix: `release-${from}`,
          delta: () => 0,
          reasonKey: 'ledgerReleaseDispute',
          purchaseId,
        },
        nowMs,
      ),
    );
  if (take.length === 0 && hold.length === 0 && release.length === 0) return none;
  const change: WalletChange = { addCredits, outbox };
  if (take.length > 0) change.removeCredits = take.map(([id]) => id).sort(byId);
  return {
    change,
    state: { ...state, taken: state.taken + take.length, at: nowMs },
    taken: take.length,
    held: hold.length,
    released: release.length,
  };
}
