import { describe, expect, it } from 'vitest';
import { InvalidKeyError } from '../keys';
import { paths } from '../paths';
import { MAIL_KINDS, mailOutboxEntrySchema, mailOutboxIds } from './mail';

describe('mailOutboxIds', () => {
  it('name each mail by the event that causes it (decision 170)', () => {
    expect([
      mailOutboxIds.booked('b1'),
      mailOutboxIds.cancelled('b1'),
      mailOutboxIds.promoted('b1'),
      mailOutboxIds.reminder('b1'),
      mailOutboxIds.classCancelled('c1', 'u1'),
      mailOutboxIds.receipt('cs_1'),
      mailOutboxIds.renewed('in_1'),
      mailOutboxIds.paymentFailed('in_1'),
      mailOutboxIds.subscriptionEnded('sub_1'),
      mailOutboxIds.expiring('u1', '2026-12-01'),
      mailOutboxIds.welcome('u1'),
      mailOutboxIds.coachList('carlos', '2026-12-01'),
    ]).toEqual([
      'booked-b1',
      'cancelled-b1',
      'promoted-b1',
      'reminder-b1',
      'class-cancelled-c1-u1',
      'receipt-cs_1',
      'renewed-in_1',
      'payment-failed-in_1',
      'subscription-ended-sub_1',
      'expiring-u1-2026-12-01',
      'welcome-u1',
      'coach-list-carlos-2026-12-01',
    ]);
    expect(paths.mailOutboxEntry(mailOutboxIds.welcome('u1'))).toBe('MailOutbox/welcome-u1');
  });

  it('refuse a part that could reach another node, and a date that is not one', () => {
    expect(() => mailOutboxIds.booked('../Users')).toThrow(InvalidKeyError);
    expect(() => mailOutboxIds.classCancelled('c1', 'a/b')).toThrow(InvalidKeyError);
    expect(() => mailOutboxIds.expiring('u1', '2026-13-01')).toThrow(RangeError);
    expect(() => mailOutboxIds.coachList('carlos', 'tomorrow')).toThrow(RangeError);
  });
});

describe('mailOutboxEntrySchema', () => {
  const entry = {
    kind: 'welcome',
    uid: 'u1',
    message: { kind: 'welcome', waiverAccepted: true },
    status: 'sent',
    createdAt: 1,
    attempts: 0,
    messageId: '<welcome-u1@studio.example>',
    sentAt: 2,
  };

  it('accepts a settled entry without nextAttemptAt, and every kind', () => {
    expect(mailOutboxEntrySchema.parse(entry)).toEqual(entry);
    for (const kind of MAIL_KINDS) {
      expect(mailOutboxEntrySchema.safeParse({ ...entry, kind }).success, kind).toBe(true);
    }
  });

  it('refuses an unknown status or kind, and negative attempts', () => {
    expect(mailOutboxEntrySchema.safeParse({ ...entry, status: 'queued' }).success).toBe(false);
    expect(mailOutboxEntrySchema.safeParse({ ...entry, kind: 'spam' }).success).toBe(false);
    expect(mailOutboxEntrySchema.safeParse({ ...entry, attempts: -1 }).success).toBe(false);
  });
});
