import { useId, useState } from 'react';
import { useLive } from '../../../lib/use-live';
import type { AdminUsersApi } from '../api/admin-users-api';
import { memberRows, reportedAccounts, searchMembers } from '../members';
import type { MemberRow } from '../members';
import { ROLE_LABELS, usersMessages } from '../users-messages';
import { MemberDetail } from './member-detail';
import { useT } from '../../../lib/i18n';

interface AllUsersProps {
  api: AdminUsersApi;
  /** The clock for credit expiry (tests pass a fixed one). */
  now?: () => number;
}

/** Admin Users: search and list members, open one, and the Reports view (spec §3 `Reports`). */
export function AllUsers({ api, now = Date.now }: AllUsersProps) {
  const ut = useT(usersMessages);
  const searchId = useId();
  const users = useLive<unknown>((onChange) => api.watchUsers(onChange), undefined, [api]);
  const [query, setQuery] = useState('');
  const [view, setView] = useState<'members' | 'reports'>('members');
  const [openUid, setOpenUid] = useState<string | null>(null);
  const rows = memberRows(users);

  if (openUid !== null) {
    return (
      <section aria-labelledby="users-title">
        <h1 id="users-title">{ut('usersTitle')}</h1>
        <button type="button" onClick={() => setOpenUid(null)}>
          {ut('close')}
        </button>
        <MemberDetail api={api} uid={openUid} now={now} />
      </section>
    );
  }

  const found = searchMembers(rows, query);
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">{ut('usersTitle')}</h1>
      <div role="group" aria-label={ut('usersTitle')}>
        <button type="button" aria-pressed={view === 'members'} onClick={() => setView('members')}>
          {ut('showMembers')}
        </button>
        <button type="button" aria-pressed={view === 'reports'} onClick={() => setView('reports')}>
          {ut('showReports')}
        </button>
      </div>
      {view === 'reports' ? (
        <Reports api={api} rows={rows} onOpen={setOpenUid} />
      ) : (
        <>
          <label htmlFor={searchId}>{ut('search')}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {users === undefined ? (
            <p role="status">{ut('loading')}</p>
          ) : (
            <p role="status">{ut('membersCount', { count: found.length })}</p>
          )}
          {users !== undefined && found.length === 0 && <p>{ut('noMatches')}</p>}
          <ul className="member-list">
            {found.map((row) => (
              <li key={row.uid}>
                <button
                  type="button"
                  aria-label={`${ut('open')} ${row.name || row.email || row.uid}`}
                  onClick={() => setOpenUid(row.uid)}
                >
                  <strong>{row.name || ut('noName')}</strong>
                </button>{' '}
                <span>{row.email}</span> {row.phone && <span>· {row.phone}</span>}{' '}
                <span>· {ut(ROLE_LABELS[row.role])}</span>{' '}
                <span>· {ut('creditsLine', { kind: ut('kindRegular'), count: row.credits })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Reports({
  api,
  rows,
  onOpen,
}: {
  api: AdminUsersApi;
  rows: readonly MemberRow[];
  onOpen: (uid: string) => void;
}) {
  const ut = useT(usersMessages);
  const reports = useLive<unknown>((onChange) => api.watchReports(onChange), null, [api]);
  const accounts = reportedAccounts(reports, rows);
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title">{ut('reportsTitle')}</h2>
      <p>{ut('reportsIntro')}</p>
      {accounts.length === 0 ? (
        <p>{ut('reportsEmpty')}</p>
      ) : (
        <ul>
          {accounts.map((account) => (
            <li key={account.uid}>
              <button
                type="button"
                aria-label={`${ut('open')} ${account.email || account.uid}`}
                onClick={() => onOpen(account.uid)}
              >
                {account.email || account.uid}
              </button>{' '}
              {account.phone && <span>{account.phone} · </span>}
              <code>{account.uid}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
