import { profileMessages } from '../profile-messages';
import type { LedgerEntry } from '@studio/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { CREDIT_KIND_KEYS, ledgerReason } from '../credit-summary';

export interface CreditLedgerProps {
  entries: Record<string, LedgerEntry>;
  /** Only these types (e.g. grants, for the purchases list). */
  types?: readonly LedgerEntry['type'][];
  emptyText: string;
  /** How many of the newest lines show before "Show all". */
  initialRows?: number;
}

const INITIAL_ROWS = 6;

/** Every change to the member's credits, newest first, in plain words. */
export function CreditLedger({
  entries,
  types,
  emptyText,
  initialRows = INITIAL_ROWS,
}: CreditLedgerProps) {
  const t = useT(profileMessages);
  const format = useFormat();
  const [all, setAll] = useState(false);
  const rows = Object.entries(entries)
    .filter(([, entry]) => !types || types.includes(entry.type))
    .sort((a, b) => b[1].at - a[1].at);
  if (rows.length === 0) return <EmptyState title={emptyText} />;
  const shown = all ? rows : rows.slice(0, initialRows);
  return (
    <>
      <ul className="plain-list ledger">
        {shown.map(([id, entry]) => {
          const reason = ledgerReason(entry);
          const tone = entry.delta > 0 ? 'plus' : entry.delta < 0 ? 'minus' : 'zero';
          return (
            <li key={id} className="ledger-row">
              <span className={`ledger-delta ledger-delta-${tone}`}>
                {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
              </span>
              <span className="ledger-what">
                <span className="ledger-reason">{t(reason.key, reason.params)}</span>
                <span className="ledger-meta">
                  {' '}
                  {format.dayAt(entry.at)} · {t(CREDIT_KIND_KEYS[entry.kind])}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {rows.length > initialRows && (
        <Button variant="ghost" size="s" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('historyShowLess') : t('historyShowAll', { count: rows.length })}
        </Button>
      )}
    </>
  );
}
