// One booking, end to end: booked through the handler, its outbox entry sent by the sender to a
// real MailDev, and exactly one confirmation read back through MailDev's REST API, with the
// class as a valid calendar file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { mailOutboxIds, paths } from '@studio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailInbox, type MailInbox } from '../../../scripts/lib/mail-inbox.ts';
import { bookClass } from '../../src/handlers/booking/book-class.ts';
import { adminAuth } from '../../src/admin.ts';
import type { Mailer } from '../../src/handlers/mail/deps.ts';
import { authMailAccounts } from '../../src/handlers/mail/recipient.ts';
import { sendOutboxEntry } from '../../src/handlers/mail/send-outbox-entry.ts';
import { sweepOutbox } from '../../src/handlers/mail/sweep-outbox.ts';
import { DAY, read, seedClass, seedMember, useStudioBackend } from '../booking/fixtures.ts';
import { mailerTo } from './outbox-support.ts';

const backend = useStudioBackend();
let inbox: MailInbox;
let mailer: Mailer;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'studio-booking-mail-'));
  inbox = await startMailInbox({ mailDirectory: directory });
  mailer = mailerTo(inbox.host, inbox.smtpPort);
});

afterAll(async () => {
  mailer?.transport.close();
  await inbox?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('a booking’s confirmation mail', () => {
  it('arrives once in the inbox, in the member’s language, with the class as class.ics', async () => {
    const db = backend.db;
    // Whole minutes: a calendar file has no milliseconds.
    const startsAt = Math.floor((Date.now() + 2 * DAY) / 60_000) * 60_000;
    const classId = await seedClass(db, { startsAt, name: 'Spin 45' });
    const uid = await seedMember(db, { credits: 1, name: 'Ana' });
    await db.ref(paths.user(uid)).update({ Email: 'ana@example.com', Lang: 'es' });
    await adminAuth().createUser({ uid, email: 'ana@example.com', emailVerified: true });

    await bookClass({ db, now: Date.now }, { uid, classId, spot: 'A1' });
    const booking = (await read(db, paths.rosterBooking(classId, uid))) as { bookingId: string };
    const id = mailOutboxIds.booked(booking.bookingId);

    // The trigger's run, and then a sweep (as the local stack runs it) that must not send again.
    const deps = { db, accounts: authMailAccounts(adminAuth()), now: Date.now, mailer };
    expect(await sendOutboxEntry(deps, id)).toBe('sent');
    await sweepOutbox(deps);

    const mails = (await inbox.messages()).filter((mail) =>
      mail.to.some((to) => to.address === 'ana@example.com'),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Reservado: Spin 45/);
    expect(mail.headers['message-id']).toBe(`<${id}@studio.example>`);
    const file = mail.attachments?.find((attachment) => attachment.filename === 'class.ics');
    expect(file?.contentType).toBe('text/calendar');
    const ics = await (
      await fetch(`${inbox.url}/api/email/${mail.id}/attachment/${file!.generatedFileName}`)
    ).text();
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics) as unknown[]).getFirstSubcomponent('vevent')!,
    );
    expect(event.summary).toBe('Spin 45');
    expect(event.startDate.toJSDate().getTime()).toBe(startsAt);
    expect(event.location).toContain('Centro');
    expect(event.description).toContain('Lugar A1');
  });
});
