import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type { UserWaitlistEntry } from '@studio/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { callableErrorText } from '../../../lib/callable-errors';
import type { TextKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { ScheduleApi } from '../api/schedule-api';
import { LoadingLine } from '../../../components/ui/loading-line';

export interface MyWaitlistProps {
  api: ScheduleApi;
  uid: string;
  scheduleHref: string;
}

/** "My Waiting List": each class the member waits for, with the live position (strict FIFO). */
export function MyWaitlist({ api, uid, scheduleHref }: MyWaitlistProps) {
  const t = useT(scheduleMessages);
  // Undefined until the list answers: "not waiting for any class" would be a guess.
  const entries = useLive<Record<string, UserWaitlistEntry> | undefined>(
    (onChange) => api.watchMyWaitlist(uid, onChange),
    undefined,
    [api, uid],
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ key: TextKey<ScheduleKey>; error: boolean } | null>(
    null,
  );
  const waiting = Object.values(entries ?? {})
    .filter((entry) => entry.status === 'waiting')
    .sort((a, b) => a.startsAt - b.startsAt);

  const leave = (classId: string) => {
    setBusy(classId);
    api.leaveWaitlist(classId).then(
      () => {
        setBusy(null);
        setMessage({ key: 'waitlistLeft', error: false });
      },
      (error: unknown) => {
        setBusy(null);
        setMessage({ key: callableErrorText(error).key, error: true });
      },
    );
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('waitingListTitle')}</h1>
      {!entries ? (
        <LoadingLine />
      ) : waiting.length === 0 ? (
        <p>
          {t('noWaiting')} <Link href={scheduleHref}>{t('openSchedule')}</Link>
        </p>
      ) : (
        <ul className="plain-list">
          {waiting.map((entry) => (
            <li key={entry.classId} className="card">
              <strong>
                {entry.date} {entry.hour}
              </strong>{' '}
              {entry.title ?? entry.name ?? ''} ·{' '}
              <span>
                {entry.position !== undefined
                  ? t('positionN', { position: entry.position })
                  : t('waitingNoPosition')}
              </span>{' '}
              <button
                type="button"
                className="button button-secondary"
                disabled={busy === entry.classId}
                onClick={() => leave(entry.classId)}
              >
                {t('leaveWaitlist')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {message && <p role={message.error ? 'alert' : 'status'}>{t(message.key)}</p>}
    </section>
  );
}
