// What the mail domain is handed: the database, a clock, and where mail goes. The triggers build
// it from the environment and secrets (triggers/mail/config.ts); tests pass a MailDev's
// transport, a fixed clock and a fixed jitter.
import type { Database } from 'firebase-admin/database';
import type { Transporter } from 'nodemailer';
import type { RateLimiter } from '../../engine';
import type { MailAccounts } from './recipient';

export interface Mailer {
  transport: Transporter;
  /** The sender, e.g. `Studio <no-reply@studio.example>` (MAIL_FROM). */
  from: string;
  /** The app's origin: links in the mail, calendar UIDs and the Message-ID's domain. */
  appUrl: string;
  /** The unsubscribe HTTP function's URL; each mail's link adds uid, kind and the HMAC. */
  unsubscribeEndpoint: string;
  /** MAIL_UNSUBSCRIBE_SECRET. */
  unsubscribeSecret: string;
}

export interface MailDeps {
  db: Database;
  /** The members' Auth accounts: mail goes to a verified sign-in e-mail (./recipient.ts). */
  accounts: MailAccounts;
  /** Counts the mail each member's address gets (`mail`); absent: nothing is counted. */
  limits?: RateLimiter;
  /** Epoch milliseconds. */
  now: () => number;
  /** Absent when SMTP_HOST is not set: entries stay `pending` and the app works without mail. */
  mailer: Mailer | undefined;
  /** A number in [0, 1) for the backoff's jitter (default Math.random). */
  random?: () => number;
}
