import {
  addDays,
  classSchema,
  coachSchema,
  formatDate,
  mailOutboxIds,
  parseStored,
  paths,
  rosterSchema,
  type Booking,
  type StudioClass,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { classTitle, instancesFor, jobItemFailed, readSettings, spotLabel } from '../../engine';
import { enqueueMail, type MailMessage } from '../../mail';
import type { ScheduledMailDeps, ScheduledMailResult } from './scheduled-deps';
import { scheduledMailRun } from './scheduled-logs';

const JOB = 'coachClassLists';

type ListedClass = Extract<MailMessage, { kind: 'coach-class-list' }>['classes'][number];

/** The list's name for a booking: a guest seat names the guest and who brings them. */
function attendeeName(booking: Pick<Booking, 'name' | 'guestName'>): string {
  const member = (booking.name ?? '').trim();
  if (booking.guestName === undefined) return member;
  return member === '' ? booking.guestName : `${booking.guestName} (+ ${member})`;
}

/** A class of the day and the instance holding it. */
interface DayClass {
  where: Database;
  classId: string;
  cls: StudioClass;
}

/** One class of the list: its time, room and who is booked, by spot. */
async function listedClass(
  { db }: ScheduledMailDeps,
  { where, classId, cls }: DayClass,
): Promise<ListedClass> {
  const rosterPath = paths.classRoster(classId);
  const roster = parseStored(rosterSchema, (await where.ref(rosterPath).get()).val(), rosterPath);
  const booked = Object.values(roster.bookings).filter((booking) => booking.pending !== true);
  const attendees = await Promise.all(
    booked.map(async (booking) => ({
      name: attendeeName(booking).slice(0, 100) || '—',
      spotLabel: ((await spotLabel(db, cls, booking.spot)) ?? booking.spot).slice(0, 10),
    })),
  );
  attendees.sort((a, b) => a.spotLabel.localeCompare(b.spotLabel, undefined, { numeric: true }));
  let room: string | undefined;
  if (cls.layout !== undefined) {
    const layout: unknown = (await db.ref(paths.seatLayout(cls.layout)).child('name').get()).val();
    if (typeof layout === 'string' && layout.trim() !== '') room = layout.trim().slice(0, 100);
  }
  return {
    title: (await classTitle(db, cls)).slice(0, 100),
    startsAt: cls.startsAt,
    ...(room ? { room } : {}),
    attendees,
  };
}

/**
 * `coachClassLists` (daily, in the evening): each coach with classes tomorrow (studio date) gets
 * one `coach-class-list` mail with those classes and who is booked, keyed
 * `coach-list-{coachId}-{date}`, so a second run that evening adds nothing. The mail goes to the
 * coach's login (`Coaches/{id}.uid`); a coach without one is skipped. Tomorrow's classes come from
 * the `date` index (one day's worth); each coach is handled on its own.
 */
export async function sendCoachClassLists(deps: ScheduledMailDeps): Promise<ScheduledMailResult> {
  const { db } = deps;
  const { timeZone } = await readSettings(db);
  const date = addDays(formatDate(deps.now(), timeZone), 1);
  const result: ScheduledMailResult = { checked: 0, written: 0, failed: 0 };
  const byCoach = new Map<string, DayClass[]>();
  // Each instance holding classes (a branch with its own keeps its classes and rosters there).
  for (const where of await instancesFor(deps).all()) {
    const day = await where.ref(paths.classes()).orderByChild('date').equalTo(date).get();
    day.forEach((child) => {
      const parsed = classSchema.safeParse(child.val());
      if (child.key === null || !parsed.success || parsed.data.status === 'cancelled') return;
      const list = byCoach.get(parsed.data.coach) ?? [];
      list.push({ where, classId: child.key, cls: parsed.data });
      byCoach.set(parsed.data.coach, list);
    });
  }
  for (const [coachId, classes] of byCoach) {
    result.checked += 1;
    try {
      const coach = coachSchema.safeParse((await db.ref(paths.coach(coachId)).get()).val());
      const uid = coach.success ? coach.data.uid : undefined;
      if (uid === undefined) continue;
      classes.sort((a, b) => a.cls.startsAt - b.cls.startsAt);
      const listed = await Promise.all(classes.slice(0, 50).map((day) => listedClass(deps, day)));
      const outcome = await enqueueMail(
        db,
        {
          id: mailOutboxIds.coachList(coachId, date),
          uid,
          message: { kind: 'coach-class-list', date, classes: listed },
        },
        deps.now(),
      );
      if (outcome === 'written') result.written += 1;
      if (outcome === 'failed') result.failed += 1;
    } catch (error) {
      result.failed += 1;
      jobItemFailed({ job: JOB, target: paths.coach(coachId), error });
    }
  }
  scheduledMailRun({ job: JOB, ...result });
  return result;
}
