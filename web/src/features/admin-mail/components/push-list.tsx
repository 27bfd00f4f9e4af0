import { PUSH_KINDS, PUSH_OUTBOX_STATUSES } from '@studio/core';
import type { PushOutboxEntry, PushOutboxStatus } from '@studio/core';
import type { BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import type { AdminMailApi } from '../api/admin-mail-api';
import { mailMessages, pushKindLabel, pushStatusLabel } from '../mail-messages';
import { pushRows } from '../outbox';
import { OutboxList, useListTimes } from './outbox-list';

const STATUS_TONES: Record<PushOutboxStatus, BadgeTone> = {
  pending: 'neutral',
  sending: 'primary',
  sent: 'success',
  retrying: 'warning',
  held: 'neutral',
  failed: 'danger',
  skipped: 'neutral',
  dropped: 'warning',
  unconfirmed: 'warning',
};

const TEXTS = {
  title: 'pushTitle',
  shown: 'pushShown',
  empty: 'pushEmpty',
  loadMore: 'pushLoadMore',
} as const;

/** The push tab of admin-mail: the newest push outbox entries, by status and kind. */
export function PushList({ api }: { api: Pick<AdminMailApi, 'watchNewestPush' | 'readMember'> }) {
  const t = useT(mailMessages);
  const times = useListTimes();
  return (
    <OutboxList<PushOutboxEntry>
      watch={api.watchNewestPush}
      readMember={api.readMember}
      rowsOf={pushRows}
      statuses={PUSH_OUTBOX_STATUSES}
      kinds={PUSH_KINDS}
      statusLabel={pushStatusLabel}
      kindLabel={pushKindLabel}
      tones={STATUS_TONES}
      texts={TEXTS}
      className="push-outbox"
      intro={<p className="ui-muted">{t('pushIntro')}</p>}
      skeletonLines={3}
      delivery={(entry) => {
        if (entry.status === 'sent') return times.at(entry.sentAt);
        if (entry.status === 'held')
          return t('heldUntil', { time: times.inText(entry.nextAttemptAt) });
        if (entry.status === 'pending' || entry.status === 'sending') return '';
        return (
          <span className="mail-delivery">
            {entry.status === 'retrying' && entry.nextAttemptAt !== undefined
              ? t('nextTry', { time: times.inText(entry.nextAttemptAt) })
              : entry.attempts === 1
                ? t('triedOnce')
                : entry.attempts > 1
                  ? t('triedTimes', { count: entry.attempts })
                  : ''}
            {entry.lastError && (
              <details className="mail-why">
                <summary>{t('pushWhy')}</summary>
                {entry.lastStatus !== undefined && `${entry.lastStatus}: `}
                {entry.lastError}
              </details>
            )}
          </span>
        );
      }}
    />
  );
}
