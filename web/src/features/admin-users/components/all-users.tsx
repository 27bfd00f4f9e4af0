import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { Branch, BranchMember } from '@studio/core';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { NameOptions } from '../../../components/ui/name-options';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormat } from '../../../lib/format';
import type { Format } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n';
import { useDebounced } from '../../../lib/use-debounced';
import { useLive } from '../../../lib/use-live';
import type { AdminUsersApi } from '../api/admin-users-api';
import {
  DIRECTORY_PAGE_SIZE,
  watchBranchDirectory,
  watchMemberDirectory,
} from '../directory-query';
import type { DirectoryAnswer } from '../directory-query';
import { directoryRow, directoryRows } from '../members';
import type { MemberRow } from '../members';
import { PLAN_LABELS, PLAN_TONES, ROLE_LABELS, ROLE_TONES, usersMessages } from '../users-messages';
import type { UsersKey } from '../users-messages';
import { MemberDetail } from './member-detail';
import type { PlanAction } from './member-detail';

interface AllUsersProps {
  api: AdminUsersApi;
  /** The admin's action on a member's plan (cancel), composed in by the route. */
  planAction?: PlanAction;
  /** The member's membership and the admin's actions on it (freeze, change, give), composed in. */
  membershipAction?: PlanAction;
  /** The clock for credit expiry (tests pass a fixed one). */
  now?: () => number;
  /** How long typing must pause before the search queries the directory. */
  searchDelayMs?: number;
  /**
   * The branch a branch manager's account is scoped to: their branch's members only, without
   * the member sheet (the accounts are the chain admins'); null = the chain.
   */
  branchScope?: string | null;
}

const NO_BRANCHES: Record<string, Branch> = {};

