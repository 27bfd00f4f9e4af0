// What a member is told in the app when their booking or their place on a waiting list changes:
// which notification, with which text and values. The functions write these
// (`Notifications/{uid}/{id}`) after the views they follow; the choice is made here, on the
// roster and the member's views alone.
import type { MessageKey } from '../messages';
import type { MessageParams } from '../message-format';
import type { Roster, StudioClass, UserClass, UserWaitlistEntry } from '../schemas/classes';
import type { NotificationType } from '../schemas/ledger';
import { waitlistPositions } from './roster';

/**
 * One notification. Its id derives from what it is about, so writing it twice (a retried call, the
 * reconciler finishing a step) leaves one notification.
 */
export interface Notice {
  id: string;
  type: NotificationType;
  messageKey: MessageKey;
  params: MessageParams;
}

/** The class as notifications name it: its title, date and hour. */
export interface NoticeClass {
  classId: string;
  title: string;
  cls: Pick<StudioClass, 'date' | 'hour'>;
}

export function classParams(subject: Pick<NoticeClass, 'title' | 'cls'>): Record<string, string> {
  return { className: subject.title, date: subject.cls.date, hour: subject.cls.hour };
}

/**
 * The notice a waiting-list entry's new status deserves, if any. `cutoffHours` is the member's
 * own promotion cut-off, which the past-cutoff notice names (0 when they set none).
 */
export function waitlistStatusNotice(
  subject: NoticeClass,
  uid: string,
  view: Pick<UserWaitlistEntry, 'status'>,
  roster: Roster,
  cutoffHours = 0,
): Notice | undefined {
  const seq = roster.departed[uid]?.seq ?? roster.waitlist[uid]?.seq ?? 0;
  const { classId } = subject;
  const params = classParams(subject);
  switch (view.status) {
    case 'skipped':
      return {
        id: `skipped-${classId}-${seq}`,
        type: 'skipped-no-credit',
        messageKey: 'notifSkippedNoCredit',
        params,
      };
    case 'past-cutoff':
      return {
        id: `past-cutoff-${classId}-${seq}`,
        type: 'skipped-past-cutoff',
        messageKey: 'notifSkippedPastCutoff',
        params: { ...params, hours: cutoffHours },
      };
    case 'removed':
      return {
        id: `removed-${classId}-${seq}`,
        type: 'class-cancelled',
        messageKey: 'notifWaitlistClassCancelled',
        params: { ...params, reason: roster.cancellation?.reason ?? '' },
      };
    case 'closed':
      return {
        id: `closed-${classId}-${seq}`,
        type: 'waitlist-closed',
        messageKey: 'notifWaitlistClosed',
        params,
      };
    default:
      return undefined;
  }
}

/** Whether the waiting-list notice for `status` names the member's own cut-off. */
export function noticeNamesCutoff(status: UserWaitlistEntry['status']): boolean {
  return status === 'past-cutoff';
}

/** The notice a "My Classes" entry's new status deserves: only a cancelled class tells. */
export function classStatusNotice(
  subject: NoticeClass,
  view: Pick<UserClass, 'status' | 'bookingId'>,
  roster: Roster,
): Notice | undefined {
  if (view.status !== 'class-cancelled') return undefined;
  return {
    id: `class-cancelled-${subject.classId}-${view.bookingId}`,
    type: 'class-cancelled',
    messageKey: 'notifClassCancelled',
    params: { ...classParams(subject), reason: roster.cancellation?.reason ?? '' },
  };
}

/**
 * Members who moved up the queue between `previous` and `roster` are told their new place, once
 * per roster version.
 */
export function positionNotices(
  subject: NoticeClass,
  previous: Roster,
  roster: Roster,
): { uid: string; notice: Notice }[] {
  const before = waitlistPositions(previous);
  const after = waitlistPositions(roster);
  return Object.entries(after)
    .filter(([uid, position]) => before[uid] !== undefined && before[uid] !== position)
    .map(([uid, position]) => ({
      uid,
      notice: {
        id: `position-${subject.classId}-v${roster.version}`,
        type: 'waitlist-position',
        messageKey: 'notifWaitlistPosition',
        params: { className: subject.title, position },
      },
    }));
}

/** A member promoted from the waiting list is told the class and the spot (by its label). */
export function promotedNotice(subject: NoticeClass, bookingId: string, spot: string): Notice {
  return {
    id: `promoted-${bookingId}`,
    type: 'promoted',
    messageKey: 'notifPromoted',
    params: { ...classParams(subject), spot },
  };
}

/** Credits that expired in a reconciler run (`runId`). */
export function creditsExpiredNotice(runId: string, count: number): Notice {
  return {
    id: `expired-${runId}`,
    type: 'credits-expired',
    messageKey: 'notifCreditsExpired',
    params: { count },
  };
}
