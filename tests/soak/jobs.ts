// The scheduled functions, run as the simulated clock passes their times (Cloud Scheduler's
// cron in the studio's zone, as functions/src/triggers declares them), and the mail trigger
// (`sendOutboxMail` on each new outbox entry). Jobs run on the crashing database too: a job that
// dies mid-run is finished by its next run. A clock that jumps past a job's time runs it once, late.
import type { Database } from 'firebase-admin/database';
import { formatInTimeZone } from 'date-fns-tz';
import { STUDIO_TIME_ZONE, paths } from '@studio/core';
import { reconcileBookings } from '../../functions/src/handlers/booking/reconcile.ts';
import { rollUpInsights } from '../../functions/src/handlers/insights/roll-up-insights.ts';
import { sendCoachClassLists } from '../../functions/src/handlers/mail/coach-lists.ts';
import { sendExpiringCredits } from '../../functions/src/handlers/mail/expiring-credits.ts';
import { sendClassReminders } from '../../functions/src/handlers/mail/reminders.ts';
import { sendOutboxEntry } from '../../functions/src/handlers/mail/send-outbox-entry.ts';
import { sweepOutbox } from '../../functions/src/handlers/mail/sweep-outbox.ts';
import { monthlyCredits } from '../../functions/src/handlers/payments/subscriptions/monthly-credits.ts';
import { runPlanJobs } from '../../functions/src/handlers/plans/plan-jobs.ts';
import type { OpRunner } from './ops.ts';
import { plantedDatabase, type Plant } from './plants.ts';
import type { World } from './world.ts';

const MINUTE = 60_000;

export interface Job {
  name: string;
  /** Whether a run is due in (previous, now]: every N minutes, or a daily/monthly time. */
  due(previousMs: number, nowMs: number): boolean;
  run(world: World, ops: OpRunner): Promise<void>;
}

/** Runs every `minutes` minutes of studio time (aligned on the hour, as cron's `every`). */
function every(minutes: number): Job['due'] {
  return (previous, now) =>
    Math.floor(now / (minutes * MINUTE)) > Math.floor(previous / (minutes * MINUTE));
}

/** Runs at `hh:mm` studio time (cron `mm hh * * *`), on `day` of the month if given. */
export function dailyAt(hourMinute: string, day?: number): Job['due'] {
  return (previous, now) => {
    // Every minute mark in (previous, now] is a candidate; jumps of days stay cheap because
    // only the first match is needed.
    for (let t = Math.floor(previous / MINUTE) * MINUTE + MINUTE; t <= now; t += MINUTE) {
      const local = formatInTimeZone(t, STUDIO_TIME_ZONE, 'HH:mm d');
      const [time, dayOfMonth] = local.split(' ');
      if (time === hourMinute && (day === undefined || Number(dayOfMonth) === day)) return true;
    }
    return false;
  };
}

/**
 * A scheduled function as the soak runs it: one operation `job:{op}` by the scheduler, never
 * retried by a client (its next run finishes what a dead one left).
 */
function job(
  name: string,
  op: string,
  due: Job['due'],
  work: (world: World, db: Database) => Promise<unknown>,
): Job {
  return {
    name,
    due,
    run: async (world, ops) => {
      await ops.perform(`job:${op}`, 'scheduler', '', (db) => work(world, db), {
        retryable: false,
      });
    },
  };
}

/** The scheduled functions; with a `plant`, the reconciler carries that bug (plants.ts). */
export function scheduledJobs(plant?: Plant): readonly Job[] {
  return [
    job('reconcile', 'reconcile', every(10), (world, db) =>
      reconcileBookings(world.bookingDeps(plant ? plantedDatabase(db, plant) : db)),
    ),
    job('mail-sweep', 'mail-sweep', every(5), (world, db) => sweepOutbox(world.mailDeps(db))),
    job('class-reminders', 'class-reminders', every(15), (world, db) =>
      sendClassReminders({ db, now: world.clock.now }),
    ),
    job('expiring-credits', 'expiring-credits', dailyAt('09:00'), (world, db) =>
      sendExpiringCredits({ db, now: world.clock.now }),
    ),
    job('coach-class-lists', 'coach-lists', dailyAt('19:00'), (world, db) =>
      sendCoachClassLists({ db, now: world.clock.now }),
    ),
    job('monthly-credits', 'monthly-credits', dailyAt('00:00', 1), (world, db) =>
      monthlyCredits(world.paymentDeps(db)),
    ),
    job('plans', 'plans', every(15), (world, db) => runPlanJobs(world.paymentDeps(db))),
    job('insights', 'insights', dailyAt('02:15'), (world, db) =>
      rollUpInsights({ db, now: world.clock.now }),
    ),
  ];
}

/**
 * The `sendOutboxMail` trigger: each outbox entry created since the last call is sent once by
 * its own invocation (which may die between SMTP's acceptance and `sent`: `ops.cutWrites` then
 * names the entry, whose mail the sweep may send again).
 */
export async function mailTrigger(world: World, ops: OpRunner, seen: Set<string>): Promise<void> {
  const outbox = ((await world.db.ref(paths.mailOutbox()).get()).val() ?? {}) as Record<
    string,
    unknown
  >;
  for (const id of Object.keys(outbox)) {
    if (seen.has(id)) continue;
    seen.add(id);
    await ops.perform(
      'mail-trigger',
      'sendOutboxMail',
      id,
      (db) => sendOutboxEntry(world.mailDeps(db), id),
      {
        retryable: false,
      },
    );
  }
}
