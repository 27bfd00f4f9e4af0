import { auditEntrySchema, formatDateTime } from '@studio/core';
import type { AuditEntry } from '@studio/core';
import { parseEntries } from '../../../lib/realtime';
import { useLive } from '../../../lib/use-live';
import { useAdminT } from '../admin-messages';
import type { AdminCatalogApi } from '../api/admin-catalog-api';

function entriesOf(value: unknown): [string, AuditEntry][] {
  const entries = parseEntries(value, (entry) => auditEntrySchema.safeParse(entry), 'audit entry');
  return Object.entries(entries).sort(([, a], [, b]) => b.at - a.at);
}

function Snapshot({ label, value }: { label: string; value: unknown }) {
  if (value === undefined) return null;
  return (
    <details>
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** Who changed what in the catalogue, newest first (market.md: the anchors keep no audit). */
export function AuditLog({ api }: { api: AdminCatalogApi }) {
  const at = useAdminT();
  const value = useLive<unknown>((onChange) => api.watch('auditLog', onChange), null, [api]);
  const entries = entriesOf(value);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{at('auditTitle')}</h1>
      {entries.length === 0 ? (
        <p>{at('empty')}</p>
      ) : (
        <ol>
          {entries.map(([id, entry]) => (
            <li key={id}>
              <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>{' '}
              {at('auditBy', { by: entry.by, action: entry.action, target: entry.target ?? '' })}
              <Snapshot label={at('before')} value={entry.details?.['before']} />
              <Snapshot label={at('after')} value={entry.details?.['after']} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
