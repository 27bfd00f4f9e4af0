// What members do: register, book (a chosen spot or the first free one), cancel in and out of
// the cancel-free window, join and leave waiting lists, change spots, bring a guest, buy
// packages, the monthly plan and membership plans through Stripe's checkout (some paying, some
// leaving the page), and freeze their plan (plans.ts).
// Each move reads the member and the class first, as the app shows them before a tap.
import {
  bookClassInput,
  bookGuestInput,
  cancelBookingInput,
  changeSpotInput,
  joinWaitlistInput,
  leaveWaitlistInput,
  paths,
} from '@studio/core';
import { readSettings } from '../../functions/src/engine/store.ts';
import { bookClass } from '../../functions/src/handlers/booking/book-class.ts';
import { bookGuest } from '../../functions/src/handlers/booking/book-guest.ts';
import { cancelBooking } from '../../functions/src/handlers/booking/cancel-booking.ts';
import { changeSpot } from '../../functions/src/handlers/booking/change-spot.ts';
import { joinWaitlist } from '../../functions/src/handlers/booking/join-waitlist.ts';
import { leaveWaitlist } from '../../functions/src/handlers/booking/leave-waitlist.ts';
import { bootstrapUser } from '../../functions/src/handlers/users/bootstrap-user.ts';
import {
  readRoster,
  readValue,
  usableCredits,
  type Model,
  type SimClass,
  type SimMember,
} from './model.ts';
import type { OpRunner } from './ops.ts';
import type { PlanMoves } from './plans.ts';
import type { Random } from './random.ts';
import { COUPON, PACKAGES, ROOMS, type PackageId } from './studio.ts';
import { openCheckout } from './checkout.ts';
import { payCheckout, type World } from './world.ts';

const FIRST = ['Sofía', 'Mateo', 'Valentina', 'Santiago', 'Regina', 'Emiliano', 'Ximena', 'Diego'];
const LAST = ['Garza', 'Treviño', 'Villarreal', 'Cantú', 'Elizondo', 'Salinas', 'Leal', 'Zambrano'];
const GUESTS = ['Ana', 'Luis', 'Paola', 'Jorge'];
const DAY = 24 * 60 * 60 * 1000;

export interface MemberMoves {
  /** A new member signs up: the Auth trigger's profile, then the app's waiver. */
  register(index: number): Promise<SimMember>;
  /** One move of one member, chosen from what they can do now. */
  act(member: SimMember): Promise<void>;
  /** The week's schedule has just opened: members who can, try to book at once. */
  rush(members: readonly SimMember[], classes: readonly SimClass[]): Promise<void>;
}

