import { assertKey } from '../keys';
import { CREDIT_HOLD_TIMEOUT_MS } from '../settings';
import type { CreditKind, PurchaseKind } from '../schemas/common';
import type { PackageKind } from '../schemas/catalog';
import type { LedgerEntry } from '../schemas/ledger';
import type { CreditEntry, CreditsList } from '../schemas/user';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PickedCredit {
  id: string;
  credit: CreditEntry;
}

type Credits = CreditsList | null | undefined;

function entries(credits: Credits): [string, CreditEntry][] {
  return credits ? Object.entries(credits) : [];
}

/** Usable at `atMs`: not expired yet (expiry is exclusive) and not held by a booking in flight. */
export function isCreditUsable(credit: CreditEntry, atMs: number): boolean {
  return credit.hold === undefined && atMs < credit.expiresAt;
}

/**
 * The credit a booking consumes: of the right kind, usable at `atMs`, expiring
 * soonest; ties broken by earliest grant, then by id, so the choice is deterministic.
 * Booking passes the class start as `atMs`: a credit must still be valid when the class runs.
 */
export function pickCredit(
  credits: Credits,
  kind: CreditKind,
  atMs: number,
): PickedCredit | undefined {
  let best: PickedCredit | undefined;
  for (const [id, credit] of entries(credits)) {
    if (credit.kind !== kind || !isCreditUsable(credit, atMs)) continue;
    if (!best || compareForUse({ id, credit }, best) < 0) best = { id, credit };
  }
  return best;
}

function compareForUse(a: PickedCredit, b: PickedCredit): number {
  return (
    a.credit.expiresAt - b.credit.expiresAt ||
    a.credit.grantedAt - b.credit.grantedAt ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function usableCount(credits: Credits, kind: CreditKind, nowMs: number): number {
  let count = 0;
  for (const [, credit] of entries(credits)) {
    if (credit.kind === kind && isCreditUsable(credit, nowMs)) count += 1;
  }
  return count;
}

/** What `Users/{uid}/Credits` must equal: usable regular credits now. */
export function usableRegularCount(credits: Credits, nowMs: number): number {
  return usableCount(credits, 'regular', nowMs);
}

/** Entries of a kind held, usable or not: what the ledger's deltas for that kind add up to. */
export function heldCount(credits: Credits, kind: CreditKind): number {
  return entries(credits).filter(([, credit]) => credit.kind === kind).length;
}

/** Sum of the ledger's deltas for one kind. */
export function ledgerBalance(ledger: Iterable<LedgerEntry>, kind: CreditKind): number {
  let balance = 0;
  for (const entry of ledger) if (entry.kind === kind) balance += entry.delta;
  return balance;
}

/** Credits past their expiry and not held: the expiry job removes them with an 'expire' entry. */
export function expiredCreditIds(credits: Credits, nowMs: number): string[] {
  return entries(credits)
    .filter(([, credit]) => credit.hold === undefined && credit.expiresAt <= nowMs)
    .map(([id]) => id)
    .sort();
}

/** Holds older than the timeout belong to a call that crashed; the reconciler settles them. */
export function staleHoldIds(
  credits: Credits,
  nowMs: number,
  timeoutMs: number = CREDIT_HOLD_TIMEOUT_MS,
): string[] {
  return entries(credits)
    .filter(([, credit]) => credit.hold !== undefined && credit.hold.at + timeoutMs <= nowMs)
    .map(([id]) => id)
    .sort();
}

export function creditExpiry(grantedAtMs: number, validityDays: number): number {
  return grantedAtMs + validityDays * DAY_MS;
}

/**
 * Ids for the credits of one grant, derived from its business id (checkout session, invoice,
 * audit entry): writing the same grant twice writes the same keys, so it cannot double.
 */
export function creditIdsFor(sourceKey: string, count: number): string[] {
  assertKey(sourceKey);
  return Array.from({ length: count }, (_, i) =>
    assertKey(`${sourceKey}-${String(i + 1).padStart(3, '0')}`),
  );
}

const PACKAGE_CREDIT_KIND: Record<PackageKind, CreditKind> = {
  credits: 'regular',
  single: 'regular',
  spcredits: 'special',
  'train-credits': 'train',
};

export function creditKindForPackage(kind: PackageKind): CreditKind {
  return PACKAGE_CREDIT_KIND[kind];
}

/** The package kinds a checkout of this kind may sell. */
export const PACKAGE_KINDS_FOR_PURCHASE: Record<PurchaseKind, readonly PackageKind[]> = {
  credits: ['credits', 'single'],
  spcredits: ['spcredits'],
  'train-credits': ['train-credits'],
  subscription: [],
  plan: [],
  cart: ['credits', 'single', 'spcredits', 'train-credits'],
};
