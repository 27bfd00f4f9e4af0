import { profileMessages } from '../profile-messages';
import type { LedgerEntry } from '@studio/core';
import { formatDate } from '@studio/core';
import { useT } from '../../../lib/i18n';
import { CREDIT_KIND_KEYS, ledgerReason } from '../credit-summary';

export interface CreditLedgerProps {
  entries: Record<string, LedgerEntry>;
  /** Only these types (e.g. grants, for the purchases list). */
  types?: readonly LedgerEntry['type'][];
  emptyText: string;
}

/** Every change to the member's credits, newest first, in plain words (market.md pain 3). */
export function CreditLedger({ entries, types, emptyText }: CreditLedgerProps) {
  const t = useT(profileMessages);
  const rows = Object.entries(entries)
    .filter(([, entry]) => !types || types.includes(entry.type))
    .sort((a, b) => b[1].at - a[1].at);
  if (rows.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="plain-list ledger">
      {rows.map(([id, entry]) => {
        const reason = ledgerReason(entry);
        return (
          <li key={id} className="card">
            <span>{formatDate(entry.at)}</span> · <span>{t(reason.key, reason.params)}</span> ·{' '}
            <span>{t(CREDIT_KIND_KEYS[entry.kind])}</span>{' '}
            <strong>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</strong>
          </li>
        );
      })}
    </ul>
  );
}
