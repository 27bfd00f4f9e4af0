import type { Database } from 'firebase-admin/database';
import {
  CREDIT_HOLD_TIMEOUT_MS,
  addDays,
  attendanceRecordSchema,
  classSchema,
  classesByDateRange,
  closeQueue,
  creditsExpiredNotice,
  expireCredits,
  expiredCreditIds,
  formatDate,
  isEmptyChange,
  mergeChanges,
  paths,
  promotionAllowed,
  pruneBookingCredits,
  readWallet,
  rosterCounts,
  showsBooking,
  usableRegularCount,
  userClassSchema,
  userClassView,
  userWaitlistView,
  waitlistCutoffAt,
} from '@studio/core';
import type { Roster, Settings } from '@studio/core';
import {
  changeRoster,
  changeWallet,
  classTitle,
  clearOrphanedClassView,
  contextOf,
  flushOutbox,
  forEachChild,
  instancesFor,
  mirrorDirectoryCredits,
  newId,
  readClassRange,
  readRoster,
  readSettings,
  recordAttendance,
  showCounts,
} from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import { syncViews, tell } from './sync-views';
import { finishCancellation } from './finish-cancellation';
import { settlePendingBooking } from './finish-booking';
import { reconcileItemFailed } from './logs';
import { promoteWaitlist } from './promote';
import { settleEnded } from './settle-ended';

/** Classes this many days back are still looked at (a crash is settled within minutes). */
const LOOKBACK_DAYS = 2;
const USERS_PAGE = 200;

export interface ReconcileOptions {
  /** A booking or cancel older than this with work left belongs to a call that stopped. */
  staleAfterMs?: number;
  /** Members read per page (by key; never the whole `Users` tree). */
  usersPageSize?: number;
}

export interface ReconcileReport {
  classes: number;
  pendingConfirmed: number;
  pendingReleased: number;
  cancelsSettled: number;
  cancellationsFinished: number;
  promoted: number;
  skipped: number;
  queuesClosed: number;
  viewsRepaired: number;
  users: number;
  ledgerFlushed: number;
  creditsExpired: number;
  creditsRecounted: number;
  /** Directory rows whose credits copy missed a change (its writer stopped after the commit). */
  directoryRepaired: number;
  recordsPruned: number;
  failures: number;
}

function emptyReport(): ReconcileReport {
  return {
    classes: 0,
    pendingConfirmed: 0,
    pendingReleased: 0,
    cancelsSettled: 0,
    cancellationsFinished: 0,
    promoted: 0,
    skipped: 0,
    queuesClosed: 0,
    viewsRepaired: 0,
    users: 0,
    ledgerFlushed: 0,
    creditsExpired: 0,
    creditsRecounted: 0,
    directoryRepaired: 0,
    recordsPruned: 0,
    failures: 0,
  };
}

/**
 * The booking reconciler and credit expiry (docs/architecture/background-jobs.md#reconciler), run
 * every 10 minutes by `reconcileBookings` and
 * locally by `npm run job:reconcile`. Every step is one of the handlers' own idempotent steps, so
 * running it at any time, twice, or next to live calls is safe.
 *
 * For each class from two days back to the end of the booking window:
 * - a booking still pending after the timeout: the member's credit record decides — consumed
 *   → finish the booking; not consumed → close the record ('void') and give the seat back;
 * - a cancel not settled after the timeout: refund or forfeit, once;
 * - a class cancellation not finished: finish it;
 * - free seats and a waiting list before the cut-off: promote; after the cut-off: close it;
 * - views that differ from the roster: rewrite them.
 * Then for every member: flush the ledger outbox, expire credits past their expiry (with a
 * ledger entry and a notification), recount `Credits`, prune records of long-past classes.
 */
export async function reconcileBookings(
  deps: BookingDeps,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const report = emptyReport();
  const settings = await readSettings(deps.db);
  const staleAfterMs = options.staleAfterMs ?? CREDIT_HOLD_TIMEOUT_MS;
  const today = formatDate(deps.now(), settings.timeZone);
  const window = classesByDateRange(
    addDays(today, -LOOKBACK_DAYS),
    addDays(today, settings.bookingWindowDays + 1),
  );
  // Each instance's classes (docs/scaling.md#a-chain-of-studios), then the members once.
  for (const db of await instancesFor(deps).all()) {
    for (const [classId, stored] of await readClassRange(db, window)) {
      const parsed = classSchema.safeParse(stored);
      if (!parsed.success) {
        report.failures += 1;
        reconcileItemFailed({ target: paths.class(classId), error: parsed.error });
        continue;
      }
      try {
        const title = await classTitle(deps.db, parsed.data);
        const context = contextOf(deps, db, classId, parsed.data, title);
        await reconcileClass(deps, context, settings, staleAfterMs, report);
        report.classes += 1;
      } catch (error) {
        report.failures += 1;
        reconcileItemFailed({ target: paths.classRoster(classId), error });
      }
    }
  }
  await reconcileUsers(deps, report, options.usersPageSize ?? USERS_PAGE);
  return report;
}

