// Substitutes and coach pay through the deployed callables: the substitute reads and marks the
// class and is named to its members in the app and by mail; pay rates with effective dates; the
// pay report against a brute-force count over a seeded month of classes.
import { describe, expect, it } from 'vitest';
import { addDays, auditEntrySchema, formatDate, paths, toEpoch } from '@studio/core';
import type { CoachPay, PayRule } from '@studio/core';
import { assignSubstitute, coachPayReport, saveCoachPayRate } from '../../src/index';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  COACH,
  DAY,
  EXERCISE,
  OTHER_COACH,
  admin,
  desk,
  expectRefusedUnchanged,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from '../booking/fixtures';
import { bookClass } from '../../src/handlers/booking/book-class';

const backend = useStudioBackend();

const call = <T>(
  fn: { run: (request: never) => Promise<T> },
  data: unknown,
  caller: Caller | null,
) => fn.run(callableRequest(data, caller) as never);

describe('substitutes', () => {
  it('names the substitute to every member booked, in the app and by mail, and audits it', async () => {
    const startsAt = Date.now() + 2 * DAY;
    const classId = await seedClass(backend.db, { startsAt });
    const uids = [await seedMember(backend.db), await seedMember(backend.db)];
    for (const uid of uids)
      await bookClass({ db: backend.db, now: () => startsAt - DAY }, { uid, classId });

    expect(await call(assignSubstitute, { classId, coachId: OTHER_COACH }, desk)).toEqual({
      notified: 2,
    });
    expect(await read(backend.db, paths.class(classId))).toMatchObject({
      coach: COACH,
      substitute: OTHER_COACH,
      substituteBy: desk.uid,
    });
    for (const uid of uids) {
      expect(await read(backend.db, paths.userClass(uid, classId))).toMatchObject({
        coach: OTHER_COACH,
      });
      const notes = Object.values(
        ((await read(backend.db, paths.notifications(uid))) ?? {}) as Record<string, unknown>,
      );
      expect(notes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            messageKey: 'notifSubstitute',
            params: expect.objectContaining({ coach: 'Lucía' }) as unknown,
          }),
        ]),
      );
      const outbox = Object.values(
        ((await read(backend.db, paths.mailOutbox())) ?? {}) as Record<
          string,
          {
            uid: string;
            kind: string;
            message: { class: { coachName?: string }; previousCoachName?: string };
          }
        >,
      ).filter((entry) => entry.uid === uid && entry.kind === 'class-substitute');
      expect(
        outbox.map((entry) => [entry.message.class.coachName, entry.message.previousCoachName]),
      ).toEqual([['Lucía', 'Carlos']]);
    }
    const audit = Object.values((await read(backend.db, paths.auditLog())) ?? {})
      .map((entry) => auditEntrySchema.parse(entry))
      .filter((entry) => entry.action === 'assignSubstitute');
    expect(audit).toEqual([
      expect.objectContaining({ by: desk.uid, details: { before: COACH, after: OTHER_COACH } }),
    ]);

    // Back to its own coach.
    await call(assignSubstitute, { classId, coachId: null }, desk);
    expect(await read(backend.db, `${paths.class(classId)}/substitute`)).toBeNull();
  });

  it('refuses the coach who teaches it already, an unknown coach, a class over, and a coach caller', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    const over = await seedClass(backend.db, { startsAt: Date.now() - DAY });
    const refused = (data: unknown, caller: Caller, code: string, key: string) =>
      expectRefusedUnchanged(backend.db, () => call(assignSubstitute, data, caller), code, key);
    await refused({ classId, coachId: COACH }, desk, 'failed-precondition', 'substituteSameCoach');
    await refused({ classId, coachId: 'nobody' }, desk, 'not-found', 'coachNotFound');
    await refused(
      { classId: over, coachId: OTHER_COACH },
      desk,
      'failed-precondition',
      'classEnded',
    );
    await refused(
      { classId, coachId: OTHER_COACH },
      { uid: 'coach-carlos', claims: { role: 'coach' } },
      'permission-denied',
      'permissionDenied',
    );
  });
});

