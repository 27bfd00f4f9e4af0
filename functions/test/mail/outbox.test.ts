// The outbox end to end against a database emulator and a real MailDev
// (docs/decisions/170-email-outbox.md): written once per event, claimed by one sender at a time,
// sent in the member's language with a Message-ID derived from the entry, retried with backoff,
// failed for good on a permanent refusal or the 8th attempt, skipped by preference, and resent
// exactly once after a sender died between the server's acceptance and `sent`; only ever to the
// member's verified sign-in e-mail, and a bounded number an hour.
import { RATE_LIMITS, paths, type MailOutboxEntry } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { databaseRateLimiter } from '../../src/engine/index.ts';
import { sendOutboxEntry } from '../../src/handlers/mail/send-outbox-entry.ts';
import { MAIL_LEASE_MS, retryDelayMs } from '../../src/handlers/mail/retry.ts';
import { enqueueMail, type MailMessageInput } from '../../src/mail/index.ts';
import { dump } from '../support/backend.ts';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db.ts';
import { MESSAGES } from './fixtures.ts';
import { entry, freshId, mailerTo, seedRecipient, useOutboxWorld } from './outbox-support.ts';

const world = useOutboxWorld();
const MINUTE = 60_000;

async function enqueued(
  uid: string,
  message: MailMessageInput = MESSAGES.welcome,
  id = freshId(),
  now = Date.now(),
): Promise<string> {
  expect(await enqueueMail(world.db, { id, uid, message }, now)).toBe('written');
  return id;
}

describe('enqueueMail', () => {
  it('writes one pending entry per id, and a second call for the same event changes nothing', async () => {
    const uid = await seedRecipient(world.db);
    const id = freshId();
    const now = Date.now();
    expect(await enqueueMail(world.db, { id, uid, message: MESSAGES.welcome }, now)).toBe(
      'written',
    );
    const first = await entry(world.db, id);
    expect(first).toEqual({
      kind: 'welcome',
      uid,
      message: { kind: 'welcome', waiverAccepted: false },
      status: 'pending',
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      updatedAt: now,
    });
    expect(
      await enqueueMail(world.db, { id, uid, message: MESSAGES['class-reminder'] }, now + 5),
    ).toBe('exists');
    expect(await entry(world.db, id)).toEqual(first);
  });

  it('throws on a message that is not a mail, writing nothing', async () => {
    const before = await dump(world.db);
    await expect(
      enqueueMail(
        world.db,
        { id: freshId(), uid: 'u1', message: { kind: 'spam' } as unknown as MailMessageInput },
        Date.now(),
      ),
    ).rejects.toThrow();
    await expect(
      enqueueMail(world.db, { id: 'a/b', uid: 'u1', message: MESSAGES.welcome }, Date.now()),
    ).rejects.toThrow();
    expect(await dump(world.db)).toEqual(before);
  });
});