async function reconcileClass(
  deps: BookingDeps,
  context: ClassContext,
  settings: Settings,
  staleAfterMs: number,
  report: ReconcileReport,
): Promise<void> {
  const { db } = deps;
  const { cls } = context;
  const nowMs = deps.now();
  const stale = (at: number) => at + staleAfterMs <= nowMs;

  let roster = await readRoster(context);
  for (const booking of Object.values(roster.bookings)) {
    if (booking.pending !== true || !stale(booking.bookedAt)) continue;
    const outcome = await settlePendingBooking(deps, context, booking, roster);
    if (outcome === 'confirmed') report.pendingConfirmed += 1;
    else report.pendingReleased += 1;
  }

  roster = await readRoster(context);
  if (roster.cancellation && !roster.cancellation.done && stale(roster.cancellation.at)) {
    report.cancelsSettled += await finishCancellation(deps, context, roster.cancellation.by);
    report.cancellationsFinished += 1;
    roster = await readRoster(context);
  }
  for (const ended of Object.values(roster.ended)) {
    if (ended.settled || !stale(ended.endedAt)) continue;
    await settleEnded(deps, context, ended, roster, 'system');
    report.cancelsSettled += 1;
  }

  if (!roster.cancellation && Object.keys(roster.waitlist).length > 0) {
    if (promotionAllowed(cls, nowMs, settings)) {
      const promotion = await promoteWaitlist(deps, context);
      report.promoted += promotion.promoted.length;
      report.skipped += promotion.skipped.length;
    } else if (nowMs >= waitlistCutoffAt(cls.startsAt, settings)) {
      const closed = await changeRoster(context, (current) => {
        const { roster: next, removed } = closeQueue(current, nowMs);
        return { roster: next, result: removed.length };
      });
      if (closed.changed) {
        report.queuesClosed += 1;
        await syncViews(db, context, closed.roster, [], nowMs, { previous: closed.previous });
      }
    }
  }

  roster = await readRoster(context);
  report.viewsRepaired += await repairViews(db, context, roster, nowMs);
}

/**
 * A view without the fields that change on every write, nor the copies of the room's label and
 * the class's title (docs/architecture/booking.md#views): they do not say whether the view matches
 * the roster, and an entry written before them is not rewritten at the same roster version anyway.
 * A view the roster makes stale is rewritten with them (`syncViews`).
 */
function comparable(view: unknown): string {
  if (typeof view !== 'object' || view === null) return JSON.stringify(view);
  const {
    updatedAt: _updatedAt,
    rosterVersion: _rosterVersion,
    spotLabel: _spotLabel,
    title: _title,
    guests,
    ...rest
  } = view as Record<string, unknown>;
  const sorted = (value: object) => Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  // Guest seats likewise without their label copies, each in a stable key order.
  const shownGuests =
    typeof guests === 'object' && guests !== null
      ? sorted(guests).map(([id, guest]) => {
          const { spotLabel: _label, ...fields } = guest as Record<string, unknown>;
          return [id, sorted(fields)];
        })
      : undefined;
  return JSON.stringify([...sorted(rest), ['guests', shownGuests]]);
}

/**
 * Compares every member view of this class with what the roster says and rewrites the ones
 * that differ (a call that stopped before writing them). Returns how many members it fixed.
 */
