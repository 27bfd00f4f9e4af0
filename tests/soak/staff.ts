// What the studio's people do: the owner publishes next week's schedule (the release members
// race for), moves a class's time or coach, changes its capacity, cancels one now and then, and
// gives a member a courtesy credit; coaches take attendance once their class starts.
import {
  addDays,
  adjustCreditsInput,
  cancelClassInput,
  checkInInput,
  createClassesInput,
  formatDate,
  paths,
  toEpoch,
  updateClassInput,
  type HourString,
} from '@studio/core';
import { checkIn } from '../../functions/src/handlers/booking/check-in.ts';
import { cancelClass } from '../../functions/src/handlers/classes/cancel-class.ts';
import { createClasses } from '../../functions/src/handlers/classes/create-classes.ts';
import { updateClass } from '../../functions/src/handlers/classes/update-class.ts';
import { adjustCredits } from '../../functions/src/handlers/credits/adjust-credits.ts';
import { readRoster, type Model, type SimClass } from './model.ts';
import type { OpRunner } from './ops.ts';
import type { Random } from './random.ts';
import { ADMIN_UID, BRANCH, CLASS_TYPES, COACHES, ROOMS } from './studio.ts';
import type { World } from './world.ts';

/** The weekly timetable: hour and class type for every day. */
const TIMETABLE: readonly { hour: HourString; type: (typeof CLASS_TYPES)[number] }[] = [
  { hour: '07:00', type: CLASS_TYPES[0] },
  { hour: '09:30', type: CLASS_TYPES[1] },
  { hour: '18:00', type: CLASS_TYPES[0] },
  { hour: '20:00', type: CLASS_TYPES[1] },
];

export interface StaffMoves {
  /** Creates the classes of the 7 days from `fromDate` (one call per timetable row). */
  publishWeek(fromDate: string): Promise<SimClass[]>;
  /** A studio event: one special-credit workshop on `date`. */
  publishWorkshop(date: string): Promise<SimClass[]>;
  /** One owner action on an upcoming class or a member. */
  manage(): Promise<void>;
  /** Coaches mark who came to classes that started in the last `windowMs`. */
  takeAttendance(windowMs: number): Promise<void>;
}

