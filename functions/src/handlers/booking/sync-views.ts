// After a roster change: the members' views and the class counts brought up to the new roster,
// and the members told what changed (core's notices decide which notification; the engine writes
// each once).
import type { Database } from 'firebase-admin/database';
import {
  classStatusNotice,
  noticeNamesCutoff,
  paths,
  positionNotices,
  userSchema,
  userWaitlistView,
  waitlistStatusNotice,
} from '@studio/core';
import type { Notice, Roster } from '@studio/core';
import {
  memberClassView,
  notify,
  showCounts,
  writeClassView,
  writeWaitlistView,
} from '../../engine';
import type { ClassContext } from '../../engine';

/** Writes `notice` for `uid` (once, whatever the retries), about the class `classId` if any. */
export function tell(
  db: Database,
  uid: string,
  notice: Notice,
  at: number,
  classId?: string,
): Promise<void> {
  return notify(db, uid, notice.id, {
    type: notice.type,
    messageKey: notice.messageKey,
    params: notice.params,
    ...(classId === undefined ? {} : { classId }),
    at,
  });
}

/** The member's own promotion cut-off in hours, for the notification that names it. */
async function memberCutoffHours(db: Database, uid: string): Promise<number> {
  const stored: unknown = (await db.ref(paths.userField(uid, 'PromotionCutoffHours')).get()).val();
  const hours = userSchema.shape.PromotionCutoffHours.safeParse(stored);
  return hours.success && hours.data !== undefined ? hours.data : 0;
}

export interface SyncOptions {
  /** The roster before the change: members whose queue position changed are told. */
  previous?: Roster;
  /**
   * The member whose pending booking has just been paid for (`finishBooking`). Any other
   * pending booking is not shown yet: its seat is given back if the member cannot pay, and a
   * view showing it would then be left behind, as nothing replaces a view with "no booking".
   */
  paid?: string;
  /** That booking's id: a guest seat being paid for is shown on its member's entry. */
  paidBookingId?: string;
}

/**
 * Brings the views of `uids` and the class counts up to `roster` (and tells members what
 * changed), all at once, in the class's instance (`context.db`); `db` is the default instance
 * (rooms, members). A call that stops part-way leaves views the reconciler compares and rewrites.
 */
export async function syncViews(
  db: Database,
  context: ClassContext,
  roster: Roster,
  uids: Iterable<string>,
  nowMs: number,
  { previous, paid, paidBookingId }: SyncOptions = {},
): Promise<void> {
  const { classId } = context;
  const members = new Set(uids);
  if (previous) {
    for (const uid of Object.keys(previous.waitlist)) members.add(uid);
    for (const uid of Object.keys(roster.waitlist)) members.add(uid);
  }
  const counts = showCounts(context.db, classId, roster);
  const positions = previous
    ? Promise.all(
        positionNotices(context, previous, roster).map(({ uid, notice }) =>
          tell(context.db, uid, notice, nowMs, classId),
        ),
      )
    : undefined;
  const views = Promise.all(
    [...members].map(async (uid) => {
      const unpaid = roster.bookings[uid]?.pending === true && uid !== paid;
      const shownPaid = uid === paid ? paidBookingId : undefined;
      const classView = unpaid
        ? null
        : await memberClassView(db, context, roster, uid, nowMs, shownPaid);
      const queued = userWaitlistView(classId, context.cls, roster, uid, nowMs);
      const waitView = queued && { ...queued, title: context.title };
      await Promise.all([
        classView &&
          writeClassView(context.db, uid, classId, classView).then(async () => {
            const notice = classStatusNotice(context, classView, roster);
            if (notice)
              await tell(context.db, uid, notice, classView.updatedAt ?? roster.version, classId);
          }),
        waitView &&
          writeWaitlistView(context.db, uid, classId, waitView).then(async () => {
            const hours = noticeNamesCutoff(waitView.status) ? await memberCutoffHours(db, uid) : 0;
            const notice = waitlistStatusNotice(context, uid, waitView, roster, hours);
            if (notice)
              await tell(context.db, uid, notice, waitView.updatedAt ?? roster.version, classId);
          }),
      ]);
    }),
  );
  // One await for all three, so a write that fails while the others still run is never a
  // rejection nobody listens to (which stops a Node process).
  await Promise.all([views, counts, positions]);
}