async function repairViews(
  db: Database,
  context: ClassContext,
  roster: Roster,
  nowMs: number,
): Promise<number> {
  const { classId, cls } = context;
  // Guest seats are shown on their members' entries: members, not roster keys.
  const uids = new Set([
    ...Object.values(roster.bookings).map((booking) => booking.uid),
    ...Object.keys(roster.waitlist),
    ...Object.keys(roster.departed),
    ...Object.values(roster.ended).map((ended) => ended.uid),
  ]);
  const stale: string[] = [];
  const orphaned: string[] = [];
  await Promise.all(
    [...uids].map(async (uid) => {
      const [storedClass, storedWait] = await Promise.all([
        context.db.ref(paths.userClass(uid, classId)).get(),
        context.db.ref(paths.userWaitlistEntry(uid, classId)).get(),
      ]);
      // A pending booking is shown once paid for (or its seat given back), not from here.
      const pending = roster.bookings[uid]?.pending === true;
      const classView = userClassView(classId, cls, roster, uid, nowMs);
      const waitView = userWaitlistView(classId, cls, roster, uid, nowMs);
      const classStale = !pending && comparable(classView) !== comparable(storedClass.val());
      if (classStale || comparable(waitView) !== comparable(storedWait.val())) stale.push(uid);
      const shown = userClassSchema.safeParse(storedClass.val());
      if (classStale && classView === null && shown.success && showsBooking(shown.data))
        orphaned.push(uid);
      const mark = roster.bookings[uid]?.attendance;
      if (mark !== undefined) {
        const record = attendanceRecordSchema.safeParse(
          (await context.db.ref(paths.attendance(uid)).get()).val() ?? {},
        );
        if (!record.success || record.data.classes[classId] !== mark)
          await recordAttendance(context.db, uid, classId, mark, nowMs);
      }
    }),
  );
  if (stale.length > 0) await syncViews(db, context, roster, stale, nowMs);
  await Promise.all(
    orphaned.map((uid) => clearOrphanedClassView(context.db, uid, classId, roster.version)),
  );
  const counts = rosterCounts(roster);
  if (counts.bookedCount !== cls.bookedCount || counts.waitlistCount !== cls.waitlistCount)
    await showCounts(context.db, classId, roster);
  return stale.length;
}

/**
 * Every member, a page at a time by key, one after the other (each is a few reads from the page
 * and at most one wallet transaction); a member whose step fails is logged and counted, and the
 * rest go on. Two runs at once are safe: every change is one wallet transaction that the second
 * run finds already made.
 */
async function reconcileUsers(
  deps: BookingDeps,
  report: ReconcileReport,
  pageSize: number,
): Promise<void> {
  const runId = newId(deps.db);
  const tally = await forEachChild(
    deps.db,
    paths.users(),
    { pageSize, concurrency: 1 },
    (uid, stored) => reconcileUser(deps, uid, stored, runId, report),
    (uid, error) => reconcileItemFailed({ target: paths.user(uid), error }),
  );
  report.users += tally.done;
  report.failures += tally.failed;
}

async function reconcileUser(
  deps: BookingDeps,
  uid: string,
  stored: unknown,
  runId: string,
  report: ReconcileReport,
): Promise<void> {
  const { db } = deps;
  const nowMs = deps.now();
  const path = paths.user(uid);
  const seen = readWallet(stored, path);
  const expiring = expiredCreditIds(seen.credits, nowMs).length > 0;
  const miscounted =
    seen.count !== undefined && seen.count !== usableRegularCount(seen.credits, nowMs);
  const prunable = !isEmptyChange(pruneBookingCredits(seen, { nowMs }));
  if (!expiring && !miscounted && !prunable) {
    report.ledgerFlushed += await flushOutbox(db, uid, seen.outbox);
    await repairDirectoryCredits(db, uid, seen.count, report);
    return;
  }
  const flushed = Object.keys(seen.outbox).length;
  const result = await changeWallet(db, uid, nowMs, (wallet) => {
    const expired = expireCredits(wallet, { runId, nowMs });
    const pruned = pruneBookingCredits(wallet, { nowMs });
    return {
      change: mergeChanges(expired.change, pruned),
      result: {
        expired: expired.expired,
        pruned: Object.keys(pruned.bookingCredits ?? {}).length,
        miscounted: wallet.count !== usableRegularCount(wallet.credits, nowMs),
      },
    };
  });
  report.ledgerFlushed += flushed;
  report.creditsExpired += result.expired;
  report.recordsPruned += result.pruned;
  if (result.miscounted) report.creditsRecounted += 1;
  const committed: unknown = (await db.ref(paths.userField(uid, 'Credits')).get()).val();
  await repairDirectoryCredits(
    db,
    uid,
    typeof committed === 'number' ? committed : undefined,
    report,
  );
  if (result.expired > 0) {
    await tell(db, uid, creditsExpiredNotice(runId, result.expired), nowMs);
  }
}

/**
 * The directory's credits copy is written after the wallet commits, so a call that stopped in
 * between leaves it behind; the reconciler puts back the committed count.
 */
async function repairDirectoryCredits(
  db: Database,
  uid: string,
  count: number | undefined,
  report: ReconcileReport,
): Promise<void> {
  if (count === undefined) return;
  const copy: unknown = (await db.ref(paths.userDirectoryField(uid, 'credits')).get()).val();
  if (copy === null || copy === count) return;
  await mirrorDirectoryCredits(db, uid, count);
  report.directoryRepaired += 1;
}
