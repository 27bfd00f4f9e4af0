/**
 * Sends one `MailOutbox/{id}` entry (docs/decisions/170-email-outbox.md): claim it with a lease,
 * read the member's address, language and preferences, render, send with a Message-ID derived
 * from the id, record the outcome. Run by the `MailOutbox/{id}` create trigger and by the sweep
 * for due retries, missed entries and senders that died holding a lease.
 */
import { z } from 'zod';
import {
  isDomainError,
  isMailPreferenceKind,
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
import { mailAddressFor } from './recipient';
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
  name: string | undefined;
  lang: 'en' | 'es';
}

/** The member's name and language from their profile (the address comes from Auth). */
async function readRecipient(deps: MailDeps, uid: string): Promise<Recipient> {
  const [name, lang] = await Promise.all(
    (['Name', 'Lang'] as const).map(async (field) => {
      const value: unknown = (await deps.db.ref(paths.userField(uid, field)).get()).val();
      return typeof value === 'string' ? value.trim() : undefined;
    }),
  );
  return { name: name || undefined, lang: lang === 'es' ? 'es' : 'en' };
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
  const [recipient, account, preferences] = await Promise.all([
    readRecipient(deps, claimed.uid),
    deps.accounts(claimed.uid),
    deps.db
      .ref(paths.mailPreferences(claimed.uid))
      .get()
      .then((snapshot) => mailPreferencesSchema.parse(snapshot.val())),
  ]);
  const skip = async (reason: string): Promise<SendOutcome> => {
    await settle(deps, id, claimed, { status: 'skipped', lastError: reason });
    mailSkipped({ id, kind: message.kind, reason });
    return 'skipped';
  };
  if (!wantsMail(preferences, message.kind))
    return skip(`The member turned off ${message.kind} mail`);
  const address = mailAddressFor(account, message.kind);
  if ('missing' in address) return permanently(address.missing);
  if ('unverified' in address) return skip(address.unverified);
  const email = address.email;
  if (!ONE_ADDRESS.safeParse(email).success) {
    return permanently('The member’s e-mail is not one valid address');
  }
  // What a member's own actions make the studio send them is bounded per address (a loop of
  // bookings and cancels); counted once per entry, on its first attempt. Receipts and the
  // studio's class cancellations always go.
  if (claimed.attempts === 0 && isMailPreferenceKind(message.kind) && deps.limits) {
    try {
      await deps.limits.take(claimed.uid, 'mail');
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return skip('Too many mails to this member this hour');
    }
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
