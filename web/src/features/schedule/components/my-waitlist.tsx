import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type { UserWaitlistEntry } from '@studio/core';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { callableErrorText } from '../../../lib/callable-errors';
import type { TextKey } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { weekdayName } from '../../../lib/weekday-name';
import type { ScheduleApi } from '../api/schedule-api';
import { waitlistMessages } from '../waitlist-messages';
import type { MemberCutoff, WaitlistCard } from '../waitlist-state';
import { waitlistCards, waitlistTitle } from '../waitlist-state';
import './class-time-block.css';
import './my-waitlist.css';

export type { MemberCutoff } from '../waitlist-state';

export interface MyWaitlistProps {
  api: ScheduleApi;
  uid: string;
  scheduleHref: string;
  /**
   * The member's cut-off, shown on each class: undefined shows none, null while it loads (its
   * line keeps its place).
   */
  cutoff?: MemberCutoff | null;
  /** Where the member changes their cut-off (their profile). */
  profileHref?: string;
  /** The clock, for "too close to class"; the device's by default. */
  now?: () => number;
}

/** Placeholder cards while the list loads, at the cards' size. */
const SKELETON_CARDS = 2;

const classTitleOf = waitlistTitle;

/**
 * "My Waiting List": one card per class the member waits for, with the live position (strict
 * FIFO), the class's day and time with its weekday, until when they can still be moved in (their
 * cut-off), and a leave action the member confirms.
 */
export function MyWaitlist({
  api,
  uid,
  scheduleHref,
  cutoff,
  profileHref,
  now = Date.now,
}: MyWaitlistProps) {
  const t = useT(scheduleMessages);
  const tw = useT(waitlistMessages);
  const lang = useLangStore((state) => state.lang);
  const format = useFormat(now);
  const dialogTitleId = useId();
  const dialogTextId = useId();
  // Undefined until the list answers: "not waiting for any class" would be a guess.
  const entries = useLive<Record<string, UserWaitlistEntry> | undefined>(
    (onChange) => api.watchMyWaitlist(uid, onChange),
    undefined,
    [api, uid],
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UserWaitlistEntry | null>(null);
  const [message, setMessage] = useState<{ key: TextKey<ScheduleKey>; error: boolean } | null>(
    null,
  );
  const cards = waitlistCards(entries ?? {}, cutoff, now());

  const leave = (classId: string) => {
    setConfirming(null);
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

  const day = (entry: UserWaitlistEntry) => format.day(entry.date);

  const cutoffLine = ({ cutoff: line }: WaitlistCard) => {
    if (line.kind === 'none') return null;
    if (line.kind === 'loading')
      return (
        <p className="waitlist-cutoff">
          <Skeleton width="16em" height="var(--waitlist-cutoff-height)" />
        </p>
      );
    const whose =
      line.whose.kind === 'mine'
        ? tw('cutoffMine', { hours: line.whose.hours })
        : tw('cutoffStudios', { minutes: line.whose.minutes });
    return (
      <p className="waitlist-cutoff">
        {line.kind === 'passed' ? (
          tw('cutoffPassed')
        ) : (
          <>
            {tw('cutoffUntil')}{' '}
            <span className="waitlist-nowrap">{format.momentInText(line.at)}</span>
          </>
        )}{' '}
        <span className="waitlist-cutoff-whose">({whose})</span>
      </p>
    );
  };

  return (
    <section className="page waitlist" aria-labelledby="page-title">
      <h1 id="page-title">{t('waitingListTitle')}</h1>
      {/* index.html paints the heading and this line before the app runs. */}
      <p className="waitlist-intro">{tw('waitlistIntro')}</p>
      {!entries ? (
        <>
          <p role="status" className="visually-hidden">
            {t('loading')}
          </p>
          <p className="waitlist-count" aria-hidden="true">
            <Skeleton width="9em" height="1.5em" />
          </p>
          <ul className="plain-list waitlist-cards" aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <Card as="li" key={index} className="waitlist-card">
                <Skeleton shape="block" width="68px" height="64px" />
                <span className="waitlist-info">
                  <Skeleton width="8em" height="1.4em" />
                  <Skeleton width="12em" height="1.2em" />
                  {cutoff !== undefined && (
                    <Skeleton width="16em" height="var(--waitlist-cutoff-height)" />
                  )}
                </span>
                <span className="waitlist-side">
                  <Skeleton width="7em" height="1.75rem" />
                  <Skeleton width="11em" height="var(--control-height-s)" />
                </span>
              </Card>
            ))}
          </ul>
        </>
      ) : cards.length === 0 ? (
        <EmptyState
          title={t('noWaiting')}
          description={tw('emptyHint')}
          icon={
            <svg
              viewBox="0 0 24 24"
              width="32"
              height="32"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              focusable="false"
            >
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" />
            </svg>
          }
          action={
            <Link href={scheduleHref} className={buttonClass({ variant: 'secondary' })}>
              {t('openSchedule')}
            </Link>
          }
        />
      ) : (
        <>
          <p className="waitlist-count">
            {cards.length === 1
              ? tw('waitingCountOne')
              : tw('waitingCount', { count: cards.length })}
          </p>
          <ul className="plain-list waitlist-cards">
            {cards.map((card) => {
              const { entry } = card;
              return (
                <Card as="li" key={entry.classId} className="waitlist-card">
                  <span className="class-time-block class-time-block-solid" aria-hidden="true">
                    <span className="class-time-block-hour">{entry.hour}</span>
                    <span className="class-time-block-weekday">
                      {weekdayName(entry.date, lang, 'short')}
                    </span>
                  </span>
                  <span className="waitlist-info">
                    <span className="waitlist-title">{card.title}</span>
                    <span className="visually-hidden"> · </span>
                    <span className="waitlist-when">
                      {day(entry)} {entry.hour}
                    </span>
                    {cutoffLine(card)}
                  </span>
                  <span className="waitlist-side">
                    <Badge tone="primary" className="waitlist-position">
                      {entry.position !== undefined
                        ? t('positionN', { position: entry.position })
                        : t('waitingNoPosition')}
                    </Badge>
                    <Button
                      variant="secondary"
                      size="s"
                      busy={busy === entry.classId}
                      onClick={() => setConfirming(entry)}
                    >
                      {t('leaveWaitlist')}
                    </Button>
                  </span>
                </Card>
              );
            })}
          </ul>
          {profileHref !== undefined && cutoff !== undefined && (
            <p className="waitlist-change">
              <Link href={profileHref}>{tw('changeCutoff')}</Link>
            </p>
          )}
        </>
      )}
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'form-error' : 'form-success'}
        >
          {t(message.key)}
        </p>
      )}
      {confirming && (
        <Dialog
          role="alertdialog"
          labelledBy={dialogTitleId}
          describedBy={dialogTextId}
          onDismiss={() => setConfirming(null)}
        >
          <h2 id={dialogTitleId}>{tw('leaveTitle')}</h2>
          <p id={dialogTextId}>
            {confirming.position !== undefined
              ? tw('leaveText', {
                  position: confirming.position,
                  className: classTitleOf(confirming),
                  day: day(confirming),
                  hour: confirming.hour,
                })
              : tw('leaveTextNoPosition', {
                  className: classTitleOf(confirming),
                  day: day(confirming),
                  hour: confirming.hour,
                })}
          </p>
          <div className="dialog-actions">
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(null)}>
              {tw('stayOnList')}
            </Button>
            <Button variant="danger" onClick={() => leave(confirming.classId)}>
              {t('leaveWaitlist')}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
