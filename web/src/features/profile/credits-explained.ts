// "Credits explained": each credit the member has had, where it came from (package,
// subscription period, refund, adjustment), when it expires and where it went (the class it
// paid for), rebuilt from the ledger (`CreditLedger/{uid}`) and the member's own record. Pure, so
// it is tested without a screen.
import type { CreditKind, CreditSource, LedgerEntry, User } from '@studio/core';

export type CreditOrigin =
  'package' | 'subscription' | 'refund' | 'adjustment' | 'imported' | 'other';
export type CreditFate = 'available' | 'used' | 'forfeited' | 'expired' | 'removed';

export interface ExplainedCredit {
  creditId: string;
  /**
   * The grant it came with: the ledger entry that gave it (a package, a subscription period, an
   * adjustment, a refund that made a new credit), else its source and grant time in the list.
   */
  grantKey: string;
  kind: CreditKind;
  origin: CreditOrigin;
  grantedAt: number;
  /** Known while the credit is held, and for one a booking used (its record keeps a copy). */
  expiresAt?: number;
  fate: CreditFate;
  /** When the fate was decided (the grant's time while available). */
  fateAt: number;
  /** The class it paid for (used, forfeited), or came back from (a refund). */
  classId?: string;
  /** It came back to the member after a cancel. */
  refunded?: boolean;
}

const ORIGIN_OF_SOURCE: Record<CreditSource, CreditOrigin> = {
  purchase: 'package',
  subscription: 'subscription',
  adjust: 'adjustment',
  seed: 'other',
  legacy: 'other',
  import: 'imported',
};

function grantOrigin(entry: LedgerEntry): CreditOrigin {
  if (entry.reasonKey === 'ledgerImported' || entry.reasonKey === 'ledgerImportUpdated') {
    return 'imported';
  }
  if (entry.type === 'adjust') return 'adjustment';
  if (entry.reasonKey === 'ledgerGrantSubscription') return 'subscription';
  if (entry.reasonKey === 'ledgerGrantPurchase') return 'package';
  return 'other';
}

const FATE_ORDER: Record<CreditFate, number> = {
  available: 0,
  used: 1,
  forfeited: 1,
  expired: 1,
  removed: 1,
};

/**
 * One line per credit, usable ones first (soonest expiry first), then the rest, latest first.
 * A credit the ledger does not name (given before it existed) still appears, from the list.
 */
export function explainCredits(
  ledger: Record<string, LedgerEntry>,
  user: User | null,
): ExplainedCredit[] {
  const credits = new Map<string, ExplainedCredit>();
  const list = user?.['credits-list'] ?? {};
  const records = user?.['booking-credits'] ?? {};
  const entries = Object.entries(ledger).sort(
    ([aId, a], [bId, b]) => a.at - b.at || (aId < bId ? -1 : aId > bId ? 1 : 0),
  );
  const decide = (id: string | undefined, entry: LedgerEntry, fate: CreditFate) => {
    const credit = id === undefined ? undefined : credits.get(id);
    if (!credit) return;
    credit.fate = fate;
    credit.fateAt = entry.at;
    if (entry.classId !== undefined) credit.classId = entry.classId;
    if (fate === 'used' || fate === 'forfeited') {
      const expiry = entry.sourceId && records[entry.sourceId]?.credit?.expiresAt;
      if (typeof expiry === 'number') credit.expiresAt = expiry;
    }
  };

  for (const [entryId, entry] of entries) {
    switch (entry.type) {
      case 'grant':
      case 'adjust':
        if (entry.delta > 0) {
          for (const id of entry.creditIds ?? []) {
            credits.set(id, {
              creditId: id,
              grantKey: `ledger:${entryId}`,
              kind: entry.kind,
              origin: grantOrigin(entry),
              grantedAt: entry.at,
              fate: 'available',
              fateAt: entry.at,
            });
          }
        } else {
          for (const id of entry.creditIds ?? []) decide(id, entry, 'removed');
        }
        break;
      case 'use':
        decide(entry.creditId, entry, 'used');
        break;
      case 'forfeit':
        decide(entry.creditId, entry, 'forfeited');
        break;
      case 'refund': {
        const id = entry.creditId;
        if (id === undefined) break;
        const back = credits.get(id) ?? {
          creditId: id,
          grantKey: `ledger:${entryId}`,
          kind: entry.kind,
          origin: 'refund' as const,
          grantedAt: entry.at,
          fate: 'available' as const,
          fateAt: entry.at,
        };
        back.fate = 'available';
        back.fateAt = entry.at;
        back.refunded = true;
        if (entry.classId !== undefined) back.classId = entry.classId;
        credits.set(id, back);
        break;
      }
      case 'expire':
        for (const id of entry.creditIds ?? []) decide(id, entry, 'expired');
        break;
      case 'revoke':
        for (const id of entry.creditIds ?? []) decide(id, entry, 'removed');
        break;
      default:
        // Holds and releases change no credit's story: it stays where it is.
        break;
    }
  }

  for (const [id, held] of Object.entries(list)) {
    const known = credits.get(id);
    const credit: ExplainedCredit = known ?? {
      creditId: id,
      grantKey: `list:${held.source}:${held.sourceId ?? ''}:${held.kind}:${held.grantedAt}`,
      kind: held.kind,
      origin: ORIGIN_OF_SOURCE[held.source],
      grantedAt: held.grantedAt,
      fate: 'available',
      fateAt: held.grantedAt,
    };
    if (credit.origin !== 'refund') credit.origin = ORIGIN_OF_SOURCE[held.source];
    credit.expiresAt = held.expiresAt;
    credits.set(id, credit);
  }

  return [...credits.values()].sort(
    (a, b) =>
      FATE_ORDER[a.fate] - FATE_ORDER[b.fate] ||
      (a.fate === 'available'
        ? (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity)
        : b.fateAt - a.fateAt) ||
      (a.creditId < b.creditId ? -1 : 1),
  );
}

