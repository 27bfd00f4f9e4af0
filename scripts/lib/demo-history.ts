// The demo studio's past: eight weeks of its life, written through the server's own handlers on
// a simulated clock, so what `npm start` shows is what the studio would have after two months of
// real use. Members join week by week and buy a pack (some with WELCOME10), three take the
// monthly plan and renew it, a few others take one of the membership plans and book with it; the owner publishes each week's classes; members book days ahead,
// some cancel (a few too late), join waiting lists that move when others cancel; coaches take
// attendance (a few no-shows); members who run out buy again or drift away; the demo accounts
// running low buy a pack the day before. Then the reconciler expires what ran out and the nightly
// rollup turns it all into insights.
//
// Payments go through the Stripe sandbox with its clock set to the simulated time (restored at
// the end) and each event through the webhook's own `processStripeEvent`; while the history is
// written the sandbox's webhook points at a receiver here that only acknowledges, so the local
// functions do not process the same events again on the real clock. The e-mails these past
// events would have caused are not written (they went out when they happened).
// Deterministic: a fixed pseudo-random sequence.
import { mulberry32 } from './mulberry32.ts';
import { withQuietFunctionLogs } from './quiet-logs.ts';
import { refPath } from './ref-path.ts';
import { DEMO_PLAN_IDS } from './seed-plans.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database, Reference } from 'firebase-admin/database';
import {
  addDays,
  bookClassInput,
  cancelBookingInput,
  checkInInput,
  createCheckoutSessionInput,
  createClassesInput,
  saveCoachPayRateInput,
  formatDate,
  isoWeekday,
  paths,
  readWallet,
  startOfWeek,
  toEpoch,
  type DateString,
} from '@studio/core';
import type Stripe from 'stripe';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const APP_ORIGIN = 'http://127.0.0.1:5000';
const FIRST_NAMES = [
  'Andrea',
  'Luis',
  'Fernanda',
  'Jorge',
  'Paola',
  'Ricardo',
  'Daniela',
  'Héctor',
  'Camila',
  'Alejandro',
];
const LAST_NAMES = ['Salinas', 'Garza', 'Cantú', 'Treviño', 'Elizondo', 'Villarreal'];

/**
 * The membership plans taken by members who exist only in the past, in the order they join: so
 * admin-planes and the insights' plan figures have members, revenue and renewals to show.
 */
const PLAN_TAKERS: readonly string[] = [
  DEMO_PLAN_IDS.daily,
  DEMO_PLAN_IDS.twoAWeek,
  DEMO_PLAN_IDS.credits,
  DEMO_PLAN_IDS.daily,
  DEMO_PLAN_IDS.twoAWeek,
  DEMO_PLAN_IDS.daily,
  DEMO_PLAN_IDS.credits,
];

/** The weekly timetable the demo schedule also uses (Monday to Saturday). */
const SLOTS = [
  { hour: '07:00', exercise: 'cycling', coach: 'carlos', layout: 'bikes', duration: 45 },
  { hour: '12:30', exercise: 'yoga', coach: 'lucia', layout: 'mats', duration: 60 },
  { hour: '19:00', exercise: 'hiit', coach: 'carlos', layout: 'bikes', duration: 50 },
] as const;

/** What the owner pays each coach (cents): a class, each head from the 6th, a full-room bonus. */
const PAY_RATES = [
  {
    coachId: 'carlos',
    exercise: '*',
    rule: {
      perClass: 2000,
      perHead: [{ from: 6, amount: 150 }],
      bonus: { over: 15, amount: 1000 },
      minimum: 2000,
    },
  },
  {
    coachId: 'lucia',
    exercise: 'yoga',
    rule: { perClass: 2500, perHead: [{ from: 8, amount: 100 }], minimum: 2500 },
  },
  { coachId: 'valeria', exercise: '*', rule: { perClass: 2200, minimum: 2200 } },
  { coachId: 'diego', exercise: '*', rule: { perClass: 2200, minimum: 2200 } },
] as const;

