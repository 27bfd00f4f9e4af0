// "Credits explained" (issue 20): each credit the member has had, where it came from (package,
// subscription period, refund, adjustment), when it expires and where it went (the class it
// paid for), rebuilt from the ledger (`CreditLedger/{uid}`) and the member's own record. Pure, so
// it is tested without a screen.
import type { CreditKind, CreditSource, LedgerEntry, User } from '@studio/core';

export type CreditOrigin = 'package' | 'subscription' | 'refund' | 'adjustment' | 'other';
export type CreditFate = 'available' | 'used' | 'forfeited' | 'expired' | 'removed';

export interface ExplainedCredit {
  creditId: string;
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
};

function grantOrigin(entry: LedgerEntry): CreditOrigin {
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

  for (const [, entry] of entries) {
    switch (entry.type) {
      case 'grant':
      case 'adjust':
        if (entry.delta > 0) {
          for (const id of entry.creditIds ?? []) {
            credits.set(id, {
              creditId: id,
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
