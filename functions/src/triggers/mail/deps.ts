// The deployed mail domain's dependencies: the database, the Auth accounts (mail goes to a
// verified sign-in e-mail), the per-address count, the clock, and the mailer built from the
// environment and the two secrets, which only the sending functions bind.
import { adminAuth, adminDatabase } from '../../admin';
import type { MailDeps } from '../../handlers/mail/deps';
import { authMailAccounts } from '../../handlers/mail/recipient';
import { MAIL_UNSUBSCRIBE_SECRET, SMTP_PASSWORD } from '../../mail';
import { memberLimits } from '../limits';
import { mailerFromEnv } from './config';

export function mailDeps(): MailDeps {
  return {
    db: adminDatabase(),
    accounts: authMailAccounts(adminAuth()),
    limits: memberLimits(),
    now: Date.now,
    mailer: mailerFromEnv(process.env, {
      password: SMTP_PASSWORD.value() || undefined,
      unsubscribeSecret: MAIL_UNSUBSCRIBE_SECRET.value(),
    }),
  };
}