export interface DemoHistoryOptions {
  db: Database;
  /** The members whose past this is (uids); the first joins first. */
  members: readonly string[];
  /** Coach id → the coach's account, who takes attendance. */
  coachUids: Readonly<Record<string, string>>;
  adminUid: string;
  /** The Stripe sandbox the stack runs (`STRIPE_API_URL`). */
  sandboxUrl: string;
  stripe: Stripe;
  /** Members who exist only in the past (signed up through the Auth trigger's handler, no login). */
  extraMembers?: number;
  weeks?: number;
  now?: number;
}

export interface DemoHistoryResult {
  classes: number;
  bookings: number;
  purchases: number;
  from: DateString;
}

const isMail = (path: string) => path === 'MailOutbox' || path.startsWith('MailOutbox/');

/** `db`, except that writes to the mail outbox do nothing (a past event's mail went long ago). */
function withoutMail(db: Database): Database {
  const wrap = (ref: Reference): Reference =>
    new Proxy(ref, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property === 'child') return (child: string) => wrap(target.child(child));
        if (isMail(refPath(target))) {
          if (property === 'transaction')
            return async () => ({ committed: false, snapshot: await target.get() });
          if (property === 'set' || property === 'update' || property === 'remove')
            return () => Promise.resolve();
        }
        if (property === 'update')
          return (values: Record<string, unknown>) => {
            const base = refPath(target);
            const kept = Object.fromEntries(
              Object.entries(values).filter(([key]) => !isMail(base ? `${base}/${key}` : key)),
            );
            return target.update(kept);
          };
        return typeof value === 'function'
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      },
    });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'ref') return (path?: string) => wrap(target.ref(path));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** An acknowledging webhook receiver, where the sandbox sends events while history is written. */
async function quietReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

async function control(sandboxUrl: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandboxUrl}/_sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

interface TimedStep {
  at: number;
  order: number;
  run: () => Promise<void>;
}

export function writeDemoHistory(options: DemoHistoryOptions): Promise<DemoHistoryResult> {
  return withQuietFunctionLogs(() => writeHistory(options));
}

