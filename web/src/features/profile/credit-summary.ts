import type { CreditKind, CreditsList } from '@studio/core';
import { CREDIT_KINDS } from '@studio/core';
import type { ProfileKey } from './profile-messages';

export interface KindBalance {
  kind: CreditKind;
  count: number;
  /** Usable credits' expiry dates, soonest first (each credit has its own). */
  expiries: number[];
}

/**
 * Credits usable now, by kind; ones a booking holds count (the hold is released or used shortly),
 * ones a card dispute holds do not (they may be taken back).
 */
export function balancesByKind(list: CreditsList | undefined, nowMs: number): KindBalance[] {
  const balances = CREDIT_KINDS.map((kind) => ({ kind, count: 0, expiries: [] as number[] }));
  for (const credit of Object.values(list ?? {})) {
    if (credit.expiresAt <= nowMs) continue;
    if (credit.hold !== undefined && 'disputeId' in credit.hold) continue;
    const balance = balances.find((entry) => entry.kind === credit.kind);
    if (!balance) continue;
    balance.count += 1;
    balance.expiries.push(credit.expiresAt);
  }
  for (const balance of balances) balance.expiries.sort((a, b) => a - b);
  return balances;
}

export const CREDIT_KIND_KEYS: Record<CreditKind, ProfileKey> = {
  regular: 'creditKindRegular',
  special: 'creditKindSpecial',
  train: 'creditKindTrain',
};

/** The plain-words reason of a ledger line (core's, shared with the admin's view). */
export { ledgerReason } from '@studio/core';
