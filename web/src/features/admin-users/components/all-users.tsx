import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { AdminUsersApi } from '../api/admin-users-api';
import { memberRows, reportedAccounts, searchMembers } from '../members';
import type { MemberRow } from '../members';
import { ROLE_LABELS, usersMessages } from '../users-messages';
import type { UsersKey } from '../users-messages';
import { MemberDetail } from './member-detail';

interface AllUsersProps {
  api: AdminUsersApi;
  /** The clock for credit expiry (tests pass a fixed one). */
  now?: () => number;
}

const ROLE_TONES = { admin: 'danger', coach: 'primary', member: 'neutral' } as const;

function memberColumns(
  ut: Translate<UsersKey>,
  onOpen: (uid: string) => void,
): DataTableColumn<MemberRow>[] {
  return [
    {
      id: 'name',
      header: ut('name'),
      rowHeader: true,
      sortValue: (row) => row.name,
      cell: (row) => (
        <Button
          variant="ghost"
          size="s"
          className="member-open"
          aria-label={`${ut('open')} ${row.name || row.email || row.uid}`}
          onClick={() => onOpen(row.uid)}
        >
          {row.name || ut('noName')}
        </Button>
      ),
    },
    { id: 'email', header: ut('email'), sortValue: (row) => row.email, cell: (row) => row.email },
    { id: 'phone', header: ut('phone'), cell: (row) => row.phone || '—' },
    {
      id: 'role',
      header: ut('role'),
      sortValue: (row) => row.role,
      cell: (row) => <Badge tone={ROLE_TONES[row.role]}>{ut(ROLE_LABELS[row.role])}</Badge>,
    },
    {
      id: 'credits',
      header: ut('credits'),
      align: 'end',
      sortValue: (row) => row.credits,
      cell: (row) => row.credits,
    },
  ];
}

/**
 * Admin Users: search, sort and page the members in a table, open one in a sheet, and the Reports
 * view (spec §3 `Reports`).
 */
export function AllUsers({ api, now = Date.now }: AllUsersProps) {
  const ut = useT(usersMessages);
  const searchId = useId();
  const users = useLive<unknown>((onChange) => api.watchUsers(onChange), undefined, [api]);
  const [query, setQuery] = useState('');
  const [view, setView] = useState<'members' | 'reports'>('members');
  const [openUid, setOpenUid] = useState<string | null>(null);
  const rows = memberRows(users);
  // The search keeps its own rules (a phone matches on its digits), so the table gets the matches.
  const found = searchMembers(rows, query);

  return (
    <section aria-labelledby="users-title" className="admin-page">
      <header className="ui-page-header">
        <h1 id="users-title">{ut('usersTitle')}</h1>
        <SegmentedControl
          label={ut('view')}
          value={view}
          onChange={setView}
          options={[
            { value: 'members', label: ut('showMembers') },
            { value: 'reports', label: ut('showReports') },
          ]}
        />
      </header>
      {view === 'reports' ? (
        <Reports api={api} rows={rows} onOpen={setOpenUid} />
      ) : (
        <>
          <div className="ui-table-toolbar">
            <div className="ui-field admin-search">
              <label className="ui-field-label" htmlFor={searchId}>
                {ut('search')}
              </label>
              <input
                id={searchId}
                className="ui-input"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            <p role="status" className="ui-table-count">
              {users === undefined ? ut('loading') : ut('membersCount', { count: found.length })}
            </p>
          </div>
          {users === undefined ? (
            <Skeleton lines={6} height="2.5rem" />
          ) : found.length === 0 ? (
            <EmptyState title={ut('noMatches')} />
          ) : (
            <DataTable
              caption={ut('membersTable')}
              columns={memberColumns(ut, setOpenUid)}
              rows={found}
              rowKey={(row) => row.uid}
              pageSize={25}
            />
          )}
        </>
      )}
      {openUid !== null && (
        <MemberDetail api={api} uid={openUid} now={now} onClose={() => setOpenUid(null)} />
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
      <p className="ui-muted">{ut('reportsIntro')}</p>
      {accounts.length === 0 ? (
        <EmptyState title={ut('reportsEmpty')} />
      ) : (
        <ul className="ui-list">
          {accounts.map((account) => (
            <li key={account.uid}>
              <Button
                variant="ghost"
                size="s"
                aria-label={`${ut('open')} ${account.email || account.uid}`}
                onClick={() => onOpen(account.uid)}
              >
                {account.email || account.uid}
              </Button>
              <span className="ui-muted">
                {account.phone && <>{account.phone} · </>}
                <code>{account.uid}</code>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
