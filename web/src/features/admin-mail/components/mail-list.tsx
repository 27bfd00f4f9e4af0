import { MAIL_KINDS, MAIL_OUTBOX_STATUSES } from '@studio/core';
import type { MailOutboxEntry, MailOutboxStatus } from '@studio/core';
import type { BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import type { AdminMailApi } from '../api/admin-mail-api';
import { kindLabel, mailMessages, statusLabel } from '../mail-messages';
import { mailRows } from '../outbox';
import { OutboxList, useListTimes } from './outbox-list';
import { ResendMail } from './resend-mail';

const STATUS_TONES: Record<MailOutboxStatus, BadgeTone> = {
  pending: 'neutral',
  sending: 'primary',
  sent: 'success',
  retrying: 'warning',
  failed: 'danger',
  skipped: 'neutral',
};

const TEXTS = { title: 'mailTitle', shown: 'shown', empty: 'empty', loadMore: 'loadMore' } as const;

/** The e-mail tab of admin-mail: the newest outbox entries, filtered by status and kind, with resend. */
export function MailList({ api }: { api: AdminMailApi }) {
  const t = useT(mailMessages);
  const times = useListTimes();
  return (
    <OutboxList<MailOutboxEntry>
      watch={api.watchNewestMail}
      readMember={api.readMember}
      rowsOf={mailRows}
      statuses={MAIL_OUTBOX_STATUSES}
      kinds={MAIL_KINDS}
      statusLabel={statusLabel}
      kindLabel={kindLabel}
      tones={STATUS_TONES}
      texts={TEXTS}
      className="mail-outbox"
      skeletonLines={5}
      delivery={(entry) => {
        if (entry.status === 'sent') return times.at(entry.sentAt);
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
      }}
      more={[
        {
          id: 'actions',
          header: t('actions'),
          cell: (row) =>
            row.readable && row.entry.status === 'failed' ? (
              <ResendMail api={api} id={row.id} />
            ) : (
              ''
            ),
        },
      ]}
    />
  );
}
