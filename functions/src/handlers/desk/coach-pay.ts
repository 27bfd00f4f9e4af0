// What coaches are paid (core/src/desk/coach-pay.ts): rates per coach and class type from an
// effective date, never edited (a later rate replaces one), and the pay-period report computed
// from the classes held, their attendance marks and the rates in effect on each class's day.
import {
  DomainError,
  classSchema,
  classesByDateRange,
  coachPayRateSchema,
  coachSchema,
  exerciseSchema,
  ownValue,
  parseStored,
  payReport,
  paths,
  rosterSchema,
  rtdbMap,
  settingsFromStored,
} from '@studio/core';
import type {
  AuditEntry,
  CallableResult,
  CoachPayRate,
  CoachPayReportInput,
  DateString,
  PaidClass,
  SaveCoachPayRateInput,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { inPool, instancesFor, newId, readClassRange } from '../../engine';
import type { BookingDeps } from '../../engine';

type PayDeps = Pick<BookingDeps, 'db' | 'now' | 'instances'>;

async function read(db: Database, path: string): Promise<unknown> {
  return (await db.ref(path).get()).val();
}

/**
 * `saveCoachPayRate` (admins): a coach's rate for a class type (or every type) from a date on.
 * Stored as a new record, so a past period's report keeps the rate it was paid at. Audited.
 */
export async function saveCoachPayRate(
  { db, now }: PayDeps,
  { by, ...input }: SaveCoachPayRateInput & { by: string },
): Promise<CallableResult<'saveCoachPayRate'>> {
  if ((await read(db, paths.coach(input.coachId))) === null)
    throw new DomainError('not-found', 'coachNotFound');
  if (input.exercise !== '*' && (await read(db, paths.exercise(input.exercise))) === null)
    throw new DomainError('not-found', 'exerciseNotFound');
  const settings = settingsFromStored(await read(db, paths.settings()));
  const rateId = newId(db);
  const rate: CoachPayRate = {
    exercise: input.exercise,
    effectiveFrom: input.effectiveFrom,
    rule: input.rule,
    currency: settings.currency,
    savedAt: now(),
    savedBy: by,
  };
  const entry: AuditEntry = {
    at: now(),
    by,
    action: 'saveCoachPayRate',
    target: paths.coachPayRate(input.coachId, rateId),
    details: { exercise: input.exercise, effectiveFrom: input.effectiveFrom, rule: input.rule },
  };
  await db.ref().update({
    [paths.coachPayRate(input.coachId, rateId)]: rate,
    [paths.auditEntry(rateId)]: entry,
  });
  return { rateId };
}

/** The period's classes in every instance, with their attendance. */
async function paidClasses(
  deps: PayDeps,
  from: DateString,
  to: DateString,
): Promise<Record<string, PaidClass>> {
  const exercises = parseStored(
    rtdbMap(exerciseSchema),
    (await read(deps.db, paths.exercises())) ?? {},
    paths.exercises(),
  );
  const classes: Record<string, PaidClass> = {};
  for (const db of await instancesFor(deps).all())
    Object.assign(classes, await paidClassesIn(db, exercises, from, to));
  return classes;
}

/** One instance's classes of the period, the roster of each read 8 at once. */
async function paidClassesIn(
  db: Database,
  exercises: Record<string, { name: string }>,
  from: DateString,
  to: DateString,
): Promise<Record<string, PaidClass>> {
  const found = await readClassRange(db, classesByDateRange(from, to));
  const classes: Record<string, PaidClass> = {};
  await inPool(found, 8, async ([classId, value]) => {
    const cls = parseStored(classSchema, value, paths.class(classId));
    const stored = await read(db, paths.classRoster(classId));
    const roster = parseStored(rosterSchema, stored, paths.classRoster(classId));
    const attendees = Object.values(roster.bookings).filter(
      (booking) => booking.attendance === 'attended',
    ).length;
    classes[classId] = {
      date: cls.date,
      hour: cls.hour,
      startsAt: cls.startsAt,
      duration: cls.duration,
      exercise: cls.exercise,
      coach: cls.coach,
      ...(cls.substitute === undefined ? {} : { substitute: cls.substitute }),
      cancelled: cls.status === 'cancelled' || roster.cancellation !== undefined,
      attendees,
      title: cls.name ?? ownValue(exercises, cls.exercise)?.name ?? cls.exercise,
    };
  });
  return classes;
}

/**
 * `coachPayReport` (admins): per coach, the classes taught in the period (studio dates, both
 * ends in), attendees, substitutions and the amount at the rates in effect. Reads only.
 */
export async function coachPayReport(
  deps: PayDeps,
  { from, to, coachId }: CoachPayReportInput,
): Promise<CallableResult<'coachPayReport'>> {
  const { db, now } = deps;
  const [classes, ratesRaw, coachesRaw, settingsRaw] = await Promise.all([
    paidClasses(deps, from, to),
    read(db, paths.coachPayRates()),
    read(db, paths.coaches()),
    read(db, paths.settings()),
  ]);
  const rates = parseStored(
    rtdbMap(rtdbMap(coachPayRateSchema)),
    ratesRaw ?? {},
    paths.coachPayRates(),
  );
  const coaches = parseStored(rtdbMap(coachSchema), coachesRaw ?? {}, paths.coaches());
  const names = Object.fromEntries(Object.entries(coaches).map(([id, coach]) => [id, coach.name]));
  const settings = settingsFromStored(settingsRaw);
  return {
    coaches: payReport({
      classes,
      rates,
      names,
      from,
      to,
      coachId,
      currency: settings.currency,
      nowMs: now(),
    }),
  };
}
