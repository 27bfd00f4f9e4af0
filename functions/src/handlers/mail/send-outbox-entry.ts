/**
 * Sends one `MailOutbox/{id}` entry (docs/decisions/170-email-outbox.md): claim it with a lease,
 * read the member's address, language and preferences, render, send with a Message-ID derived
 * from the id, record the outcome. Run by the `MailOutbox/{id}` create trigger and by the sweep
 * for due retries, missed entries and senders that died holding a lease.
 */
import { z } from 'zod';
import {
  mailPreferencesSchema,
  paths,
  settingsFromStored,
  studioFromStored,
  wantsMail,
  type MailOutboxEntry,
} from '@studio/core';
import {
  mailMessageSchema,
  renderMail,
  sendMail,
  unsubscribeUrl,
  type MailMessage,
} from '../../mail';
import type { MailDeps, Mailer } from './deps';
import { changeEntry } from './entry';
import { mailNotConfigured, mailSendFailed, mailSent, mailSkipped } from './logs';
import {
  MAIL_LEASE_MS,
  MAX_MAIL_ATTEMPTS,
  describeFailure,
  isPermanentFailure,
  retryDelayMs,
} from './retry';

export type SendOutcome =
  | 'sent'
  | 'retrying'
  | 'failed'
  | 'skipped'
  /** Nothing to do: missing, already settled, not yet due, or another sender holds it. */
  | 'not-claimed'
  /** SMTP_HOST is unset: left pending. */
  | 'not-configured';

/** The Message-ID every attempt of an entry carries: `<{id}@{app's host}>`. */
export function outboxMessageId(id: string, appUrl: string): string {
  return `<${id}@${new URL(appUrl).hostname}>`;
}

/** `pending`, a due `retrying`, or a `sending` whose sender let the lease run out. */
function claimable(entry: MailOutboxEntry, now: number): boolean {
  switch (entry.status) {
    case 'pending':
      return true;
    case 'retrying':
      return (entry.nextAttemptAt ?? 0) <= now;
    case 'sending':
      return (entry.lease?.until ?? 0) <= now;
    case 'sent':
    case 'failed':
    case 'skipped':
      return false;
  }
}

async function claim(deps: MailDeps, id: string): Promise<MailOutboxEntry | undefined> {
  const now = deps.now();
  const until = now + MAIL_LEASE_MS;
  return changeEntry<MailOutboxEntry | undefined>(deps.db, id, (entry) => {
    if (entry === null || !claimable(entry, now)) return { keep: undefined };
    const next: MailOutboxEntry = {
      ...entry,
      status: 'sending',
      lease: { until },
      // Due again when the lease ends: a sender that dies here is replaced by the sweep.
      nextAttemptAt: until,
      updatedAt: now,
    };
    return { next, result: next };
  });
}

/** Writes the outcome if the entry is still the one this sender claimed. */
async function settle(
  deps: MailDeps,
  id: string,
  claimed: MailOutboxEntry,
  outcome: Partial<MailOutboxEntry> & Pick<MailOutboxEntry, 'status'>,
): Promise<void> {
  await changeEntry(deps.db, id, (entry) => {
    if (
      entry === null ||
      entry.status !== 'sending' ||
      entry.lease?.until !== claimed.lease?.until
    ) {
      return { keep: undefined };
    }
    const { lease: _lease, nextAttemptAt: _next, lastError: _error, ...rest } = entry;
    const next: MailOutboxEntry = { ...rest, ...outcome, updatedAt: deps.now() };
    return { next, result: undefined };
  });
}

interface Recipient {
  email: string | undefined;
  name: string | undefined;
  lang: 'en' | 'es';
}

async function readRecipient(deps: MailDeps, uid: string): Promise<Recipient> {
  const [email, name, lang] = await Promise.all(
    (['Email', 'Name', 'Lang'] as const).map(async (field) => {
      const value: unknown = (await deps.db.ref(paths.userField(uid, field)).get()).val();
      return typeof value === 'string' ? value.trim() : undefined;
    }),
  );
  return {
    email: email || undefined,
    name: name || undefined,
    lang: lang === 'es' ? 'es' : 'en',
  };
}

