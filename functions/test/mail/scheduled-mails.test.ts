// The scheduled mails: class reminders, credits about to expire, and the coaches'
// lists for tomorrow, run as the scheduled functions run them, against the database emulator.
// Each writes outbox entries keyed by its event, so a second run writes nothing new.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_SETTINGS,
  formatDate,
  mailOutboxEntrySchema,
  mailOutboxIds,
  paths,
} from '@studio/core';
import type { MailOutboxEntry } from '@studio/core';
import { bookClass } from '../../src/handlers/booking/book-class';
import { cancelClass } from '../../src/handlers/classes/cancel-class';
import { sendCoachClassLists } from '../../src/handlers/mail/coach-lists';
import { sendExpiringCredits } from '../../src/handlers/mail/expiring-credits';
import { sendClassReminders } from '../../src/handlers/mail/reminders';
import { mailMessageSchema } from '../../src/mail';
import {
  DAY,
  HOUR,
  MINUTE,
  OTHER_COACH,
  seedClass,
  seedMember,
  useStudioBackend,
} from '../booking/fixtures';

const backend = useStudioBackend();
const MARIA = 'maria';
const MARIA_UID = 'coach-maria';
// Handlers get the default instance (backend.db is the test's view of every instance).
const at = (now: number) => ({ db: backend.main, now: () => now });

async function entry(id: string): Promise<MailOutboxEntry | null> {
  const stored: unknown = (await backend.db.ref(paths.mailOutboxEntry(id)).get()).val();
  return stored === null ? null : mailOutboxEntrySchema.parse(stored);
}

async function book(uid: string, classId: string, spot: string, now: number): Promise<string> {
  return (await bookClass(at(now), { uid, classId, spot })).bookingId;
}

describe('class reminders', () => {
  it('reminds each booking of a class starting within the reminder hours, once', async () => {
    const t0 = Date.now();
    const soon = await seedClass(backend.db, { startsAt: t0 + 90 * MINUTE, name: 'Soon ride' });
    const later = await seedClass(backend.db, { startsAt: t0 + 3 * HOUR });
    const ana = await seedMember(backend.db, { credits: 2 });
    const ben = await seedMember(backend.db, { credits: 1 });
    const early = await book(ana, soon, 'A1', t0 - DAY);
    const notYet = await book(ana, later, 'A1', t0 - DAY);
    // Booked inside the window: the confirmation has just told Ben.
    const lastMinute = await book(ben, soon, 'A2', t0 - 30 * MINUTE);

    await sendClassReminders(at(t0));
    const reminder = await entry(mailOutboxIds.reminder(early));
    expect(reminder).toMatchObject({ kind: 'class-reminder', uid: ana, status: 'pending' });
    expect(reminder?.message).toMatchObject({
      kind: 'class-reminder',
      class: {
        bookingId: early,
        classId: soon,
        title: 'Soon ride',
        startsAt: t0 + 90 * MINUTE,
        spotLabel: 'A1',
        coachName: 'Carlos',
        branchName: 'Centro',
      },
    });
    expect(await entry(mailOutboxIds.reminder(notYet))).toBeNull();
    expect(await entry(mailOutboxIds.reminder(lastMinute))).toBeNull();

    // The next run, 15 minutes later, sees the same booking and writes nothing.
    const second = await sendClassReminders(at(t0 + 15 * MINUTE));
    expect(await entry(mailOutboxIds.reminder(early))).toEqual(reminder);
    expect(second.written).toBe(0);
  });

  it('follows the studio reminder hours, and skips classes the studio cancelled', async () => {
    const t0 = Date.now() + 30 * DAY;
    const inFour = await seedClass(backend.db, { startsAt: t0 + 3 * HOUR });
    const cancelled = await seedClass(backend.db, { startsAt: t0 + HOUR });
    const uid = await seedMember(backend.db, { credits: 2, nowMs: t0 - 2 * DAY });
    const kept = await book(uid, inFour, 'A1', t0 - 2 * DAY);
    const dropped = await book(uid, cancelled, 'A1', t0 - 2 * DAY);
    await cancelClass(at(t0 - DAY), { by: 'admin-1', classId: cancelled, reason: 'Closed' });

    await sendClassReminders(at(t0));
    expect(await entry(mailOutboxIds.reminder(kept))).toBeNull();

    await backend.db.ref(paths.settings()).update({ reminderHours: 4 });
    try {
      await sendClassReminders(at(t0));
    } finally {
      await backend.db
        .ref(paths.settings())
        .update({ reminderHours: DEFAULT_SETTINGS.reminderHours });
    }
    expect(await entry(mailOutboxIds.reminder(kept))).toMatchObject({
      uid,
      kind: 'class-reminder',
    });
    expect(await entry(mailOutboxIds.reminder(dropped))).toBeNull();
  });
});