export function memberMoves(
  world: World,
  model: Model,
  ops: OpRunner,
  random: Random,
  plans: PlanMoves,
): MemberMoves {
  const bookingDeps = world.bookingDeps;
  const now = world.clock.now;

  async function freeSpot(simClass: SimClass): Promise<string | undefined> {
    const roster = await readRoster(world.db, simClass.id);
    const free = Array.from({ length: ROOMS[simClass.layout] }, (_, i) => `s${i + 1}`).filter(
      (spot) => roster.spots[spot] !== true,
    );
    return free.length === 0 ? undefined : random.pick(free);
  }

  /**
   * Classes a member could book now: open for booking, not started, of a kind they hold a credit
   * of, or any with a plan (which may still refuse: a cap, a freeze).
   */
  async function bookable(member: SimMember, planned: boolean): Promise<SimClass[]> {
    const settings = await readSettings(world.db);
    const credits = await usableCredits(world.db, member.uid, now());
    const horizon = now() + settings.bookingWindowDays * DAY;
    return [...model.classes.values()].filter(
      (c) =>
        c.startsAt > now() &&
        c.startsAt <= horizon &&
        (planned || (credits[c.creditKind] ?? 0) > 0),
    );
  }

  async function book(member: SimMember, simClass: SimClass): Promise<void> {
    // Half pick a spot on the map; the rest take the first free one.
    const spot = random.chance(0.5) ? await freeSpot(simClass) : undefined;
    const input = bookClassInput.parse({ classId: simClass.id, ...(spot ? { spot } : {}) });
    const outcome = await ops.perform('book', member.uid, simClass.id, (db) =>
      bookClass(bookingDeps(db), { uid: member.uid, ...input }),
    );
    if (outcome.kind === 'refused' && outcome.messageKey === 'classFull' && random.chance(0.6))
      await ops.perform('join-waitlist', member.uid, simClass.id, (db) =>
        joinWaitlist(bookingDeps(db), {
          uid: member.uid,
          ...joinWaitlistInput.parse({ classId: simClass.id }),
        }),
      );
  }

  async function upcomingOf(member: SimMember, path: string): Promise<string[]> {
    const entries = (await readValue(world.db, path)) as Record<
      string,
      { startsAt?: number; status?: string }
    > | null;
    return Object.entries(entries ?? {})
      .filter(
        ([id, entry]) =>
          model.classes.has(id) &&
          (entry.startsAt ?? 0) > now() &&
          (entry.status ?? 'booked') === 'booked',
      )
      .map(([id]) => id);
  }

  async function buy(member: SimMember): Promise<void> {
    const subscribe = random.chance(0.12);
    const packageId = random.pick(Object.keys(PACKAGES) as PackageId[]);
    const coupon = !subscribe && random.chance(0.25);
    // Drawn before the checkout opens, so a refused one (a coupon held by others) leaves the
    // seed's later draws as they were.
    const completed = random.chance(0.85);
    const sessionId = await openCheckout(
      world,
      ops,
      member.uid,
      subscribe ? 'subscription' : `${packageId}${coupon ? ' +coupon' : ''}`,
      subscribe
        ? { kind: 'subscription' }
        : {
            kind: PACKAGES[packageId].purchase,
            packageId,
            ...(coupon ? { promocode: COUPON.code } : {}),
          },
    );
    if (sessionId === undefined) return;
    model.purchases.push({
      uid: member.uid,
      sessionId,
      packageId: subscribe ? 'subscription' : packageId,
      coupon,
      completed,
    });
    if (!completed) return;
    await payCheckout(world, sessionId, member.email);
  }

  return {
    async register(index) {
      const uid = `m${String(index).padStart(4, '0')}`;
      const name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
      const email = `${uid}@soak.test`;
      const member: SimMember = { uid, name, email, activity: random.between(1, 6) };
      world.signUp(uid, email);
      await ops.perform(
        'register',
        uid,
        name,
        (db) =>
          bootstrapUser(
            { db, now },
            {
              uid,
              displayName: name,
              email,
              metadata: { creationTime: new Date(now()).toUTCString() },
            },
          ),
        { crashable: true },
      );
      // The waiver, as the app writes it (the member's own field).
      await world.db.ref(paths.user(uid)).update({ Conditions: true });
      model.members.push(member);
      return member;
    },

    async act(member) {
      const planned = await plans.holdsPlan(member.uid);
      const classes = await bookable(member, await plans.paysBookings(member.uid));
      const booked = await upcomingOf(member, paths.userClasses(member.uid));
      const waiting = await upcomingOf(member, paths.userWaitlist(member.uid));
      const move = random.weighted<string>([
        ['book', classes.length > 0 ? 5 : 0],
        ['cancel', booked.length > 0 ? 2 : 0],
        ['change-spot', booked.length > 0 ? 1 : 0],
        ['guest', classes.length > 0 ? 0.7 : 0],
        ['leave-waitlist', waiting.length > 0 ? 0.8 : 0],
        ['buy', classes.length === 0 ? 3 : 0.4],
        ['buy-plan', planned ? 0 : classes.length === 0 ? 0.6 : 0.1],
        ['freeze', planned ? 0.3 : 0],
      ]);
      switch (move) {
        case 'book':
          return book(member, random.pick(classes));
        case 'cancel': {
          const classId = random.pick(booked);
          await ops.perform('cancel', member.uid, classId, (db) =>
            cancelBooking(bookingDeps(db), {
              uid: member.uid,
              ...cancelBookingInput.parse({ classId }),
            }),
          );
          return;
        }
        case 'change-spot': {
          const classId = random.pick(booked);
          const simClass = model.classes.get(classId);
          const spot = simClass ? await freeSpot(simClass) : undefined;
          if (spot === undefined) return;
          await ops.perform('change-spot', member.uid, `${classId} → ${spot}`, (db) =>
            changeSpot(bookingDeps(db), {
              uid: member.uid,
              ...changeSpotInput.parse({ classId, spot }),
            }),
          );
          return;
        }
        case 'guest': {
          const simClass = random.pick(classes);
          // One request id per tap: a retry of the same tap finds the seat it booked.
          const requestId = `g${world.db.ref().push().key ?? random.between(0, 1e9)}`;
          const input = bookGuestInput.parse({
            classId: simClass.id,
            guestName: random.pick(GUESTS),
            requestId,
          });
          await ops.perform('guest', member.uid, simClass.id, (db) =>
            bookGuest(bookingDeps(db), { uid: member.uid, ...input }),
          );
          return;
        }
        case 'leave-waitlist': {
          const classId = random.pick(waiting);
          await ops.perform('leave-waitlist', member.uid, classId, (db) =>
            leaveWaitlist(bookingDeps(db), {
              uid: member.uid,
              ...leaveWaitlistInput.parse({ classId }),
            }),
          );
          return;
        }
        case 'buy-plan':
          return plans.buy(member);
        case 'freeze':
          return plans.freezeOrThaw(member);
        default:
          return buy(member);
      }
    },

    async rush(members, classes) {
      const tries = members.flatMap((member) =>
        random
          .shuffle([...classes])
          .slice(0, random.between(1, 3))
          .map((simClass) => ({ member, simClass })),
      );
      await Promise.all(tries.map(({ member, simClass }) => book(member, simClass)));
    },
  };
}