async function render(
  deps: MailDeps,
  mailer: Mailer,
  entry: MailOutboxEntry,
  message: MailMessage,
  recipient: Recipient & { email: string },
) {
  const [studio, settings] = await Promise.all([
    deps.db
      .ref(paths.studio())
      .get()
      .then((snapshot) => studioFromStored(snapshot.val())),
    deps.db
      .ref(paths.settings())
      .get()
      .then((snapshot) => settingsFromStored(snapshot.val())),
  ]);
  return renderMail(message, {
    lang: recipient.lang,
    recipient: { email: recipient.email, ...(recipient.name ? { name: recipient.name } : {}) },
    studio: {
      name: studio.name,
      primaryColor: studio.primaryColor,
      appUrl: mailer.appUrl,
      timeZone: settings.timeZone,
    },
    unsubscribeUrl: unsubscribeUrl(
      mailer.unsubscribeEndpoint,
      { uid: entry.uid, kind: message.kind },
      mailer.unsubscribeSecret,
    ),
    now: deps.now(),
  });
}

const ONE_ADDRESS = z.email();

/** Sends the entry if it is due and no other sender holds it. */
export async function sendOutboxEntry(deps: MailDeps, id: string): Promise<SendOutcome> {
  const mailer = deps.mailer;
  if (mailer === undefined) {
    mailNotConfigured();
    return 'not-configured';
  }
  const claimed = await claim(deps, id);
  if (claimed === undefined) return 'not-claimed';

  const permanently = async (reason: string): Promise<SendOutcome> => {
    mailSendFailed({
      id,
      kind: claimed.kind,
      attempts: claimed.attempts,
      permanent: true,
      error: reason,
    });
    await settle(deps, id, claimed, { status: 'failed', lastError: reason });
    return 'failed';
  };

  const parsed = mailMessageSchema.safeParse(claimed.message);
  if (!parsed.success || parsed.data.kind !== claimed.kind) {
    return permanently('The stored message is not a valid mail of its kind');
  }
  const message = parsed.data;
  const [recipient, preferences] = await Promise.all([
    readRecipient(deps, claimed.uid),
    deps.db
      .ref(paths.mailPreferences(claimed.uid))
      .get()
      .then((snapshot) => mailPreferencesSchema.parse(snapshot.val())),
  ]);
  if (!wantsMail(preferences, message.kind)) {
    const reason = `The member turned off ${message.kind} mail`;
    await settle(deps, id, claimed, { status: 'skipped', lastError: reason });
    mailSkipped({ id, kind: message.kind, reason });
    return 'skipped';
  }
  const email = recipient.email;
  if (email === undefined) return permanently('The member has no e-mail address');
  // The member writes their own Email: a list or anything but one address would let them send
  // the studio's mail to others, so it is refused rather than handed to SMTP.
  if (!ONE_ADDRESS.safeParse(email).success) {
    return permanently('The member’s e-mail is not one valid address');
  }

  let messageId: string;
  try {
    const mail = await render(deps, mailer, claimed, message, { ...recipient, email });
    const sent = await sendMail(mailer.transport, mail, mailer.from, {
      messageId: outboxMessageId(id, mailer.appUrl),
    });
    messageId = sent.messageId;
  } catch (error) {
    const reason = describeFailure(error);
    const attempts = claimed.attempts + 1;
    if (isPermanentFailure(error) || attempts >= MAX_MAIL_ATTEMPTS) {
      mailSendFailed({ id, kind: message.kind, attempts, permanent: true, error: reason });
      await settle(deps, id, claimed, { status: 'failed', attempts, lastError: reason });
      return 'failed';
    }
    mailSendFailed({ id, kind: message.kind, attempts, permanent: false, error: reason });
    const random = (deps.random ?? Math.random)();
    await settle(deps, id, claimed, {
      status: 'retrying',
      attempts,
      nextAttemptAt: deps.now() + retryDelayMs(claimed.attempts, random),
      lastError: reason,
    });
    return 'retrying';
  }
  const now = deps.now();
  // Sent is sent: recorded even if the lease ran out meanwhile.
  await changeEntry(deps.db, id, (entry) => {
    if (entry === null) return { keep: undefined };
    const { lease: _lease, nextAttemptAt: _next, lastError: _error, ...rest } = entry;
    return {
      next: { ...rest, status: 'sent', messageId, sentAt: now, updatedAt: now },
      result: undefined,
    };
  });
  mailSent({ id, kind: message.kind, messageId });
  return 'sent';
}
