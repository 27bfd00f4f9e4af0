import { useId, useState } from 'react';
import { MAIL_KINDS, MAIL_OUTBOX_STATUSES, formatDateTime } from '@studio/core';
import type { MailKind, MailOutboxStatus } from '@studio/core';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useMemberContacts } from '../../../lib/member-names';
import { usePagedQuery } from '../../../lib/paged-query';
import type { AdminMailApi } from '../api/admin-mail-api';
import { kindLabel, mailMessages, statusLabel } from '../mail-messages';
import { MAIL_PAGE_SIZE, filterMail, mailRows, mailUids } from '../outbox';
import type { MailFilter, MailRow } from '../outbox';
import { ResendMail } from './resend-mail';

const STATUS_TONES: Record<MailOutboxStatus, BadgeTone> = {
  pending: 'neutral',
  sending: 'primary',
  sent: 'success',
  retrying: 'warning',
  failed: 'danger',
  skipped: 'neutral',
};

/** Sent e-mail (admin-mail): the newest outbox entries, filtered by status and kind, with resend. */
export function MailList({ api }: { api: AdminMailApi }) {
  const t = useT(mailMessages);
  const baseId = useId();
  const [filter, setFilter] = useState<MailFilter>({ status: '', kind: '' });
  const page = usePagedQuery(
    (limit, onChange) => api.watchNewestMail({ limit, status: filter.status }, onChange),
    MAIL_PAGE_SIZE,
    [api, filter.status],
  );
  const outbox = page.value;
  const contacts = useMemberContacts(mailUids(outbox), api.readMember);
  const all = mailRows(outbox, contacts);
  const rows = filterMail(all, filter);
  const time = (ms: number | undefined) => (ms === undefined ? '' : formatDateTime(ms));

  const columns: DataTableColumn<MailRow>[] = [
    {
      id: 'created',
      header: t('created'),
      sortValue: (row) => (row.readable ? row.entry.createdAt : -1),
      cell: (row) => (row.readable ? time(row.entry.createdAt) : ''),
    },
    {
      id: 'kind',
      header: t('kind'),
      rowHeader: true,
      cell: (row) => (row.readable ? t(kindLabel(row.entry.kind)) : t('unreadable')),
    },
    {
      id: 'recipient',
      header: t('recipient'),
      cell: (row) => (row.readable ? row.recipient : row.id),
    },
    {
      id: 'status',
      header: t('status'),
      cell: (row) =>
        row.readable ? (
          <Badge tone={STATUS_TONES[row.entry.status]}>{t(statusLabel(row.entry.status))}</Badge>
        ) : (
          ''
        ),
    },
    {
      id: 'delivery',
      header: t('delivery'),
      cell: (row) => {
        if (!row.readable) return '';
        const { entry } = row;
        if (entry.status === 'sent') return time(entry.sentAt);
        if (entry.status !== 'failed' && entry.status !== 'retrying') return '';
        return (
          <span className="mail-delivery">
            {entry.attempts === 1 ? t('triedOnce') : t('triedTimes', { count: entry.attempts })}
            {entry.lastError && (
              <details className="mail-why">
                <summary>{t('why')}</summary>
                {entry.lastError}
              </details>
            )}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: t('actions'),
      cell: (row) =>
        row.readable && row.entry.status === 'failed' ? <ResendMail api={api} id={row.id} /> : '',
    },
  ];

  return (
    <section aria-labelledby="mail-title" className="admin-page">
      <h1 id="mail-title">{t('mailTitle')}</h1>
      <form
        className="card ui-form ui-form-grid"
        aria-label={t('mailTitle')}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={t('status')}>
          <select
            id={`${baseId}-status`}
            value={filter.status}
            onChange={(event) =>
              setFilter({ ...filter, status: event.target.value as MailOutboxStatus | '' })
            }
          >
            <option value="">{t('all')}</option>
            {MAIL_OUTBOX_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(statusLabel(status))}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('kind')}>
          <select
            id={`${baseId}-kind`}
            value={filter.kind}
            onChange={(event) =>
              setFilter({ ...filter, kind: event.target.value as MailKind | '' })
            }
          >
            <option value="">{t('all')}</option>
            {MAIL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(kindLabel(kind))}
              </option>
            ))}
          </select>
        </Field>
      </form>
      {outbox === undefined ? (
        <>
          <p role="status">{t('loading')}</p>
          <Skeleton lines={5} height="2.5rem" />
        </>
      ) : (
        <>
          <p role="status" className="ui-muted">
            {t('shown', { count: rows.length })}
          </p>
          {rows.length === 0 ? (
            <EmptyState title={t('empty')} />
          ) : (
            <DataTable
              caption={t('mailTitle')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              initialSort={{ columnId: 'created', direction: 'descending' }}
              pageSize={MAIL_PAGE_SIZE}
            />
          )}
          {page.hasMore && (
            <Button variant="secondary" onClick={page.loadMore}>
              {t('loadMore')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