/** Where a credit of a grant stands now; the shares of a grant add up to its count. */
export type CreditShare = 'used' | 'forfeited' | 'refunded' | 'expired' | 'removed' | 'left';

/** The order a grant's shares are told in ("3 used · 1 refunded · 6 left"). */
export const CREDIT_SHARES: readonly CreditShare[] = [
  'used',
  'forfeited',
  'refunded',
  'expired',
  'removed',
  'left',
];

/** One grant (a package, a subscription period, a refund, an adjustment) and its credits. */
export interface CreditGrant {
  key: string;
  kind: CreditKind;
  origin: CreditOrigin;
  grantedAt: number;
  credits: ExplainedCredit[];
  shares: Record<CreditShare, number>;
  /** The soonest expiry of its credits still usable; none when none is. */
  expiresAt?: number;
}

/**
 * A credit's share: refunded ones are usable again, and a usable one past its expiry counts as
 * expired before the nightly job writes so.
 */
export function creditShare(credit: ExplainedCredit, nowMs: number): CreditShare {
  if (credit.fate !== 'available') return credit.fate;
  if (credit.expiresAt !== undefined && credit.expiresAt <= nowMs) return 'expired';
  return credit.refunded ? 'refunded' : 'left';
}

/** True for the shares the member can still book with. */
export const isUsable = (share: CreditShare): boolean => share === 'left' || share === 'refunded';

/**
 * The credits by the grant they came with (one card for a 10-credit package, not ten): grants
 * with usable credits first, soonest expiry first, then the rest, latest first.
 */
export function groupCredits(credits: readonly ExplainedCredit[], nowMs: number): CreditGrant[] {
  const grants = new Map<string, CreditGrant>();
  for (const credit of credits) {
    let grant = grants.get(credit.grantKey);
    if (!grant) {
      grant = {
        key: credit.grantKey,
        kind: credit.kind,
        origin: credit.origin,
        grantedAt: credit.grantedAt,
        credits: [],
        shares: { used: 0, forfeited: 0, refunded: 0, expired: 0, removed: 0, left: 0 },
      };
      grants.set(credit.grantKey, grant);
    }
    const share = creditShare(credit, nowMs);
    grant.credits.push(credit);
    grant.shares[share] += 1;
    if (isUsable(share) && credit.expiresAt !== undefined) {
      grant.expiresAt = Math.min(grant.expiresAt ?? Infinity, credit.expiresAt);
    }
  }
  const usable = (grant: CreditGrant) => grant.shares.left + grant.shares.refunded > 0;
  return [...grants.values()].sort(
    (a, b) =>
      Number(usable(b)) - Number(usable(a)) ||
      (usable(a)
        ? (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity)
        : b.grantedAt - a.grantedAt) ||
      b.grantedAt - a.grantedAt ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}