describe('sendOutboxEntry', () => {
  it('sends in the member’s language with the entry’s Message-ID and records it sent', async () => {
    const uid = await seedRecipient(world.db, { Lang: 'es', Name: 'Lucía' });
    const id = await enqueued(uid, MESSAGES['booking-confirmed'], freshId('booked'));
    const now = Date.now();

    expect(await sendOutboxEntry(world.deps(now), id)).toBe('sent');

    const stored = await entry(world.db, id);
    expect(stored).toMatchObject({
      status: 'sent',
      attempts: 0,
      messageId: `<${id}@studio.example>`,
      sentAt: now,
    });
    expect(stored?.lease).toBeUndefined();
    expect(stored?.nextAttemptAt).toBeUndefined();
    const [mail, ...more] = await world.mailsOf(id);
    expect(more).toEqual([]);
    expect(mail?.to).toEqual([{ address: `${uid}@example.com`, name: '' }]);
    expect(mail?.subject).toMatch(/^Reservado: Spin 50/);
    expect(mail?.html).toContain('Demo Studio');
    expect(mail?.attachments?.map((file) => file.filename)).toEqual(['class.ics']);
    const source = await (await fetch(`${world.inbox.url}/api/email/${mail?.id}/source`)).text();
    // Folded over lines by the encoder: unfold before reading the header.
    const unfolded = source.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toContain(
      `List-Unsubscribe: <https://us-central1-demo.cloudfunctions.net/mailUnsubscribe?uid=${uid}&kind=booking-confirmed&token=`,
    );
    // Settled: another sender finds nothing to do.
    expect(await sendOutboxEntry(world.deps(now + 1), id)).toBe('not-claimed');
    expect(await world.mailsOf(id)).toHaveLength(1);
  });

  it('sends one mail when two senders start at once', async () => {
    const uid = await seedRecipient(world.db);
    const id = await enqueued(uid);
    const outcomes = await Promise.all([
      sendOutboxEntry(world.deps(), id),
      sendOutboxEntry(world.deps(), id),
    ]);
    expect(outcomes.sort()).toEqual(['not-claimed', 'sent']);
    expect(await world.mailsOf(id)).toHaveLength(1);
  });

  it('stops while another sender’s lease is live, and takes over once it ran out', async () => {
    const uid = await seedRecipient(world.db);
    const now = Date.now();
    const id = await enqueued(uid, MESSAGES.welcome, freshId(), now);
    const lease = now + MAIL_LEASE_MS;
    await world.db
      .ref(paths.mailOutboxEntry(id))
      .update({ status: 'sending', lease: { until: lease }, nextAttemptAt: lease });

    expect(await sendOutboxEntry(world.deps(lease - 1), id)).toBe('not-claimed');
    expect(await world.mailsOf(id)).toHaveLength(0);
    expect(await sendOutboxEntry(world.deps(lease), id)).toBe('sent');
    expect(await world.mailsOf(id)).toHaveLength(1);
  });

  it('retries a connection failure with backoff, and fails it on the 8th attempt', async () => {
    const uid = await seedRecipient(world.db);
    const now = Date.now();
    const id = await enqueued(uid, MESSAGES.welcome, freshId(), now);
    const refused = mailerTo('127.0.0.1', 1);
    try {
      expect(await sendOutboxEntry(world.deps(now, refused), id)).toBe('retrying');
      const first = await entry(world.db, id);
      expect(first).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: now + MINUTE });
      expect(first?.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(first?.lease).toBeUndefined();
      // Not due before its time.
      expect(await sendOutboxEntry(world.deps(now + MINUTE - 1, refused), id)).toBe('not-claimed');

      expect(await sendOutboxEntry(world.deps(now + MINUTE, refused), id)).toBe('retrying');
      expect(await entry(world.db, id)).toMatchObject({
        attempts: 2,
        nextAttemptAt: now + MINUTE + 2 * MINUTE,
      });

      await world.db.ref(paths.mailOutboxEntry(id)).update({ attempts: 7, nextAttemptAt: now });
      expect(await sendOutboxEntry(world.deps(now + 10 * MINUTE, refused), id)).toBe('failed');
      const failed = await entry(world.db, id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 8 });
      expect(failed?.nextAttemptAt).toBeUndefined();
      expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      refused.transport.close();
    }
  });

  it('fails at once on a permanent refusal (SMTP 5xx)', async () => {
    const { MailDev } = await import('maildev');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const directory = mkdtempSync(`${tmpdir()}/studio-strict-smtp-`);
    // A server that demands a login this sender does not give: 530, a 5xx.
    const strict = new MailDev({
      smtp: 0,
      ip: '127.0.0.1',
      disableWeb: true,
      incomingUser: 'user',
      incomingPass: 'pass',
      mailDirectory: directory,
      silent: true,
    });
    const servers = await strict.start();
    const mailer = mailerTo('127.0.0.1', servers.smtp.getPort());
    try {
      const uid = await seedRecipient(world.db);
      const id = await enqueued(uid);
      expect(await sendOutboxEntry(world.deps(Date.now(), mailer), id)).toBe('failed');
      expect(await entry(world.db, id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect((await entry(world.db, id))?.lastError).toMatch(/5\d\d|auth/i);
    } finally {
      mailer.transport.close();
      await strict.stop();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('skips a kind the member turned off, and still sends one that always goes', async () => {
    const uid = await seedRecipient(world.db);
    await world.db.ref(paths.mailPreferences(uid)).set({
      'booking-confirmed': false,
      'class-cancelled': false,
    });
    const off = await enqueued(uid, MESSAGES['booking-confirmed'], freshId('booked'));
    const always = await enqueued(uid, MESSAGES['class-cancelled'], freshId('class-cancelled'));

    expect(await sendOutboxEntry(world.deps(), off)).toBe('skipped');
    expect(await entry(world.db, off)).toMatchObject({
      status: 'skipped',
      lastError: 'The member turned off booking-confirmed mail',
    });
    expect(await world.mailsOf(off)).toHaveLength(0);
    expect(await sendOutboxEntry(world.deps(), always)).toBe('sent');
    expect(await world.mailsOf(always)).toHaveLength(1);
  });

  it('fails a mail to a member without a sign-in e-mail', async () => {
    const uid = await seedRecipient(world.db, { authEmail: null });
    const id = await enqueued(uid);
    expect(await sendOutboxEntry(world.deps(), id)).toBe('failed');
    expect(await entry(world.db, id)).toMatchObject({
      status: 'failed',
      lastError: 'The member has no sign-in e-mail',
    });
  });

  it('sends to the verified sign-in e-mail, never to the address the member wrote in their profile', async () => {
    for (const written of ['victim@example.org', 'a@example.com, other@example.com', 'nope']) {
      const uid = await seedRecipient(world.db, { Email: written });
      const id = await enqueued(uid, MESSAGES['booking-cancelled'], freshId('cancelled'));
      expect(await sendOutboxEntry(world.deps(), id)).toBe('sent');
      const [mail, ...more] = await world.mailsOf(id);
      expect(more).toEqual([]);
      expect(mail?.to).toEqual([{ address: `${uid}@example.com`, name: '' }]);
    }
    const all = await world.inbox.messages();
    expect(all.filter((mail) => mail.to.some((to) => to.address === 'victim@example.org'))).toEqual(
      [],
    );
  });

  it('sends an unverified address only the welcome, skipping the rest', async () => {
    const uid = await seedRecipient(world.db, { verified: false });
    const welcome = await enqueued(uid, MESSAGES.welcome);
    const booked = await enqueued(uid, MESSAGES['booking-confirmed'], freshId('booked'));
    const receipt = await enqueued(uid, MESSAGES['purchase-receipt'], freshId('receipt'));
    expect(await sendOutboxEntry(world.deps(), welcome)).toBe('sent');
    for (const id of [booked, receipt]) {
      expect(await sendOutboxEntry(world.deps(), id)).toBe('skipped');
      expect(await entry(world.db, id)).toMatchObject({
        status: 'skipped',
        lastError: 'The member has not verified their e-mail',
      });
      expect(await world.mailsOf(id)).toHaveLength(0);
    }
  });

  it('bounds the mail one member’s own actions send per hour; receipts still go', async () => {
    const uid = await seedRecipient(world.db);
    const clock = { now: Date.now() };
    const limits = databaseRateLimiter(world.db, () => clock.now, {
      ...RATE_LIMITS,
      mail: { max: 2, windowMs: 3_600_000 },
    });
    const send = (id: string) => sendOutboxEntry({ ...world.deps(clock.now), limits }, id);
    const ids = [];
    for (let n = 0; n < 3; n += 1)
      ids.push(await enqueued(uid, MESSAGES['booking-cancelled'], freshId('cancelled')));
    expect(await send(ids[0]!)).toBe('sent');
    expect(await send(ids[1]!)).toBe('sent');
    expect(await send(ids[2]!)).toBe('skipped');
    expect(await entry(world.db, ids[2]!)).toMatchObject({
      lastError: 'Too many mails to this member this hour',
    });
    const receipt = await enqueued(uid, MESSAGES['purchase-receipt'], freshId('receipt'));
    expect(await send(receipt)).toBe('sent');
    clock.now += 3_600_000;
    const later = await enqueued(uid, MESSAGES['booking-cancelled'], freshId('cancelled'));
    expect(await send(later)).toBe('sent');
  });

  it('leaves entries pending while mail is not configured', async () => {
    const uid = await seedRecipient(world.db);
    const id = await enqueued(uid);
    const before = await entry(world.db, id);
    expect(await sendOutboxEntry(world.deps(Date.now(), null), id)).toBe('not-configured');
    expect(await entry(world.db, id)).toEqual(before);
  });

  it('resends once, with the same Message-ID, after dying between acceptance and `sent`', async () => {
    const uid = await seedRecipient(world.db);
    const now = Date.now();
    const id = await enqueued(uid, MESSAGES.welcome, freshId(), now);
    // The claim is the entry's first transaction; `sent` would be its second.
    const { db, crashed } = crashingDatabase(world.db, {
      path: paths.mailOutboxEntry(id),
      kind: 'transaction',
      when: 'before',
      nth: 2,
    });
    await expect(sendOutboxEntry({ ...world.deps(now), db }, id)).rejects.toThrow(SimulatedCrash);
    expect(crashed()).toBe(true);
    expect(await world.mailsOf(id)).toHaveLength(1);
    expect(await entry(world.db, id)).toMatchObject({ status: 'sending' });

    // Nobody takes it over while the dead sender's lease is live …
    expect(await sendOutboxEntry(world.deps(now + MAIL_LEASE_MS - 1), id)).toBe('not-claimed');
    // … then one more copy goes, with the same Message-ID, and it is settled.
    expect(await sendOutboxEntry(world.deps(now + MAIL_LEASE_MS), id)).toBe('sent');
    expect(await sendOutboxEntry(world.deps(now + 2 * MAIL_LEASE_MS), id)).toBe('not-claimed');
    const copies = await world.mailsOf(id);
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((mail) => mail.headers['message-id']))).toEqual(
      new Set([`<${id}@studio.example>`]),
    );
    expect(await entry(world.db, id)).toMatchObject<Partial<MailOutboxEntry>>({ status: 'sent' });
  });
});

describe('retryDelayMs', () => {
  it('doubles from one minute up to six hours, within ±20 % jitter', () => {
    expect(retryDelayMs(0, 0.5)).toBe(MINUTE);
    expect(retryDelayMs(3, 0.5)).toBe(8 * MINUTE);
    expect(retryDelayMs(20, 0.5)).toBe(6 * 60 * MINUTE);
    expect(retryDelayMs(0, 0)).toBe(0.8 * MINUTE);
    expect(retryDelayMs(0, 0.999_999)).toBeCloseTo(1.2 * MINUTE, -1);
  });
});