async function writeHistory(options: DemoHistoryOptions): Promise<DemoHistoryResult> {
  const [
    { bookClass },
    { cancelBooking },
    { checkIn },
    { joinWaitlist },
    { reconcileBookings },
    { createClasses },
    { createCheckoutSession },
    { processStripeEvent },
    { rollUpInsights },
    { bootstrapUser },
    { saveCoachPayRate },
  ] = await Promise.all([
    import('../../functions/src/handlers/booking/book-class.ts'),
    import('../../functions/src/handlers/booking/cancel-booking.ts'),
    import('../../functions/src/handlers/booking/check-in.ts'),
    import('../../functions/src/handlers/booking/join-waitlist.ts'),
    import('../../functions/src/handlers/booking/reconcile.ts'),
    import('../../functions/src/handlers/classes/create-classes.ts'),
    import('../../functions/src/handlers/payments/checkout/create-checkout-session.ts'),
    import('../../functions/src/handlers/payments/webhook/process-stripe-event.ts'),
    import('../../functions/src/handlers/insights/roll-up-insights.ts'),
    import('../../functions/src/handlers/users/bootstrap-user.ts'),
    import('../../functions/src/handlers/desk/coach-pay.ts'),
  ]);
  const random = mulberry32(20261128);
  const realNow = options.now ?? Date.now();
  const weeks = options.weeks ?? 8;
  const firstMonday = startOfWeek(addDays(formatDate(realNow), -7 * weeks));
  const db = withoutMail(options.db);
  let clock = toEpoch(firstMonday, '06:00') - 3 * DAY;
  const now = () => clock;
  const bookingDeps = { db, now };
  const paymentDeps = { db, stripe: options.stripe, now };
  const result: DemoHistoryResult = { classes: 0, bookings: 0, purchases: 0, from: firstMonday };

  // The owner sets what each coach is paid before the first week, so the pay report has figures.
  for (const { coachId, exercise, rule } of PAY_RATES)
    await saveCoachPayRate(bookingDeps, {
      by: options.adminUid,
      ...saveCoachPayRateInput.parse({
        coachId,
        exercise,
        effectiveFrom: addDays(firstMonday, -7),
        rule,
      }),
    });

  const delivery = (await control(options.sandboxUrl, 'delivery')) as { webhookUrl: string | null };
  const receiver = await quietReceiver();
  await control(options.sandboxUrl, 'delivery', { webhookUrl: receiver.url });
  let eventsSeen = ((await control(options.sandboxUrl, 'events')) as { data: unknown[] }).data
    .length;

  /** Hands every new sandbox event to the webhook's own handler, in order, on the clock. */
  const processEvents = async () => {
    const { data } = (await control(options.sandboxUrl, 'events')) as {
      data: { event: Stripe.Event }[];
    };
    for (const record of data.slice(eventsSeen))
      await processStripeEvent(paymentDeps, record.event);
    eventsSeen = data.length;
  };
  const setClock = async (at: number) => {
    clock = at;
    await control(options.sandboxUrl, 'clock', { now: Math.floor(at / 1000) });
  };

  const usable = async (uid: string) => {
    const wallet = readWallet((await options.db.ref(paths.user(uid)).get()).val(), paths.user(uid));
    return Object.values(wallet.credits).filter(
      (credit) =>
        credit.kind === 'regular' && credit.expiresAt > clock && credit.hold === undefined,
    ).length;
  };

  /** The member opens Stripe's checkout for `purchase` and pays; the webhooks are handled. */
  const pay = async (uid: string, purchase: Record<string, unknown>): Promise<string> => {
    const input = createCheckoutSessionInput.parse({
      ...purchase,
      successUrl: `${APP_ORIGIN}/gracias-compra`,
      cancelUrl: `${APP_ORIGIN}/tabs/paquetes/0`,
    });
    const { sessionId } = await createCheckoutSession(
      paymentDeps,
      { uid, ...input },
      { appOrigins: [APP_ORIGIN] },
    );
    await control(options.sandboxUrl, `checkout_sessions/${sessionId}/complete`, {});
    await processEvents();
    result.purchases += 1;
    return sessionId;
  };

  const buyPack = async (uid: string, coupon: boolean) => {
    const packageId = random() < 0.6 ? 'credits-10' : 'credits-5';
    await pay(uid, { kind: 'credits', packageId, ...(coupon ? { promocode: 'WELCOME10' } : {}) });
  };

  /** The monthly plan (`kind: 'subscription'`) or a membership plan, renewed while the past lasts. */
  const subscribe = async (uid: string, planId?: string) => {
    const sessionId = await pay(
      uid,
      planId === undefined ? { kind: 'subscription' } : { kind: 'plan', planId },
    );
    const session = await options.stripe.checkout.sessions.retrieve(sessionId);
    if (typeof session.subscription === 'string') await renewAtPeriodEnd(session.subscription);
  };

  /** Stripe bills the plan's next period when the current one ends, as long as the past lasts. */
  const renewAtPeriodEnd = async (subscriptionId: string) => {
    const subscription = await options.stripe.subscriptions.retrieve(subscriptionId);
    const end = (subscription.items.data[0]?.current_period_end ?? 0) * 1000;
    at(end, async () => {
      await control(options.sandboxUrl, `subscriptions/${subscriptionId}/renew`, {});
      await processEvents();
      result.purchases += 1;
      await renewAtPeriodEnd(subscriptionId);
    });
  };

  const steps: TimedStep[] = [];
  let order = 0;
  const at = (time: number, run: () => Promise<void>) => {
    if (time < realNow) steps.push({ at: time, order: order++, run });
  };

  // Everybody's habits: the class times they like (one or two of the three) and how many
  // classes a week they come to. The demo accounts, then members who exist only in the past.
  const extra = Array.from({ length: options.extraMembers ?? 0 }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Ana';
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Garza';
    return {
      uid: `history-${String(i + 1).padStart(3, '0')}`,
      name: `${first} ${last}`,
      account: false,
    };
  });
  const members = [
    ...options.members.map((uid) => ({ uid, name: '', account: true })),
    ...extra,
  ].map((m) => {
    const slots = [Math.floor(random() * SLOTS.length)];
    if (random() < 0.4) slots.push((slots[0]! + 1) % SLOTS.length);
    return { ...m, slots, perWeek: 2 + Math.floor(random() * 3) };
  });

  // Members join over the first three weeks; three take the monthly plan, a few of those who
  // exist only in the past a membership plan (they book with it, never cancelling late).
  const subscribers = new Set(options.members.slice(1, 4));
  const planOf = new Map(extra.slice(0, PLAN_TAKERS.length).map((m, i) => [m.uid, PLAN_TAKERS[i]]));
  const joined = new Map<string, number>();
  members.forEach(({ uid, name, account }, index) => {
    const joinDay = index === 0 ? 0 : Math.floor(random() * 21);
    const joinAt = toEpoch(firstMonday, '10:00') - 2 * DAY + joinDay * DAY;
    joined.set(uid, joinAt);
    at(joinAt, async () => {
      if (account) {
        await options.db.ref(paths.userDirectoryField(uid, 'createdAt')).set(joinAt);
      } else {
        await bootstrapUser(
          { db, now },
          {
            uid,
            displayName: name,
            email: `${uid}@example.com`,
            metadata: { creationTime: new Date(joinAt).toUTCString() },
          },
        );
        await options.db.ref(paths.userField(uid, 'Conditions')).set(true);
      }
      // The first member, whom the journeys sign in as, keeps WELCOME10 for their own checkout.
      const planId = planOf.get(uid);
      if (subscribers.has(uid)) await subscribe(uid);
      else if (planId !== undefined) await subscribe(uid, planId);
      else await buyPack(uid, index > 0 && random() < 0.5);
    });
  });
  // Monthly renewals: each plan's period end, as Stripe bills it.
  for (let week = 0; week < weeks; week += 1) {
    const monday = addDays(firstMonday, 7 * week);
    // The owner publishes the week on the Sunday before, at noon.
    at(toEpoch(addDays(monday, -1), '12:00'), async () => {
      for (const [slotIndex, slot] of SLOTS.entries()) {
        const input = createClassesInput.parse({
          branch: 'centro',
          exercise: slot.exercise,
          coach: slot.coach,
          layout: slot.layout,
          hour: slot.hour,
          duration: slot.duration,
          repeat: { from: monday, until: addDays(monday, 5), weekdays: [1, 2, 3, 4, 5, 6] },
        });
        const { classIds } = await createClasses(bookingDeps, { by: options.adminUid, input });
        result.classes += classIds.length;
        for (const classId of classIds) scheduleClass(classId, slot.coach, slotIndex);
      }
    });
    for (let day = 0; day < 7; day += 1)
      at(toEpoch(addDays(monday, day), '03:00'), async () => {
        await reconcileBookings(bookingDeps);
      });
  }

  /** Bookings (one to three days ahead), cancels, waiting lists and attendance of one class. */
  function scheduleClass(classId: string, coach: string, slotIndex: number): void {
    const pending = (async () => {
      const stored = (await options.db.ref(paths.class(classId)).get()).val() as {
        startsAt: number;
      };
      const { startsAt } = stored;
      // Each member comes to the times they like, as often as their habit says; Mondays are
      // busier.
      const monday = isoWeekday(formatDate(startsAt)) === 1 ? 1.25 : 1;
      const wanting = members.filter(
        (m) =>
          (joined.get(m.uid) ?? Infinity) < startsAt &&
          m.slots.includes(slotIndex) &&
          random() < Math.min(0.95, (monday * m.perWeek) / (6 * m.slots.length)),
      );
      for (const { uid } of wanting) {
        // Days ahead, but never before the member joined.
        const bookAt = Math.max(
          startsAt - (2 + Math.floor(random() * 60)) * HOUR,
          (joined.get(uid) ?? startsAt) + HOUR,
        );
        if (bookAt > startsAt - HOUR) continue;
        const cancels = random() < 0.12;
        // A member on a plan cancels in time (a late cancel's fee would wait to be charged).
        const late = random() < 0.4 && !planOf.has(uid);
        // A plan of classes books without credits; the credits plan grants them each month.
        const plan = planOf.get(uid);
        const needsCredits = plan === undefined || plan === DEMO_PLAN_IDS.credits;
        at(bookAt, async () => {
          if (needsCredits && (await usable(uid)) === 0) {
            // Out of credits: most buy again, some drift away.
            if (random() < 0.75) await buyPack(uid, false);
            else return;
          }
          try {
            await bookClass(bookingDeps, { uid, ...bookClassInput.parse({ classId }) });
            result.bookings += 1;
          } catch (error) {
            if ((error as { messageKey?: string }).messageKey === 'classFull' && random() < 0.5)
              await joinWaitlist(bookingDeps, { uid, classId }).catch(() => undefined);
            return;
          }
          if (!cancels) return;
          const cancelAt = late
            ? startsAt - (1 + Math.floor(random() * 10)) * HOUR
            : bookAt + Math.floor((startsAt - bookAt - 13 * HOUR) * random());
          at(Math.max(cancelAt, bookAt + HOUR), async () => {
            await cancelBooking(bookingDeps, {
              uid,
              ...cancelBookingInput.parse({ classId }),
            }).catch(() => undefined);
          });
        });
      }
      at(startsAt + 10 * 60_000, async () => {
        const roster = (await options.db.ref(paths.classRoster(classId)).get()).val() as {
          bookings?: Record<string, { uid: string; bookingId: string; guestName?: string }>;
        } | null;
        for (const booking of Object.values(roster?.bookings ?? {})) {
          const input = checkInInput.parse({
            classId,
            uid: booking.uid,
            ...(booking.guestName !== undefined ? { guestBookingId: booking.bookingId } : {}),
            status: random() < 0.9 ? 'attended' : 'no-show',
          });
          // The class's coach, or the owner for a coach who has no account.
          const coachUid = options.coachUids[coach];
          await checkIn(bookingDeps, {
            by: coachUid ?? options.adminUid,
            role: coachUid === undefined ? 'admin' : 'coach',
            ...input,
          });
        }
      });
    })();
    classReads.push(pending);
  }
  const classReads: Promise<void>[] = [];

  // Yesterday afternoon, the demo accounts running low bought a pack: whoever signs in can book.
  for (const uid of options.members)
    at(realNow - 20 * HOUR, async () => {
      if ((await usable(uid)) < 3) await buyPack(uid, false);
    });

  try {
    // Run the steps in time order; a step may add later steps.
    for (;;) {
      await Promise.all(classReads.splice(0));
      steps.sort((a, b) => a.at - b.at || a.order - b.order);
      const next = steps.shift();
      if (next === undefined) break;
      if (next.at > clock) await setClock(next.at);
      await next.run();
    }
    await setClock(realNow);
    await reconcileBookings(bookingDeps);
    await rollUpInsights({ db: options.db, now }, { from: firstMonday });
  } finally {
    await control(options.sandboxUrl, 'clock', { now: Math.floor(Date.now() / 1000) });
    if (delivery.webhookUrl !== null)
      await control(options.sandboxUrl, 'delivery', { webhookUrl: delivery.webhookUrl });
    receiver.server.close();
  }
  return result;
}