/** "Home · 4 visits · last Tue 3 Mar": why a member is on a branch's list, in words. */
function atBranchText(
  ut: Translate<UsersKey>,
  format: Format,
  member: BranchMember | undefined,
): string {
  if (member === undefined) return '—';
  return [
    member.home === true ? ut('homeBranch') : undefined,
    member.visits > 0 ? ut('visitsAt', { count: member.visits }) : undefined,
    member.lastVisit === undefined
      ? undefined
      : ut('lastVisitOn', { date: format.date(member.lastVisit) }),
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}

function memberColumns(
  ut: Translate<UsersKey>,
  onOpen: ((uid: string) => void) | null,
  atBranch: ((uid: string) => string) | null,
): DataTableColumn<MemberRow>[] {
  // No sortable columns: the rows are a page of the database's order by name, and sorting one
  // page by credits would look like an answer for every member.
  return [
    {
      id: 'name',
      header: ut('name'),
      rowHeader: true,
      cell: (row) =>
        onOpen === null ? (
          row.name || ut('noName')
        ) : (
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
    ...(atBranch === null
      ? []
      : [{ id: 'branch', header: ut('atBranch'), cell: (row: MemberRow) => atBranch(row.uid) }]),
    { id: 'email', header: ut('email'), cell: (row) => row.email },
    { id: 'phone', header: ut('phone'), cell: (row) => row.phone || '—' },
    {
      id: 'role',
      header: ut('role'),
      cell: (row) => <Badge tone={ROLE_TONES[row.role]}>{ut(ROLE_LABELS[row.role])}</Badge>,
    },
    {
      id: 'plan',
      header: ut('plan'),
      cell: (row) =>
        row.plan === undefined ? (
          '—'
        ) : (
          <Badge tone={PLAN_TONES[row.plan]}>{ut(PLAN_LABELS[row.plan])}</Badge>
        ),
    },
    { id: 'credits', header: ut('credits'), align: 'end', cell: (row) => row.credits },
  ];
}

/**
 * Admin Users: the member directory a page at a time by name, a search over its indexes, one
 * member in a sheet, and the Reports view (`Reports`). `Users` is never read whole.
 */
export function AllUsers({
  api,
  planAction,
  membershipAction,
  now = Date.now,
  searchDelayMs = 250,
  branchScope = null,
}: AllUsersProps) {
  const ut = useT(usersMessages);
  const format = useFormat(now);
  const searchId = useId();
  const branchId = useId();
  const [query, setQuery] = useState('');
  const text = useDebounced(query.trim(), searchDelayMs);
  // A branch manager's list is their branch's; the chain admin chooses one, or every branch.
  const [chosenBranch, setBranch] = useState('');
  const branch = branchScope ?? chosenBranch;
  const branches = useLive((onChange) => api.watchBranches(onChange), NO_BRANCHES, [api]);
  // The page size grows with 'Load more'; a new search (or branch) starts again from one page.
  const [pages, setPages] = useState({ text: '', branch: '', count: 1 });
  const samePages = pages.text === text && pages.branch === branch;
  const limit = DIRECTORY_PAGE_SIZE * (samePages ? pages.count : 1);
  const live = useLive<DirectoryAnswer | undefined>(
    (onChange) =>
      branch === ''
        ? watchMemberDirectory(api, { text, limit }, onChange)
        : watchBranchDirectory(api, { branch, text, limit }, onChange),
    undefined,
    [api, text, limit, branch],
  );
  // While a bigger page or another search loads, the rows shown stay (the focused button too).
  const [lastAnswer, setLastAnswer] = useState<DirectoryAnswer | undefined>(undefined);
  if (live !== undefined && live !== lastAnswer) setLastAnswer(live);
  const answer = live ?? lastAnswer;
  const [view, setView] = useState<'members' | 'reports'>('members');
  const [openUid, setOpenUid] = useState<string | null>(null);
  const rows = directoryRows(answer?.entries);
  const scoped = branchScope !== null;
  const atBranch = answer?.atBranch;

  return (
    <section aria-labelledby="users-title" className="admin-page">
      <header className="ui-page-header">
        <h1 id="users-title">{ut('usersTitle')}</h1>
        {!scoped && (
          <SegmentedControl
            label={ut('view')}
            value={view}
            onChange={setView}
            options={[
              { value: 'members', label: ut('showMembers') },
              { value: 'reports', label: ut('showReports') },
            ]}
          />
        )}
      </header>
      {scoped && (
        <p className="ui-muted">
          {ut('branchMembersOnly', { branch: branches[branchScope]?.name ?? '' })}
        </p>
      )}
      {view === 'reports' ? (
        <Reports api={api} onOpen={setOpenUid} />
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
                aria-describedby={`${searchId}-hint`}
                onChange={(event) => setQuery(event.target.value)}
              />
              <p id={`${searchId}-hint`} className="ui-muted">
                {ut('searchHint')}
              </p>
            </div>
            {!scoped && (
              <div className="ui-field admin-branch">
                <label className="ui-field-label" htmlFor={branchId}>
                  {ut('branch')}
                </label>
                <select
                  id={branchId}
                  className="ui-input"
                  value={chosenBranch}
                  aria-describedby={chosenBranch === '' ? undefined : `${branchId}-note`}
                  onChange={(event) => setBranch(event.target.value)}
                >
                  <option value="">{ut('allBranches')}</option>
                  <NameOptions items={branches} order="stored" />
                </select>
                {chosenBranch !== '' && (
                  <p id={`${branchId}-note`} className="ui-muted">
                    {ut('branchListNote')}
                  </p>
                )}
              </div>
            )}
            <p role="status" className="ui-table-count">
              {answer === undefined ? ut('loading') : ut('membersShown', { count: rows.length })}
            </p>
          </div>
          {answer === undefined ? (
            <Skeleton lines={6} height="2.5rem" />
          ) : rows.length === 0 ? (
            <EmptyState title={ut('noMatches')} />
          ) : (
            <DataTable
              caption={ut('membersTable')}
              columns={memberColumns(
                ut,
                scoped ? null : setOpenUid,
                branch === '' ? null : (uid) => atBranchText(ut, format, atBranch?.[uid]),
              )}
              rows={rows}
              rowKey={(row) => row.uid}
              pageSize={Math.max(limit, rows.length)}
            />
          )}
          {answer?.more === true && (
            <Button
              variant="secondary"
              onClick={() => setPages({ text, branch, count: (samePages ? pages.count : 1) + 1 })}
            >
              {ut('loadMore')}
            </Button>
          )}
        </>
      )}
      {openUid !== null && (
        <MemberDetail
          api={api}
          uid={openUid}
          now={now}
          planAction={planAction}
          membershipAction={membershipAction}
          onClose={() => setOpenUid(null)}
        />
      )}
    </section>
  );
}

function Reports({ api, onOpen }: { api: AdminUsersApi; onOpen: (uid: string) => void }) {
  const ut = useT(usersMessages);
  const reports = useLive<unknown>((onChange) => api.watchReports(onChange), null, [api]);
  const uids = typeof reports === 'object' && reports !== null ? Object.keys(reports).sort() : [];
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title">{ut('reportsTitle')}</h2>
      <p className="ui-muted">{ut('reportsIntro')}</p>
      {uids.length === 0 ? (
        <EmptyState title={ut('reportsEmpty')} />
      ) : (
        <ul className="ui-list">
          {uids.map((uid) => (
            <ReportedAccount key={uid} api={api} uid={uid} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One reported account, named by its directory entry (one small read, not `Users`). */
function ReportedAccount({
  api,
  uid,
  onOpen,
}: {
  api: AdminUsersApi;
  uid: string;
  onOpen: (uid: string) => void;
}): ReactNode {
  const ut = useT(usersMessages);
  const entry = useLive<unknown>((onChange) => api.watchDirectoryEntry(uid, onChange), null, [
    api,
    uid,
  ]);
  const row = directoryRow(uid, entry);
  const email = row?.email ?? '';
  const phone = row?.phone ?? '';
  return (
    <li>
      <Button
        variant="ghost"
        size="s"
        aria-label={`${ut('open')} ${email || uid}`}
        onClick={() => onOpen(uid)}
      >
        {email || uid}
      </Button>
      <span className="ui-muted">
        {phone && <>{phone} · </>}
        <code>{uid}</code>
      </span>
    </li>
  );
}