describe('coach pay', () => {
  /** Every head paid at the highest tier it reached, by counting heads one by one. */
  function bruteClassPay(rule: PayRule, heads: number): number {
    let total = rule.perClass;
    for (let head = 1; head <= heads; head++) {
      const reached = rule.perHead.filter((tier) => tier.from <= head);
      const best = reached.reduce<{ from: number; amount: number } | undefined>(
        (top, tier) => (top === undefined || tier.from > top.from ? tier : top),
        undefined,
      );
      total += best?.amount ?? 0;
    }
    if (rule.bonus !== undefined && heads > rule.bonus.over) total += rule.bonus.amount;
    return Math.max(total, rule.minimum);
  }

  it('refuses a rate for a coach that does not exist, and a desk caller', async () => {
    const rule = { perClass: 1000, perHead: [], minimum: 0 };
    const input = { coachId: 'nobody', exercise: '*', effectiveFrom: '2026-01-01', rule };
    await expectRefusedUnchanged(
      backend.db,
      () => call(saveCoachPayRate, input, admin),
      'not-found',
      'coachNotFound',
    );
    await expectRefusedUnchanged(
      backend.db,
      () => call(saveCoachPayRate, { ...input, coachId: COACH }, desk),
      'permission-denied',
      'permissionDenied',
    );
  });

  it('pays a seeded month exactly as a brute-force count over the classes does', async () => {
    // A month that has ended, with a rate change in the middle of it.
    const first = formatDate(Date.now() - 70 * DAY).slice(0, 8) + '01';
    const days = Array.from({ length: 28 }, (_, i) => addDays(first as never, i));
    const last = days[days.length - 1]!;
    const middle = days[14]!;
    const rates: { coachId: string; exercise: string; effectiveFrom: string; rule: PayRule }[] = [
      {
        coachId: COACH,
        exercise: '*',
        effectiveFrom: first,
        rule: { perClass: 2000, perHead: [{ from: 1, amount: 150 }], minimum: 2500 },
      },
      {
        coachId: COACH,
        exercise: EXERCISE,
        effectiveFrom: middle,
        rule: {
          perClass: 1000,
          perHead: [
            { from: 1, amount: 200 },
            { from: 3, amount: 400 },
          ],
          bonus: { over: 2, amount: 700 },
          minimum: 0,
        },
      },
      {
        coachId: OTHER_COACH,
        exercise: EXERCISE,
        effectiveFrom: first,
        rule: { perClass: 3000, perHead: [], minimum: 0 },
      },
    ];
    const saved: { coachId: string; rateId: string; rate: (typeof rates)[number] }[] = [];
    for (const rate of rates) {
      const { rateId } = await call(saveCoachPayRate, rate, admin);
      saved.push({ coachId: rate.coachId, rateId, rate });
    }

    // Deterministic "random" classes: a coach, sometimes a substitute, attendance 0–3, a few cancelled.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2_147_483_648;
      return seed % n;
    };
    const seeded: {
      date: string;
      teacher: string;
      substitute: boolean;
      heads: number;
      cancelled: boolean;
    }[] = [];
    for (const date of days) {
      if (next(3) === 0) continue;
      const startsAt = toEpoch(date, '07:00');
      const own = next(2) === 0 ? COACH : OTHER_COACH;
      const classId = await seedClass(backend.db, { startsAt, coach: own });
      const substitute = next(5) === 0 ? (own === COACH ? OTHER_COACH : COACH) : undefined;
      const heads = next(4);
      const cancelled = next(9) === 0;
      const bookings: Record<string, unknown> = {};
      for (let i = 0; i < 3; i++)
        bookings[`m${i}`] = {
          bookingId: `b${i}-${classId}`,
          uid: `m${i}`,
          spot: `A${i + 1}`,
          bookedAt: startsAt - DAY,
          via: 'member',
          creditId: `c${i}`,
          attendance: i < heads ? 'attended' : 'no-show',
        };
      await backend.db.ref().update({
        ...(substitute ? { [`${paths.class(classId)}/substitute`]: substitute } : {}),
        ...(cancelled ? { [`${paths.class(classId)}/status`]: 'cancelled' } : {}),
        [paths.classRoster(classId)]: { bookings, spots: { A1: true, A2: true, A3: true } },
      });
      seeded.push({
        date,
        teacher: substitute ?? own,
        substitute: substitute !== undefined,
        heads,
        cancelled,
      });
    }

    type Totals = { classes: number; attendees: number; substitutions: number; amount: number };
    const expected = new Map<string, Totals>();
    for (const cls of seeded) {
      if (cls.cancelled) continue;
      const candidates = saved
        .filter((s) => s.coachId === cls.teacher && s.rate.effectiveFrom <= cls.date)
        .filter((s) => s.rate.exercise === EXERCISE || s.rate.exercise === '*');
      const specific = candidates.filter((s) => s.rate.exercise === EXERCISE);
      const pool = specific.length > 0 ? specific : candidates;
      const rate = pool.sort((a, b) => b.rate.effectiveFrom.localeCompare(a.rate.effectiveFrom))[0];
      const totals = expected.get(cls.teacher) ?? {
        classes: 0,
        attendees: 0,
        substitutions: 0,
        amount: 0,
      };
      totals.classes += 1;
      if (cls.substitute) totals.substitutions += 1;
      totals.attendees += cls.heads;
      totals.amount += rate ? bruteClassPay(rate.rate.rule, cls.heads) : 0;
      expected.set(cls.teacher, totals);
    }

    const report = await call(coachPayReport, { from: first, to: last }, admin);
    const got = new Map(
      report.coaches.map((pay: CoachPay) => [
        pay.coachId,
        {
          classes: pay.classes,
          attendees: pay.attendees,
          substitutions: pay.substitutions,
          amount: pay.amount,
        },
      ]),
    );
    expect(expected.size).toBe(2);
    expect(got).toEqual(expected);
    expect(seeded.some((cls) => cls.substitute)).toBe(true);
    await expectRefusedUnchanged(
      backend.db,
      () => call(coachPayReport, { from: first, to: last }, desk),
      'permission-denied',
      'permissionDenied',
    );
  });
});
