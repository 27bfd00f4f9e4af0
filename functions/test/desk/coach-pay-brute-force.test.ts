// The pay report against a brute-force count over two seeded months: four coaches, three class
// types, three classes a day with up to eight bookings marked attended, no-show or not at all,
// substitutes both ways, classes cancelled by their status or by their roster, classes still to
// come inside the period and classes just outside it; rates for every type and for one type,
// changed in the middle of the period, one from after it, two saved for the same day (the later
// save wins), and a coach with no rate at all. The count below reads nothing of core's pay code:
// it walks the seeded classes one by one and pays each head at the tier it reached.
import { describe, expect, it } from 'vitest';
import { addDays, formatDate, paths, toEpoch } from '@studio/core';
import type { CoachPay, PayRule } from '@studio/core';
import { coachPayReport, saveCoachPayRate } from '../../src/index';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import { classPlacement } from '../support/layouts';
import { BRANCH, DAY, admin, useStudioBackend } from '../booking/fixtures';

const backend = useStudioBackend();

const call = <T>(fn: { run: (request: never) => Promise<T> }, data: unknown, caller: Caller) =>
  fn.run(callableRequest(data, caller) as never);

const COACHES = ['ana', 'bruno', 'carlos', 'lucia'] as const;
const NAMES: Record<string, string> = {
  ana: 'Ana Ríos',
  bruno: 'Bruno Díaz',
  carlos: 'Carlos',
  lucia: 'Lucía',
};
const TYPES = ['cycling', 'yoga', 'hiit'] as const;
const SLOTS = [
  { hour: '07:00', duration: 45 },
  { hour: '12:30', duration: 60 },
  { hour: '19:00', duration: 50 },
] as const;

/** Mulberry32: the same "random" studio on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SeededClass {
  classId: string;
  date: string;
  hour: string;
  startsAt: number;
  duration: number;
  exercise: string;
  coach: string;
  substitute?: string;
  marks: ('attended' | 'no-show' | undefined)[];
  cancelled: 'status' | 'roster' | undefined;
}

interface SavedRate {
  coachId: string;
  rateId: string;
  exercise: string;
  effectiveFrom: string;
  rule: PayRule;
  /** Order of saving: of two rates for the same day, the later save wins. */
  order: number;
}

/** Each head paid at the highest tier it reached, counted head by head. */
function bruteClassPay(rule: PayRule, heads: number): number {
  let total = rule.perClass;
  for (let head = 1; head <= heads; head++) {
    let best: { from: number; amount: number } | undefined;
    for (const tier of rule.perHead)
      if (tier.from <= head && (!best || tier.from > best.from)) best = tier;
    total += best?.amount ?? 0;
  }
  if (rule.bonus && heads > rule.bonus.over) total += rule.bonus.amount;
  return total < rule.minimum ? rule.minimum : total;
}

/** The coach's rate for a class: of those in effect on its day, its type's before every type's. */
function bruteRate(saved: readonly SavedRate[], coachId: string, exercise: string, date: string) {
  let best: SavedRate | undefined;
  for (const specific of [true, false]) {
    for (const rate of saved) {
      if (rate.coachId !== coachId || rate.effectiveFrom > date) continue;
      if (specific ? rate.exercise !== exercise : rate.exercise !== '*') continue;
      if (
        !best ||
        rate.effectiveFrom > best.effectiveFrom ||
        (rate.effectiveFrom === best.effectiveFrom && rate.order > best.order)
      )
        best = rate;
    }
    if (best) return best;
  }
  return undefined;
}

