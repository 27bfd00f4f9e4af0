import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '@studio/core';
import { useMemberContacts } from '../../../lib/member-names';
import { usePagedQuery } from '../../../lib/paged-query';
import { adminMessages } from '../admin-messages';
import type { AdminCatalogApi } from '../api/admin-catalog-api';
import {
  AUDIT_PAGE_SIZE,
  actorName,
  auditActions,
  auditEntries,
  auditQuery,
  filterAudit,
} from '../audit';
import type { AuditFilter } from '../audit';
import { useT } from '../../../lib/i18n';

function Snapshot({ label, value }: { label: string; value: unknown }) {
  if (value === undefined) return null;
  return (
    <details>
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** The details an entry has beyond before/after (an adjustment's kind, delta and reason). */
function otherDetails(details: Record<string, unknown> | undefined): unknown {
  if (details === undefined) return undefined;
  const rest = Object.fromEntries(
    Object.entries(details).filter(([key]) => key !== 'before' && key !== 'after'),
  );
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/**
 * Who changed what, newest first: every admin and coach
 * change, a page at a time, filtered by action (asked of the server) and by words (who, target,
 * details; within the loaded pages).
 */
export function AuditLog({ api }: { api: AdminCatalogApi }) {
  const at = useT(adminMessages);
  const baseId = useId();
  const [filter, setFilter] = useState<AuditFilter>({ action: '', text: '' });
  const page = usePagedQuery(
    (limit, onChange) => api.watchAuditPage(auditQuery(filter.action), limit, onChange),
    AUDIT_PAGE_SIZE,
    [api, filter.action],
  );
  const all = auditEntries(page.value);
  const contacts = useMemberContacts(
    all.map(([, entry]) => entry.by),
    api.readMember,
  );
  const entries = filterAudit(all, filter, contacts);
  return (
    <section aria-labelledby="audit-title" className="admin-page">
      <h1 id="audit-title">{at('auditTitle')}</h1>
      <form
        className="card ui-form ui-form-grid"
        aria-label={at('auditFilters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label={at('auditAction')}>
          <select
            id={`${baseId}-action`}
            value={filter.action}
            onChange={(event) => setFilter({ ...filter, action: event.target.value })}
          >
            <option value="">{at('auditAllActions')}</option>
            {auditActions(all).map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </Field>
        <Field label={at('auditSearch')}>
          <input
            id={`${baseId}-text`}
            type="search"
            value={filter.text}
            onChange={(event) => setFilter({ ...filter, text: event.target.value })}
          />
        </Field>
      </form>
      {page.value === undefined ? (
        <>
          <p role="status">{at('auditLoading')}</p>
          <Skeleton lines={5} height="2.5rem" />
        </>
      ) : (
        <p role="status" className="ui-table-count">
          {at('auditShown', { count: entries.length, total: all.length })}
        </p>
      )}
      {page.value === undefined ? null : entries.length === 0 ? (
        <EmptyState title={at('empty')} />
      ) : (
        <ol className="audit-log ui-list">
          {entries.map(([id, entry]) => (
            <li key={id}>
              <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>{' '}
              {at('auditBy', {
                by: actorName(entry.by, contacts),
                action: entry.action,
                target: entry.target ?? '',
              })}
              <Snapshot label={at('details')} value={otherDetails(entry.details)} />
              <Snapshot label={at('before')} value={entry.details?.['before']} />
              <Snapshot label={at('after')} value={entry.details?.['after']} />
            </li>
          ))}
        </ol>
      )}
      {page.hasMore && (
        <Button variant="secondary" onClick={page.loadMore}>
          {at('auditLoadMore')}
        </Button>
      )}
    </section>
  );
}
