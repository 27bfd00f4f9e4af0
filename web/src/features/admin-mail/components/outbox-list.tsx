import type { ReactNode } from 'react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { ReadMemberContact } from '../../../lib/member-names';
import { useMemberContacts } from '../../../lib/member-names';
import { usePagedQuery } from '../../../lib/paged-query';
import type { Unsubscribe } from '../../../lib/realtime';
import type { MailMessageKey } from '../mail-messages';
import { mailMessages } from '../mail-messages';
import { MAIL_PAGE_SIZE, filterOutbox, mailUids } from '../outbox';
import type { OutboxEntry, OutboxFilter, OutboxRow } from '../outbox';

/**
 * Times in the lists as people read them, blank when there is none: "Today 05:06",
 * "Fri 20 Nov 15:01"; inside a sentence, "today 05:06". The column still sorts by the instant.
 */
export function useListTimes(): {
  at: (ms: number | undefined) => string;
  inText: (ms: number | undefined) => string;
} {
  const format = useFormat();
  return {
    at: (ms) => (ms === undefined ? '' : format.moment(ms)),
    inText: (ms) => (ms === undefined ? '' : format.momentInText(ms)),
  };
}

export interface OutboxListProps<E extends OutboxEntry> {
  /** The newest entries, or the newest with one status, live (admin-mail's api). */
  watch: (
    query: { limit: number; status: E['status'] | '' },
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  readMember: ReadMemberContact;
  rowsOf: (outbox: unknown, contacts: unknown) => OutboxRow<E>[];
  statuses: readonly E['status'][];
  kinds: readonly E['kind'][];
  statusLabel: (status: E['status']) => MailMessageKey;
  kindLabel: (kind: E['kind']) => MailMessageKey;
  tones: Record<E['status'], BadgeTone>;
  /** The delivery column's cell of a readable entry. */
  delivery: (entry: E) => ReactNode;
  /** Columns after delivery (e-mail's resend). */
  more?: DataTableColumn<OutboxRow<E>>[];
  texts: {
    title: MailMessageKey;
    shown: MailMessageKey;
    empty: MailMessageKey;
    loadMore: MailMessageKey;
  };
  className: string;
  intro?: ReactNode;
  skeletonLines: number;
}

/**
 * One tab of admin-mail: the newest outbox entries, filtered by status and kind, with when each
 * was made, what, to whom, its status and its delivery.
 */
export function OutboxList<E extends OutboxEntry>(props: OutboxListProps<E>) {
  const { watch, texts, statusLabel, kindLabel } = props;
  const t = useT(mailMessages);
  const times = useListTimes();
  const [filter, setFilter] = useState<OutboxFilter<E>>({ status: '', kind: '' });
  const page = usePagedQuery(
    (limit, onChange) => watch({ limit, status: filter.status }, onChange),
    MAIL_PAGE_SIZE,
    [watch, filter.status],
  );
  const outbox = page.value;
  const contacts = useMemberContacts(mailUids(outbox), props.readMember);
  const rows = filterOutbox(props.rowsOf(outbox, contacts), filter);

  const columns: DataTableColumn<OutboxRow<E>>[] = [
    {
      id: 'created',
      header: t('created'),
      sortValue: (row) => (row.readable ? row.entry.createdAt : -1),
      cell: (row) => (row.readable ? times.at(row.entry.createdAt) : ''),
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
          <Badge tone={props.tones[row.entry.status as E['status']]}>
            {t(statusLabel(row.entry.status))}
          </Badge>
        ) : (
          ''
        ),
    },
    {
      id: 'delivery',
      header: t('delivery'),
      cell: (row) => (row.readable ? props.delivery(row.entry) : ''),
    },
    ...(props.more ?? []),
  ];

  return (
    <div className={props.className}>
      {props.intro}
      <form
        className="card ui-form ui-form-grid"
        aria-label={t(texts.title)}
        onSubmit={(e) => e.preventDefault()}
      >
        <FilterSelect
          label={t('status')}
          value={filter.status}
          values={props.statuses}
          labelOf={(status) => t(statusLabel(status))}
          onChange={(status) => setFilter({ ...filter, status })}
        />
        <FilterSelect
          label={t('kind')}
          value={filter.kind}
          values={props.kinds}
          labelOf={(kind) => t(kindLabel(kind))}
          onChange={(kind) => setFilter({ ...filter, kind })}
        />
      </form>
      {outbox === undefined ? (
        <>
          <p role="status">{t('loading')}</p>
          <Skeleton lines={props.skeletonLines} height="2.5rem" />
        </>
      ) : (
        <>
          <p role="status" className="ui-muted">
            {t(texts.shown, { count: rows.length })}
          </p>
          {rows.length === 0 ? (
            <EmptyState title={t(texts.empty)} />
          ) : (
            <DataTable
              caption={t(texts.title)}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              initialSort={{ columnId: 'created', direction: 'descending' }}
              pageSize={MAIL_PAGE_SIZE}
            />
          )}
          {page.hasMore && (
            <Button variant="secondary" onClick={page.loadMore}>
              {t(texts.loadMore)}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** One filter of the list: one value of a column, or all. */
function FilterSelect<V extends string>({
  label,
  value,
  values,
  labelOf,
  onChange,
}: {
  label: string;
  value: V | '';
  values: readonly V[];
  labelOf: (value: V) => string;
  onChange: (value: V | '') => void;
}) {
  const t = useT(mailMessages);
  return (
    <Field label={label}>
      <select value={value} onChange={(event) => onChange(event.target.value as V | '')}>
        <option value="">{t('all')}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </Field>
  );
}