export function staffMoves(world: World, model: Model, ops: OpRunner, random: Random): StaffMoves {
  const deps = world.bookingDeps;
  const now = world.clock.now;

  async function create(
    input: unknown,
    detail: string,
    durationMin: number,
    layout: 'bikes' | 'mats',
    creditKind: SimClass['creditKind'],
    coachUid: string,
  ) {
    const parsed = createClassesInput.parse(input);
    const outcome = await ops.perform(
      'publish',
      ADMIN_UID,
      detail,
      (db) => createClasses(deps(db), { by: ADMIN_UID, input: parsed }),
      // An admin whose save failed sees the error and saves again.
      { retryable: true },
    );
    if (outcome.kind !== 'ok') return [];
    const created: SimClass[] = [];
    for (const id of (outcome.value as { classIds: string[] }).classIds) {
      const stored = (await world.db.ref(paths.class(id)).get()).val() as {
        startsAt: number;
        capacity: number;
      } | null;
      if (stored === null) continue;
      const simClass: SimClass = {
        id,
        startsAt: stored.startsAt,
        durationMin,
        capacity: stored.capacity,
        creditKind,
        layout,
        coachUid,
      };
      model.classes.set(id, simClass);
      created.push(simClass);
    }
    return created;
  }

  return {
    async publishWeek(fromDate) {
      const created: SimClass[] = [];
      for (const [index, row] of TIMETABLE.entries()) {
        const coach = COACHES[index % COACHES.length] ?? COACHES[0];
        created.push(
          ...(await create(
            {
              branch: BRANCH,
              exercise: row.type.id,
              coach: coach.id,
              layout: row.type.layout,
              creditKind: row.type.creditKind,
              hour: row.hour,
              duration: row.type.duration,
              repeat: {
                from: fromDate,
                until: addDays(fromDate, 6),
                weekdays: [1, 2, 3, 4, 5, 6, 7],
              },
            },
            `${row.type.id} ${row.hour} week of ${fromDate}`,
            row.type.duration,
            row.type.layout,
            row.type.creditKind,
            coach.uid,
          )),
        );
      }
      return created;
    },

    async publishWorkshop(date) {
      const type = CLASS_TYPES[2];
      const coach = COACHES[1];
      return create(
        {
          branch: BRANCH,
          name: 'Weekend workshop',
          exercise: type.id,
          coach: coach.id,
          layout: type.layout,
          creditKind: type.creditKind,
          hour: '11:00',
          duration: type.duration,
          date,
        },
        `workshop ${date}`,
        type.duration,
        type.layout,
        type.creditKind,
        coach.uid,
      );
    },

    async manage() {
      const upcoming = [...model.classes.values()].filter(
        (c) => c.startsAt > now() + 60 * 60 * 1000,
      );
      const move = random.weighted<string>([
        ['move-time', upcoming.length > 0 ? 2 : 0],
        ['swap-coach', upcoming.length > 0 ? 2 : 0],
        ['capacity', upcoming.length > 0 ? 2 : 0],
        ['cancel-class', upcoming.length > 0 ? 1 : 0],
        ['courtesy-credit', model.members.length > 0 ? 2 : 0],
      ]);
      if (move === 'courtesy-credit') {
        const member = random.pick(model.members);
        const input = adjustCreditsInput.parse({
          uid: member.uid,
          kind: 'regular',
          delta: 1,
          reason: 'Courtesy credit',
        });
        await ops.perform(
          'adjust-credits',
          ADMIN_UID,
          member.uid,
          (db) => adjustCredits(deps(db), { by: ADMIN_UID, ...input }),
          // An admin does not press Save twice for a grant: a retry would be a second grant.
          { retryable: false },
        );
        return;
      }
      const simClass = random.pick(upcoming);
      if (move === 'cancel-class') {
        const input = cancelClassInput.parse({ classId: simClass.id, reason: 'Coach unwell' });
        const outcome = await ops.perform('cancel-class', ADMIN_UID, simClass.id, (db) =>
          cancelClass(deps(db), { by: ADMIN_UID, ...input }),
        );
        if (outcome.kind === 'ok') model.classes.delete(simClass.id);
        return;
      }
      const change =
        move === 'move-time'
          ? { hour: random.pick(['06:30', '08:00', '17:30', '19:30']) }
          : move === 'swap-coach'
            ? { coach: random.pick(COACHES).id }
            : { capacity: random.between(2, ROOMS[simClass.layout]) };
      const input = updateClassInput.parse({ classId: simClass.id, ...change });
      const outcome = await ops.perform(
        'edit-class',
        ADMIN_UID,
        `${simClass.id} ${JSON.stringify(change)}`,
        (db) => updateClass(deps(db), { by: ADMIN_UID, input }),
      );
      if (outcome.kind !== 'ok') return;
      const stored = (await world.db.ref(paths.class(simClass.id)).get()).val() as {
        startsAt: number;
        capacity: number;
        coach: string;
      } | null;
      if (stored === null) return;
      simClass.startsAt = stored.startsAt;
      simClass.capacity = stored.capacity;
      simClass.coachUid = COACHES.find((c) => c.id === stored.coach)?.uid ?? simClass.coachUid;
    },

    async takeAttendance(windowMs) {
      const started = [...model.classes.values()].filter(
        (c) => c.startsAt <= now() && c.startsAt > now() - windowMs,
      );
      for (const simClass of started) {
        const roster = await readRoster(world.db, simClass.id);
        for (const [key, booking] of Object.entries(roster.bookings)) {
          if (booking.attendance !== undefined || booking.pending === true) continue;
          const status = random.chance(0.85) ? 'attended' : 'no-show';
          const input = checkInInput.parse({
            classId: simClass.id,
            uid: booking.uid,
            ...(booking.guestName !== undefined ? { guestBookingId: booking.bookingId } : {}),
            status,
          });
          await ops.perform(
            'check-in',
            simClass.coachUid,
            `${simClass.id} ${key} ${status}`,
            (db) => checkIn(deps(db), { by: simClass.coachUid, role: 'coach', ...input }),
          );
        }
      }
    },
  };
}

/** The studio-local date of `ms`. */
export function dateOf(ms: number): string {
  return formatDate(ms);
}

/** The instant a studio-local date and hour denote. */
export function at(date: string, hour: string): number {
  return toEpoch(date, hour);
}
