// A studio's life over simulated days, step by step: members sign up, book, cancel, wait, change
// spots, bring guests and buy; the owner publishes each week's schedule (a release members race
// for), edits and cancels classes and gives credits; coaches take attendance; Stripe's bank and
// webhooks do their worst; the scheduled jobs run as the clock passes. Faults are injected
// throughout (ops.ts). The booking invariants are checked after every step, and every invariant
// at rest each night once the reconciler and the mail sweep have run. The first violation stops
// the run with the seed, the simulated time and the history that led there.
import { formatInTimeZone } from 'date-fns-tz';
import {
  CREDIT_HOLD_TIMEOUT_MS,
  STUDIO_TIME_ZONE,
  addDays,
  formatDate,
  formatDateTime,
  isoWeekday,
} from '@studio/core';
import { reconcileBookings } from '../../functions/src/handlers/booking/reconcile.ts';
import { rollUpInsights } from '../../functions/src/handlers/insights/roll-up-insights.ts';
import { sweepOutbox } from '../../functions/src/handlers/mail/sweep-outbox.ts';
import {
  bookingViolations,
  directoryViolations,
  insightsViolations,
  mailViolations,
  cutOutboxIds,
  pushViolations,
  sentPushIds,
  cashSaleViolations,
  paymentViolations,
  sentOutboxIds,
  waitlistViolations,
} from './checks.ts';
import { History } from './history.ts';
import { dailyAt, scheduledJobs, mailTrigger } from './jobs.ts';
import { pushMoves } from './push.ts';
import { deskMoves } from './desk.ts';
import { memberMoves } from './members.ts';
import { emptyModel } from './model.ts';
import { DEFAULT_FAULT_RATES, FAULT_KINDS, opRunner, type FaultRates } from './ops.ts';
import { plantedDatabase, type Plant } from './plants.ts';
import {
  periodGrantViolations,
  planMoves,
  planPurchaseViolations,
  planViolations,
  setUpPlans,
} from './plans.ts';
import { seededRandom } from './random.ts';
import { at, staffMoves } from './staff.ts';
import { stripeSide } from './stripe.ts';
import { setUpStudio } from './studio.ts';
import { startWorld } from './world.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SoakOptions {
  seed: number;
  days: number;
  /** Members at the start; about a third as many more sign up during the run. */
  members: number;
  /** Simulated minutes per step. */
  stepMinutes: number;
  faults?: FaultRates;
  /** A deliberate bug, to show the soak finds it (plants.ts). */
  plant?: Plant;
  /** Progress lines (one per simulated day). */
  log?: (line: string) => void;
}

export interface SoakReport {
  seed: number;
  days: number;
  members: number;
  stepMinutes: number;
  plant?: Plant;
  from: string;
  to: string;
  steps: number;
  operations: Record<string, number>;
  outcomes: Record<string, number>;
  faults: Record<string, number>;
  /** Invariant evaluations (each check over the whole database counts once). */
  checks: number;
  /** Bookings standing at the end (used or late-cancelled), by what paid for them. */
  paidBy: { credit: number; plan: number };
  violations: string[];
  /** When the first violation was found, and what led there. */
  failedAt?: { simulated: string; step: number; history: string[] };
  wallMs: number;
  peakRssMb: number;
}

/** The first simulated instant: 06:00 studio time on the Monday after `from`. */
function startOf(fromMs: number): number {
  let date = addDays(formatDate(fromMs), 1);
  while (isoWeekday(date) !== 1) date = addDays(date, 1);
  return at(date, '06:00');
}

/** Bookings standing (used or late-cancelled) in the members' booking records, by payer. */
function paidBy(root: unknown): SoakReport['paidBy'] {
  const counts = { credit: 0, plan: 0 };
  const users = (root as { Users?: Record<string, { 'booking-credits'?: object }> } | null)?.Users;
  for (const user of Object.values(users ?? {}))
    for (const raw of Object.values(user['booking-credits'] ?? {})) {
      const booking = raw as { state?: string; plan?: unknown };
      if (booking.state !== 'used' && booking.state !== 'forfeited') continue;
      counts[booking.plan === undefined ? 'credit' : 'plan'] += 1;
    }
  return counts;
}

