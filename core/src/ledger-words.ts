/**
 * A ledger line in plain words, for whoever reads it (the member's history, an admin's view of a
 * member): its own message key when the writer set one, else the one of its type.
 */
import type { MessageKey } from './messages';
import type { LedgerEntry, LedgerType } from './schemas/ledger';

const TYPE_KEYS: Record<LedgerType, MessageKey> = {
  grant: 'ledgerGrantPurchase',
  use: 'ledgerUse',
  refund: 'ledgerRefund',
  forfeit: 'ledgerForfeit',
  expire: 'ledgerExpire',
  adjust: 'ledgerAdjust',
  revoke: 'ledgerRevoke',
  hold: 'ledgerHoldDispute',
  release: 'ledgerReleaseDispute',
  'plan-use': 'ledgerPlanUse',
  'plan-refund': 'ledgerPlanRefund',
  'plan-forfeit': 'ledgerPlanForfeit',
};

export function ledgerReason(entry: LedgerEntry): {
  key: MessageKey;
  params: Record<string, string | number>;
} {
  return {
    key: entry.reasonKey ?? TYPE_KEYS[entry.type],
    params: { count: Math.abs(entry.delta), ...entry.reasonParams },
  };
}
