import { onValueCreated } from 'firebase-functions/v2/database';
import { ROOTS } from '@studio/core';
import { sendOutboxEntry } from '../../handlers/mail/send-outbox-entry';
import { MAIL_UNSUBSCRIBE_SECRET, SMTP_PASSWORD } from '../../mail';
import { MAX_INSTANCES, REGION } from '../callable';
import { mailDeps } from './deps';

/**
 * Sends a mail as soon as its `MailOutbox/{id}` entry is written (decision 170). A failure is
 * recorded on the entry (retrying with backoff, or failed), so the trigger itself never retries;
 * the sweep sends what this missed.
 */
export const sendOutboxMail = onValueCreated(
  {
    ref: `${ROOTS.mailOutbox}/{id}`,
    region: REGION,
    maxInstances: MAX_INSTANCES.mail,
    secrets: [SMTP_PASSWORD, MAIL_UNSUBSCRIBE_SECRET],
  },
  async (event) => {
    await sendOutboxEntry(mailDeps(), event.params.id);
  },
);
