// Substitutes (core/src/desk/teaching.ts): another coach takes a class. The class names them
// (`substitute`), so its rosters' rule lets them read and mark it, the views and the calendar feed
// show who teaches, the pay report pays them; every member booked is told in the app and by mail.
import { DomainError, coachSchema, mailOutboxIds, paths, teachingCoachId } from '@studio/core';
import type { AuditEntry, CallableResult, StudioClass } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { enqueueMail } from '../../mail';
import { mailClassFacts } from '../../mail/class-facts';
import { classContext, notify, readRoster, spotLabel } from '../../engine';
import type { BookingDeps } from '../../engine';

async function coachName(db: Database, coachId: string): Promise<string> {
  const stored: unknown = (await db.ref(paths.coach(coachId)).get()).val();
  if (stored === null) throw new DomainError('not-found', 'coachNotFound');
  const coach = coachSchema.safeParse(stored);
  return coach.success ? coach.data.name : coachId;
}

/**
 * `assignSubstitute` (the front desk, admins): `coachId` teaches the class instead of its own
 * coach, or, with null, its own coach teaches it again. Refused, writing nothing, for a class
 * cancelled or over, an unknown coach, or the coach who teaches it already. The class and the
 * audit entry are one update; the members booked are then told (a notification and a mail per
 * assignment, each written once), and their views name the new coach.
 */
export async function assignSubstitute(
  deps: BookingDeps,
  { by, classId, coachId }: { by: string; classId: string; coachId: string | null },
): Promise<CallableResult<'assignSubstitute'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const context = await classContext(deps, classId);
  const { cls } = context;
  if (cls.status === 'cancelled') throw new DomainError('failed-precondition', 'classCancelled');
  if (nowMs >= cls.startsAt + cls.duration * 60_000)
    throw new DomainError('failed-precondition', 'classEnded');
  const previous = teachingCoachId(cls);
  const next = coachId ?? cls.coach;
  const [nextName, previousName] = await Promise.all([
    coachName(db, next),
    coachName(db, previous).catch(() => previous),
  ]);
  if (next === previous)
    throw new DomainError('failed-precondition', 'substituteSameCoach', { coach: nextName });
  await deps.limits?.take(by, 'desk');

  const substitute = coachId === null || coachId === cls.coach ? null : coachId;
  const entry: AuditEntry = {
    at: nowMs,
    by,
    action: 'assignSubstitute',
    target: paths.class(classId),
    details: { before: previous, after: next },
  };
  const base = paths.class(classId);
  const roster = await readRoster({ db: context.db, classId });
  const bookings = Object.values(roster.bookings).filter((booking) => booking.pending !== true);
  const members = [...new Map(bookings.map((booking) => [booking.uid, booking])).values()];
  // The class and its members' views live in the class's instance; the audit in the default one.
  const updates: Record<string, unknown> = {
    [`${base}/substitute`]: substitute,
    [`${base}/substituteAt`]: substitute === null ? null : nowMs,
    [`${base}/substituteBy`]: substitute === null ? null : by,
  };
  for (const { uid } of members) updates[`${paths.userClass(uid, classId)}/coach`] = next;
  const audit = { [paths.auditEntry(`substitute-${classId}-${nowMs}`)]: entry };
  if (context.db === db) await db.ref().update({ ...updates, ...audit });
  else {
    await context.db.ref().update(updates);
    await db.ref().update(audit);
  }

  const taught: StudioClass = { ...cls, ...(substitute === null ? {} : { substitute }) };
  if (substitute === null) delete taught.substitute;
  for (const booking of members) {
    await notify(context.db, booking.uid, `substitute-${classId}-${nowMs}`, {
      type: 'class-changed',
      messageKey: 'notifSubstitute',
      params: { coach: nextName, className: context.title, date: cls.date, hour: cls.hour },
      classId,
      at: nowMs,
    });
    const facts = await mailClassFacts(db, {
      classId,
      cls: taught,
      title: context.title,
      bookingId: booking.bookingId,
      spotLabel: (await spotLabel(db, cls, booking.spot)) ?? booking.spot,
    });
    await enqueueMail(
      db,
      {
        id: mailOutboxIds.substitute(classId, booking.uid, nowMs),
        uid: booking.uid,
        message: { kind: 'class-substitute', class: facts, previousCoachName: previousName },
      },
      nowMs,
    );
  }
  return { notified: members.length };
}