describe('coach pay against a brute-force count', () => {
  it('pays two seeded months exactly as counting class by class does', async () => {
    const db = backend.db;
    const nowAtSeed = Date.now();
    const today = formatDate(nowAtSeed);
    const from = addDays(today, -60);
    const to = addDays(today, 2);
    const middle = addDays(today, -30);
    await db.ref().update({
      ...Object.fromEntries(
        COACHES.map((id) => [
          paths.coach(id),
          { name: NAMES[id], uid: `coach-${id}`, active: true },
        ]),
      ),
      ...Object.fromEntries(
        TYPES.map((id) => [
          paths.exercise(id),
          { name: id.toUpperCase(), creditKind: 'regular', active: true },
        ]),
      ),
    });

    // Rates through the callable, as an admin saves them. Bruno has none.
    const plans: Omit<SavedRate, 'rateId' | 'order'>[] = [
      {
        coachId: 'ana',
        exercise: '*',
        effectiveFrom: addDays(from, -10),
        rule: { perClass: 2000, perHead: [{ from: 1, amount: 150 }], minimum: 2500 },
      },
      {
        coachId: 'ana',
        exercise: '*',
        effectiveFrom: middle,
        rule: { perClass: 2200, perHead: [{ from: 1, amount: 175 }], minimum: 2600 },
      },
      {
        coachId: 'ana',
        exercise: 'yoga',
        effectiveFrom: addDays(middle, 7),
        rule: {
          perClass: 1500,
          perHead: [
            { from: 1, amount: 100 },
            { from: 4, amount: 300 },
            { from: 7, amount: 500 },
          ],
          bonus: { over: 5, amount: 900 },
          minimum: 0,
        },
      },
      {
        coachId: 'carlos',
        exercise: 'cycling',
        effectiveFrom: from,
        rule: {
          perClass: 1000,
          perHead: [
            { from: 1, amount: 200 },
            { from: 3, amount: 400 },
          ],
          bonus: { over: 4, amount: 700 },
          minimum: 1500,
        },
      },
      {
        coachId: 'carlos',
        exercise: 'cycling',
        effectiveFrom: addDays(middle, 3),
        rule: { perClass: 1200, perHead: [{ from: 2, amount: 250 }], minimum: 0 },
      },
      // The same day again, saved later: this one pays.
      {
        coachId: 'carlos',
        exercise: 'cycling',
        effectiveFrom: addDays(middle, 3),
        rule: {
          perClass: 1300,
          perHead: [{ from: 2, amount: 260 }],
          bonus: { over: 0, amount: 100 },
          minimum: 0,
        },
      },
      {
        coachId: 'carlos',
        exercise: '*',
        effectiveFrom: addDays(from, 20),
        rule: { perClass: 3000, perHead: [], minimum: 0 },
      },
      // From after the period: never applies here.
      {
        coachId: 'carlos',
        exercise: '*',
        effectiveFrom: addDays(to, 1),
        rule: { perClass: 99_999, perHead: [], minimum: 0 },
      },
      {
        coachId: 'lucia',
        exercise: 'yoga',
        effectiveFrom: addDays(from, 5),
        rule: { perClass: 0, perHead: [{ from: 1, amount: 500 }], minimum: 1800 },
      },
      {
        coachId: 'lucia',
        exercise: 'hiit',
        effectiveFrom: middle,
        rule: { perClass: 2500, perHead: [], bonus: { over: 6, amount: 1200 }, minimum: 0 },
      },
    ];
    const saved: SavedRate[] = [];
    for (const [order, plan] of plans.entries()) {
      // Saves a millisecond apart at least, so "saved later" is one order on every machine.
      const last = Date.now();
      while (Date.now() === last) await new Promise((resolve) => setImmediate(resolve));
      const { rateId } = await call(saveCoachPayRate, plan, admin);
      saved.push({ ...plan, rateId, order });
    }

    // Three classes a day from two days before the period to two days after it.
    const random = generator(32);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const seeded: SeededClass[] = [];
    const writes: Record<string, unknown> = {};
    for (let date = addDays(from, -2); date <= addDays(to, 2); date = addDays(date, 1)) {
      for (const slot of SLOTS) {
        const startsAt = toEpoch(date, slot.hour);
        const endsAt = startsAt + slot.duration * 60_000;
        // Not one ending within the hour around now: ended or not is then the same for the
        // report's clock and this count's.
        if (Math.abs(endsAt - nowAtSeed) < 60 * 60_000) continue;
        const classId = `pay-${date}-${slot.hour.replace(':', '')}`;
        const coach = pick(COACHES);
        const roll = random();
        const substitute = roll < 0.18 ? pick(COACHES.filter((id) => id !== coach)) : undefined;
        const cancelRoll = random();
        const cancelled = cancelRoll < 0.05 ? 'status' : cancelRoll < 0.09 ? 'roster' : undefined;
        const marks = Array.from({ length: Math.floor(random() * 9) }, () => {
          const mark = random();
          return mark < 0.7 ? 'attended' : mark < 0.9 ? 'no-show' : undefined;
        });
        const cls: SeededClass = {
          classId,
          date,
          hour: slot.hour,
          startsAt,
          duration: slot.duration,
          exercise: pick(TYPES),
          coach,
          ...(substitute ? { substitute } : {}),
          marks,
          cancelled,
        };
        seeded.push(cls);
        writes[paths.class(classId)] = {
          name: `Class ${classId}`,
          branch: BRANCH,
          date,
          hour: slot.hour,
          startsAt,
          duration: slot.duration,
          exercise: cls.exercise,
          coach,
          ...(substitute ? { substitute } : {}),
          capacity: 10,
          creditKind: 'regular',
          status: cancelled === 'status' ? 'cancelled' : 'scheduled',
          bookedCount: marks.length,
          waitlistCount: 0,
        };
        Object.assign(writes, classPlacement(classId, BRANCH));
        const bookings: Record<string, unknown> = {};
        const spots: Record<string, boolean> = {};
        marks.forEach((attendance, i) => {
          spots[String(i + 1)] = true;
          bookings[`m${i}`] = {
            bookingId: `${classId}-b${i}`,
            uid: `m${i}`,
            spot: String(i + 1),
            bookedAt: startsAt - DAY,
            via: 'member',
            creditId: `${classId}-c${i}`,
            ...(attendance ? { attendance } : {}),
          };
        });
        writes[paths.classRoster(classId)] = {
          bookings,
          spots,
          ...(cancelled === 'roster'
            ? {
                cancellation: {
                  at: startsAt - DAY,
                  reason: 'Studio closed',
                  by: 'admin-1',
                  done: true,
                },
              }
            : {}),
        };
      }
    }
    await db.ref().update(writes);

    // The count: each class held, ended and inside the period, paid to whoever taught it.
    interface Totals {
      classes: number;
      attendees: number;
      substitutions: number;
      coveredByOthers: number;
      amount: number;
      lines: Record<
        string,
        { attendees: number; substitute: boolean; amount: number; rateId?: string }
      >;
    }
    const expected: Record<string, Totals> = {};
    const totalsOf = (coachId: string) =>
      (expected[coachId] ??= {
        classes: 0,
        attendees: 0,
        substitutions: 0,
        coveredByOthers: 0,
        amount: 0,
        lines: {},
      });
    for (const cls of seeded) {
      if (cls.cancelled || cls.date < from || cls.date > to) continue;
      if (cls.startsAt + cls.duration * 60_000 > nowAtSeed) continue;
      const teacher = cls.substitute ?? cls.coach;
      const heads = cls.marks.filter((mark) => mark === 'attended').length;
      const rate = bruteRate(saved, teacher, cls.exercise, cls.date);
      const amount = rate ? bruteClassPay(rate.rule, heads) : 0;
      if (cls.substitute) totalsOf(cls.coach).coveredByOthers += 1;
      const totals = totalsOf(teacher);
      totals.classes += 1;
      totals.attendees += heads;
      totals.substitutions += cls.substitute ? 1 : 0;
      totals.amount += amount;
      totals.lines[cls.classId] = {
        attendees: heads,
        substitute: cls.substitute !== undefined,
        amount,
        ...(rate ? { rateId: rate.rateId } : {}),
      };
    }

    const report = await call(coachPayReport, { from, to }, admin);
    const got = Object.fromEntries(
      report.coaches.map((pay: CoachPay) => [
        pay.coachId,
        {
          classes: pay.classes,
          attendees: pay.attendees,
          substitutions: pay.substitutions,
          coveredByOthers: pay.coveredByOthers,
          amount: pay.amount,
          lines: Object.fromEntries(
            pay.lines.map((line) => [
              line.classId,
              {
                attendees: line.attendees,
                substitute: line.substitute,
                amount: line.amount,
                ...(line.rateId === undefined ? {} : { rateId: line.rateId }),
              },
            ]),
          ),
        },
      ]),
    );
    expect(got).toEqual(expected);
    // Coaches by name, each named; their lines in time order.
    expect(report.coaches.map((pay) => pay.name)).toEqual(
      Object.keys(expected)
        .map((id) => NAMES[id])
        .sort((a, b) => a!.localeCompare(b!)),
    );
    for (const pay of report.coaches) {
      const order = pay.lines.map((line) => `${line.date} ${line.hour}`);
      expect(order).toEqual([...order].sort());
    }

    // The studio the count ran over has what the test means to cover.
    const held = seeded.filter((cls) => cls.date >= from && cls.date <= to);
    expect(held.length).toBeGreaterThan(150);
    expect(held.filter((cls) => cls.substitute && !cls.cancelled).length).toBeGreaterThan(15);
    expect(held.filter((cls) => cls.cancelled === 'status').length).toBeGreaterThan(2);
    expect(held.filter((cls) => cls.cancelled === 'roster').length).toBeGreaterThan(2);
    expect(held.some((cls) => cls.startsAt > nowAtSeed)).toBe(true);
    expect(expected['bruno']?.amount).toBe(0);
    expect(expected['bruno']?.classes).toBeGreaterThan(0);
    const paidBy = (rateIndex: number) =>
      Object.values(expected).some((totals) =>
        Object.values(totals.lines).some((line) => line.rateId === saved[rateIndex]!.rateId),
      );
    // Both of Ana's every-type rates, her yoga rate, Carlos's tie winner and not its loser, the
    // rate from after the period never.
    expect([0, 1, 2, 5, 6, 8, 9].map(paidBy)).toEqual([true, true, true, true, true, true, true]);
    expect([4, 7].map(paidBy)).toEqual([false, false]);

    // One coach asked for: their figures, the same as in the whole report.
    const lucia = await call(coachPayReport, { from, to, coachId: 'lucia' }, admin);
    expect(lucia.coaches.map((pay) => pay.coachId)).toEqual(['lucia']);
    expect(lucia.coaches[0]).toEqual(report.coaches.find((pay) => pay.coachId === 'lucia'));
  }, 120_000);
});
