import {
  classSchema,
  mailOutboxIds,
  parseStored,
  paths,
  pushEventIds,
  rosterSchema,
  type StudioClass,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { classTitle, instancesFor, jobItemFailed, readSettings, spotLabel } from '../../engine';
import { enqueueMail, mailClassFacts } from '../../mail';
import { enqueuePush } from '../../push';
import type { ScheduledMailDeps, ScheduledMailResult } from './scheduled-deps';
import { scheduledMailRun } from './scheduled-logs';

const JOB = 'classReminders';
const HOUR_MS = 60 * 60 * 1000;

/**
 * `classReminders` (every 15 minutes): a `class-reminder` mail for every confirmed booking of a
 * class starting within the studio's `reminderHours` (default 2), keyed `reminder-{bookingId}`,
 * so the runs that see the same booking write one entry. A booking made inside that window gets
 * none: its confirmation has just told the member. The classes come from the `startsAt` index,
 * a few hours' worth, and each booking is handled on its own: one that fails is logged and
 * counted, the others go on, and the next run (15 minutes later, still inside the window) tries
 * it again.
 */
export async function sendClassReminders(deps: ScheduledMailDeps): Promise<ScheduledMailResult> {
  const { db } = deps;
  const now = deps.now();
  const settings = await readSettings(db);
  const lead = settings.reminderHours * HOUR_MS;
  const result: ScheduledMailResult = { checked: 0, written: 0, failed: 0 };
  // Each instance holding classes (a branch with its own keeps its classes and rosters there).
  for (const where of await instancesFor(deps).all()) {
    const due = await where
      .ref(paths.classes())
      .orderByChild('startsAt')
      .startAt(now)
      .endAt(now + lead)
      .get();
    const classes: [string, unknown][] = [];
    due.forEach((child) => {
      if (child.key !== null) classes.push([child.key, child.val()]);
    });
    for (const [classId, stored] of classes) {
      try {
        const cls = parseStored(classSchema, stored, paths.class(classId));
        if (cls.status === 'cancelled') continue;
        await remindClass(deps, where, classId, cls, lead, result);
      } catch (error) {
        result.failed += 1;
        jobItemFailed({ job: JOB, target: paths.class(classId), error });
      }
    }
  }
  scheduledMailRun({ job: JOB, ...result });
  return result;
}

async function remindClass(
  { db, now }: ScheduledMailDeps,
  where: Database,
  classId: string,
  cls: StudioClass,
  lead: number,
  result: ScheduledMailResult,
): Promise<void> {
  const rosterPath = paths.classRoster(classId);
  const roster = parseStored(rosterSchema, (await where.ref(rosterPath).get()).val(), rosterPath);
  const title = await classTitle(db, cls);
  for (const booking of Object.values(roster.bookings)) {
    // A booking still being paid for is not confirmed; one made inside the window was just told.
    if (booking.pending === true || booking.bookedAt >= cls.startsAt - lead) continue;
    // The member's own reminder covers the guests they bring.
    if (booking.guestName !== undefined) continue;
    result.checked += 1;
    try {
      const label = await spotLabel(db, cls, booking.spot);
      const facts = await mailClassFacts(db, {
        classId,
        cls,
        title,
        bookingId: booking.bookingId,
        spotLabel: label ?? booking.spot,
      });
      const outcome = await enqueueMail(
        db,
        {
          id: mailOutboxIds.reminder(booking.bookingId),
          uid: booking.uid,
          message: { kind: 'class-reminder', class: facts },
        },
        now(),
      );
      // The same reminder to the member's devices (held in their quiet hours).
      const pushed = await enqueuePush(
        db,
        {
          event: pushEventIds.reminder(booking.bookingId),
          uid: booking.uid,
          message: {
            kind: 'class-reminder',
            class: { classId, title: title.slice(0, 100), startsAt: cls.startsAt },
            ...(label === undefined ? {} : { spotLabel: label.slice(0, 10) }),
          },
        },
        now(),
      );
      if (outcome === 'written') result.written += 1;
      if (outcome === 'failed' || pushed === 'failed') result.failed += 1;
    } catch (error) {
      result.failed += 1;
      jobItemFailed({ job: JOB, target: paths.rosterBooking(classId, booking.uid), error });
    }
  }
}