/** The first 03:00 (studio time) after `instant`: the night's check at rest. */
export function nightCheckAfter(instant: number): number {
  const tonight = at(formatDate(instant), '03:00');
  return tonight > instant ? tonight : at(addDays(formatDate(instant), 1), '03:00');
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const wallStart = Date.now();
  let peakRss = process.memoryUsage().rss;
  const random = seededRandom(options.seed);
  const start = startOf(Date.UTC(2026, 11, 1));
  const world = await startWorld(start);
  const history = new History(20_000);
  const rates = options.faults ?? DEFAULT_FAULT_RATES;
  const ops = opRunner(world, random.fork('faults'), rates, history);
  const jobs = scheduledJobs(options.plant);
  const model = emptyModel();
  const moves = (step: number, label: string) => random.fork(`${step}:${label}`);
  const report: SoakReport = {
    seed: options.seed,
    days: options.days,
    members: options.members,
    stepMinutes: options.stepMinutes,
    ...(options.plant ? { plant: options.plant } : {}),
    from: formatDate(start),
    to: formatDate(start + options.days * DAY),
    steps: 0,
    operations: {},
    outcomes: {},
    faults: {},
    checks: 0,
    paidBy: { credit: 0, plan: 0 },
    violations: [],
    wallMs: 0,
    peakRssMb: 0,
  };
  const mailSeen = new Set<string>();
  const mailSent = new Set<string>();
  const pushSent = new Set<string>();
  const now = world.clock.now;

  const stopWith = (violations: string[]) => {
    report.violations = violations;
    report.failedAt = {
      simulated: formatDateTime(now()),
      step: ops.step,
      history: history.leadingTo(violations),
    };
  };

  try {
    await setUpStudio(world.db);
    await setUpPlans(world, model, ops);
    const plans = planMoves(world, model, ops, random.fork('plans'));
    const members = memberMoves(world, model, ops, random.fork('members'), plans);
    for (let i = 0; i < options.members; i += 1) await members.register(i + 1);
    const staff = staffMoves(world, model, ops, random.fork('staff'));
    await staff.publishWeek(formatDate(start));
    const stripe = stripeSide(world, model, ops, random.fork('stripe'));
    const pushes = pushMoves(world, model, ops, random.fork('push'));
    const desk = deskMoves(world, model, ops, random.fork('desk'));
    const stepMs = options.stepMinutes * MINUTE;
    const end = start + options.days * DAY;
    let mailDown = false;

    for (let step = 1; now() < end; step += 1) {
      ops.step = step;
      report.steps = step;
      const previous = now();
      const stepRandom = moves(step, 'step');
      // Now and then the clock jumps: across midnight, or over a month's end.
      let next = previous + stepMs;
      if (stepRandom.chance(rates.clockJump)) {
        next = previous + stepRandom.between(2, 6) * 60 * MINUTE;
        ops.fault('clock-jump', `${formatDate(previous)} → ${formatDate(next)}`);
      }
      // No step passes the night's 03:00: the check at rest comes before the morning's members
      // act (a jump from 01:00 to 06:50 would otherwise check a cancel that had just stopped).
      const night = nightCheckAfter(previous);
      next = Math.min(next, night);
      await world.clock.advanceTo(Math.min(next, end));

      if (stepRandom.chance(rates.dbRestart)) {
        ops.fault('db-restart', 'the database emulator restarts from its data folder');
        await world.restartDatabase();
      }
      if (stepRandom.chance(rates.smtpOutage)) {
        mailDown = !mailDown;
        world.setMailOutage(mailDown);
        if (mailDown) ops.fault('smtp-outage', 'the mail server stops answering');
      }
      // Timeouts draw from their own stream, so a seed's other moves stay as they were.
      const timeouts = moves(step, 'timeouts');
      const mailStalled = timeouts.chance(rates.smtpTimeout);
      world.setMailStall(mailStalled);
      if (mailStalled) ops.fault('smtp-timeout', 'the mail server takes connections, never greets');
      if (timeouts.chance(rates.pushTimeout)) {
        world.push.respondWith(201, { delayMs: world.pushTimeoutMs + 500 });
        ops.fault('push-timeout', 'the push service takes the next push, answers too late');
      }

      // Sunday 12:00: next week's schedule opens, and members race for it.
      const today = formatDate(now());
      if (isoWeekday(today) === 7 && previous < at(today, '12:00') && now() >= at(today, '12:00')) {
        const released = await staff.publishWeek(addDays(today, 1));
        await staff.publishWorkshop(addDays(today, 6));
        // Now and then the studio closes for a few days: every plan is frozen.
        if (stepRandom.chance(0.3)) await plans.closeStudio();
        const racers = random
          .shuffle([...model.members])
          .slice(0, Math.ceil(model.members.length * 0.7));
        await members.rush(
          racers,
          released.filter((c) => c.startsAt < now() + 7 * DAY),
        );
      }

      // Members act while the studio is open (05:00–22:00 studio time).
      const hour = Number(formatInTimeZone(now(), STUDIO_TIME_ZONE, 'H'));
      if (hour >= 5 && hour < 22) {
        if (stepRandom.chance((0.02 * options.stepMinutes) / 10))
          await members.register(model.members.length + 1);
        for (const member of model.members) {
          const p = (member.activity * options.stepMinutes) / (17 * 60);
          if (moves(step, member.uid).chance(p)) await members.act(member);
        }
        if (stepRandom.chance((0.03 * options.stepMinutes) / 10)) await staff.manage();
        if (stepRandom.chance((0.01 * options.stepMinutes) / 10)) await stripe.bank();
        await pushes.act(model.members);
        // The front desk draws from its own stream, so a seed's other moves stay as they were.
        if (moves(step, 'desk').chance((0.05 * options.stepMinutes) / 10))
          await desk.act(model.members);
      }
      pushes.refuse(rates.pushRefused);
      await staff.takeAttendance(stepMs);
      if (dailyAt('07:00')(previous, now())) await stripe.renewals();

      stripe.collect(step);
      await stripe.deliver(step);
      await mailTrigger(world, ops, mailSeen);
      await pushes.trigger();
      for (const job of jobs) if (job.due(previous, now())) await job.run(world, ops);
      await pushes.sweep();
      const root = (await world.db.ref().get()).val() as unknown;
      for (const id of sentOutboxIds(root)) mailSent.add(id);
      for (const id of sentPushIds(root)) pushSent.add(id);

      report.checks += 2;
      const always = [...bookingViolations(root, now(), false), ...planViolations(root)];
      if (always.length > 0) {
        stopWith(always);
        break;
      }

      // 03:00 each night: everything settles, then every invariant at rest.
      if (now() === night) {
        const found = await atRest();
        options.log?.(
          `${formatDate(now())}: ${[...ops.tally.operations.values()].reduce((a, b) => a + b, 0)} operations so far, ${model.members.length} members, ` +
            `${Object.values(Object.fromEntries(ops.tally.faults)).reduce((a, b) => a + b, 0)} faults, ` +
            `${found.length} violations`,
        );
        if (found.length > 0) {
          stopWith(found);
          break;
        }
      }
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    if (report.violations.length === 0) {
      // The run ends in opening hours: what its last step left mid-way belongs to calls that
      // stopped, which the reconciler finishes once they are old enough, as it does by night.
      await world.clock.advanceTo(now() + CREDIT_HOLD_TIMEOUT_MS + 60_000);
      const found = await atRest();
      if (found.length > 0) stopWith(found);
    }
    report.paidBy = paidBy((await world.db.ref().get()).val());

    /** Webhooks drained, the reconciler run, mail sent: then every invariant at rest. */
    async function atRest(): Promise<string[]> {
      await stripe.drain(ops.step);
      world.setMailOutage(false);
      world.setMailStall(false);
      mailDown = false;
      const reconcileDb = options.plant ? plantedDatabase(world.db, options.plant) : world.db;
      await reconcileBookings(world.bookingDeps(reconcileDb));
      await mailTrigger(world, ops, mailSeen);
      await sweepOutbox(world.mailDeps());
      await pushes.trigger();
      await pushes.sweep();
      await rollUpInsights({ db: world.db, now }, { from: report.from });
      const root = (await world.db.ref().get()).val() as unknown;
      for (const id of sentOutboxIds(root)) mailSent.add(id);
      for (const id of sentPushIds(root)) pushSent.add(id);
      report.checks += 10;
      return [
        ...bookingViolations(root, now(), true),
        ...waitlistViolations(root),
        ...paymentViolations(root, model),
        ...cashSaleViolations(root, model),
        ...planViolations(root),
        ...planPurchaseViolations(root, model),
        ...periodGrantViolations(root),
        ...mailViolations(await world.inbox.messages(), mailSent, cutOutboxIds(ops.cutWrites)),
        ...pushViolations(world.push.messages(), pushSent),
        ...directoryViolations(root),
        ...insightsViolations(root, report.from, now()),
      ];
    }
  } finally {
    report.operations = Object.fromEntries(ops.tally.operations);
    report.outcomes = Object.fromEntries(ops.tally.outcomes);
    report.faults = Object.fromEntries(
      FAULT_KINDS.map((kind) => [kind, ops.tally.faults.get(kind) ?? 0]),
    );
    report.wallMs = Date.now() - wallStart;
    report.peakRssMb = Math.round(Math.max(peakRss, process.memoryUsage().rss) / 1_048_576);
    await world.stop();
  }
  return report;
}
