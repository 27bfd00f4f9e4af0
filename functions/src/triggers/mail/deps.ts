// The deployed mail domain's dependencies: the database, the clock, and the mailer built from the
// environment and the two secrets, which only the sending functions bind.
import { adminDatabase } from '../../admin';
import type { MailDeps } from '../../handlers/mail/deps';
import { MAIL_UNSUBSCRIBE_SECRET, SMTP_PASSWORD } from '../../mail';
import { mailerFromEnv } from './config';

export function mailDeps(): MailDeps {
  return {
    db: adminDatabase(),
    now: Date.now,
    mailer: mailerFromEnv(process.env, {
      password: SMTP_PASSWORD.value() || undefined,
      unsubscribeSecret: MAIL_UNSUBSCRIBE_SECRET.value(),
    }),
  };
}
