/**
 * Writing a mail into `MailOutbox/{id}` (docs/decisions/170-email-outbox.md). The id names the
 * causing event (core's `mailOutboxIds`), and the write happens only when the id is absent, so
 * a step that runs twice (a reconciler pass, a redelivered webhook) writes one entry. Callers
 * call it after their booking, cancel or grant is committed; the sender
 * (`handlers/mail/send-outbox-entry.ts`) takes it from there.
 */
import { mailOutboxEntrySchema, paths, type MailOutboxEntry } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { mailMessageSchema, type MailMessageInput } from './kinds';
import { mailEnqueueFailed } from './logs';

export interface MailToEnqueue {
  /** From `mailOutboxIds`: the event that causes the mail. */
  id: string;
  /** The recipient's account (`Users/{uid}` gives address and language at send time). */
  uid: string;
  message: MailMessageInput;
}

/**
 * Writes the entry `pending` unless one exists. 'written' or 'exists'; a database failure is
 * logged and reported as 'failed' (the event's step is re-run and writes it then), so it never
 * reaches the caller's business path. A message that is not a valid mail, or a bad id, is a
 * programmer error and throws.
 */
export async function enqueueMail(
  db: Database,
  mail: MailToEnqueue,
  now: number,
): Promise<'written' | 'exists' | 'failed'> {
  const message = mailMessageSchema.parse(mail.message);
  const entry: MailOutboxEntry = mailOutboxEntrySchema.parse({
    kind: message.kind,
    uid: mail.uid,
    message,
    status: 'pending',
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    updatedAt: now,
  } satisfies MailOutboxEntry);
  const ref = db.ref(paths.mailOutboxEntry(mail.id));
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Create-if-absent: the SDK's first run may see its empty cache and propose the entry; the
      // server refuses it when the id exists and the run on its value then aborts.
      const result = await ref.transaction(
        (current: unknown) => (current === null ? entry : undefined),
        undefined,
        false,
      );
      return result.committed ? 'written' : 'exists';
    } catch (error) {
      // A dropped connection ('disconnect': the entry may or may not be written) or an abort
      // ('set', 'maxretry': nothing written) runs again, once the SDK is back: a run after a
      // write that did land finds the entry and answers 'exists'.
      const retry = error instanceof Error && RETRYABLE.has(error.message);
      if (!retry || attempt >= MAX_ATTEMPTS) {
        mailEnqueueFailed({ id: mail.id, kind: message.kind, error });
        return 'failed';
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

const RETRYABLE = new Set(['disconnect', 'set', 'maxretry']);
const MAX_ATTEMPTS = 4;