describe('credits about to expire', () => {
  it('tells a member once about credits expiring within 7 days, keyed by the earliest expiry', async () => {
    const t0 = Date.now();
    const soon = await seedMember(backend.db, { credits: 3, expiresAt: t0 + 3 * DAY });
    const far = await seedMember(backend.db, { credits: 2, expiresAt: t0 + 10 * DAY });
    const gone = await seedMember(backend.db, { credits: 1, expiresAt: t0 - DAY });

    await sendExpiringCredits(at(t0));
    const id = mailOutboxIds.expiring(soon, formatDate(t0 + 3 * DAY, DEFAULT_SETTINGS.timeZone));
    const written = await entry(id);
    expect(written).toMatchObject({ kind: 'credits-expiring', uid: soon });
    expect(written?.message).toEqual({
      kind: 'credits-expiring',
      credits: [{ kind: 'regular', count: 3, expiresAt: t0 + 3 * DAY }],
    });
    const ids = Object.keys(
      ((await backend.db.ref(paths.mailOutbox()).get()).val() ?? {}) as Record<string, unknown>,
    );
    expect(ids.filter((key) => key.includes(far) || key.includes(gone))).toEqual([]);

    // The next day's run finds the same earliest expiry: nothing new.
    const next = await sendExpiringCredits(at(t0 + DAY));
    expect(await entry(id)).toEqual(written);
    const after = Object.keys(
      ((await backend.db.ref(paths.mailOutbox()).get()).val() ?? {}) as Record<string, unknown>,
    );
    expect(after.filter((key) => key.includes(soon))).toEqual([id]);
    expect(next.failed).toBe(0);
  });
});

describe("coaches' class lists", () => {
  it("sends each coach tomorrow's classes with who is booked, once", async () => {
    const t0 = Date.now();
    const tomorrow = addDays(formatDate(t0, DEFAULT_SETTINGS.timeZone), 1);
    // Noon tomorrow in the studio's zone, whatever the time now.
    const noon = Date.parse(`${tomorrow}T12:00:00-06:00`);
    // A coach of their own, so other tests' classes tomorrow are not on this list.
    await backend.db.ref(paths.coach(MARIA)).set({ name: 'María', uid: MARIA_UID, active: true });
    const ride = await seedClass(backend.db, { startsAt: noon, name: 'Noon ride', coach: MARIA });
    const evening = await seedClass(backend.db, {
      startsAt: noon + 6 * HOUR,
      name: 'Evening',
      coach: MARIA,
    });
    const other = await seedClass(backend.db, { startsAt: noon, coach: OTHER_COACH });
    const ana = await seedMember(backend.db, { name: 'Ana' });
    const ben = await seedMember(backend.db, { name: 'Ben' });
    await book(ana, ride, 'A2', t0);
    await book(ben, ride, 'A1', t0);
    await cancelClass(at(t0), { by: 'admin-1', classId: other, reason: 'Closed' });

    await sendCoachClassLists(at(t0));
    const list = await entry(mailOutboxIds.coachList(MARIA, tomorrow));
    expect(list).toMatchObject({ kind: 'coach-class-list', uid: MARIA_UID });
    // As the sender reads it: the database keeps no empty list, the schema gives it back.
    expect(mailMessageSchema.parse(list?.message)).toEqual({
      kind: 'coach-class-list',
      date: tomorrow,
      classes: [
        {
          title: 'Noon ride',
          startsAt: noon,
          room: 'Row',
          attendees: [
            { name: 'Ben', spotLabel: 'A1' },
            { name: 'Ana', spotLabel: 'A2' },
          ],
        },
        { title: 'Evening', startsAt: noon + 6 * HOUR, room: 'Row', attendees: [] },
      ],
    });
    expect(evening).toBeTruthy();
    // Only cancelled classes for the other coach: no list.
    expect(await entry(mailOutboxIds.coachList(OTHER_COACH, tomorrow))).toBeNull();

    const again = await sendCoachClassLists(at(t0 + MINUTE));
    expect(await entry(mailOutboxIds.coachList(MARIA, tomorrow))).toEqual(list);
    expect(again.written).toBe(0);
  });
});
