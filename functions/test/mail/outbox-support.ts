// The outbox tests' surroundings: a database emulator, a real MailDev, and the mailer that sends
// to it, with helpers to write members and entries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mailOutboxEntrySchema, paths, type MailOutboxEntry } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { afterAll, beforeAll } from 'vitest';
import {
  startMailInbox,
  type InboxMessage,
  type MailInbox,
} from '../../../scripts/lib/mail-inbox.ts';
import type { MailDeps, Mailer } from '../../src/handlers/mail/deps.ts';
import { authMailAccounts } from '../../src/handlers/mail/recipient.ts';
import { createMailTransport, smtpConfigFromEnv } from '../../src/mail/index.ts';
import { adminAuth } from '../../src/admin.ts';
import { startBackend, type TestBackend } from '../support/backend.ts';

export const UNSUBSCRIBE_SECRET = 'outbox-test-secret-0123456789';
export const UNSUBSCRIBE_ENDPOINT = 'https://us-central1-demo.cloudfunctions.net/mailUnsubscribe';
export const APP_URL = 'https://studio.example';

export interface OutboxWorld {
  readonly db: Database;
  readonly inbox: MailInbox;
  readonly mailer: Mailer;
  /** Deps at a pinned time, with a fixed jitter (0.5 = no jitter); `null`: mail not configured. */
  deps(now?: number, mailer?: Mailer | null): MailDeps;
  /** Every mail MailDev holds whose Message-ID is the entry's. */
  mailsOf(id: string): Promise<InboxMessage[]>;
}

export function mailerTo(host: string, port: number): Mailer {
  const config = smtpConfigFromEnv({
    SMTP_HOST: host,
    SMTP_PORT: String(port),
    MAIL_FROM: 'Demo Studio <no-reply@demo.studio>',
  });
  return {
    transport: createMailTransport(config),
    from: config.from,
    appUrl: APP_URL,
    unsubscribeEndpoint: UNSUBSCRIBE_ENDPOINT,
    unsubscribeSecret: UNSUBSCRIBE_SECRET,
  };
}

/** A database and a MailDev for the calling test file. */
export function useOutboxWorld(): OutboxWorld {
  let backend: TestBackend | undefined;
  let inbox: MailInbox | undefined;
  let mailer: Mailer | undefined;
  let directory: string | undefined;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'studio-outbox-test-'));
    [backend, inbox] = await Promise.all([
      startBackend(),
      startMailInbox({ mailDirectory: directory }),
    ]);
    mailer = mailerTo(inbox.host, inbox.smtpPort);
    await backend.db.ref(paths.studio()).set({ name: 'Demo Studio', primaryColor: '#0f5e59' });
  });
  afterAll(async () => {
    mailer?.transport.close();
    await inbox?.stop();
    await backend?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useOutboxWorld: use inside a test or hook');
    return value;
  };
  return {
    get db() {
      return ready(backend).db;
    },
    get inbox() {
      return ready(inbox);
    },
    get mailer() {
      return ready(mailer);
    },
    deps(now = Date.now(), chosen: Mailer | null = ready(mailer)) {
      return {
        db: ready(backend).db,
        accounts: authMailAccounts(ready(backend).auth),
        now: () => now,
        mailer: chosen ?? undefined,
        random: () => 0.5,
      };
    },
    async mailsOf(id) {
      const all = await ready(inbox).messages();
      return all.filter((message) =>
        message.headers['message-id']?.includes(`<${id}@studio.example>`),
      );
    },
  };
}

let members = 0;

export interface RecipientFields {
  /** The profile's e-mail: what the studio shows, which the member writes (not where mail goes). */
  Email?: string;
  Lang?: 'en' | 'es';
  Name?: string;
  /** The Auth account's e-mail, where mail goes (default `{uid}@example.com`); null: no account. */
  authEmail?: string | null;
  /** Whether that e-mail is verified (default true). */
  verified?: boolean;
}

/** A member with an Auth account (verified e-mail), a profile and a language. */
export async function seedRecipient(db: Database, fields: RecipientFields = {}): Promise<string> {
  members += 1;
  const uid = `mail-member-${members}-${Date.now()}`;
  const { authEmail = `${uid}@example.com`, verified = true, ...profile } = fields;
  if (authEmail !== null)
    await adminAuth().createUser({ uid, email: authEmail, emailVerified: verified });
  await db.ref(paths.user(uid)).set({
    Name: 'María',
    Email: authEmail ?? `${uid}@example.com`,
    Lang: 'en',
    Credits: 0,
    ...profile,
  });
  return uid;
}

export async function entry(db: Database, id: string): Promise<MailOutboxEntry | null> {
  const value: unknown = (await db.ref(paths.mailOutboxEntry(id)).get()).val();
  return value === null ? null : mailOutboxEntrySchema.parse(value);
}

let ids = 0;
/** An outbox id no other test uses. */
export function freshId(prefix = 'welcome'): string {
  ids += 1;
  return `${prefix}-t${ids}-${Date.now()}`;
}
