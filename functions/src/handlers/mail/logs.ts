// The mail domain's log events, one named function each, with a stable `event`
// field for Cloud Logging queries.
import { logger } from 'firebase-functions/logger';

export function mailSent(fields: { id: string; kind: string; messageId: string }): void {
  logger.info('Mail sent', { event: 'mail_sent', ...fields });
}

export function mailSkipped(fields: { id: string; kind: string; reason: string }): void {
  logger.info('Mail skipped', { event: 'mail_skipped', ...fields });
}

export function mailSendFailed(fields: {
  id: string;
  kind: string;
  attempts: number;
  permanent: boolean;
  error: string;
}): void {
  logger.warn('Mail send failed', { event: 'mail_send_failed', ...fields });
}

/** An entry that does not parse: left as it is for an admin to look at. */
export function mailEntryInvalid(fields: { id: string; issues: string }): void {
  logger.error('Mail entry invalid', { event: 'mail_entry_invalid', ...fields });
}

let notConfiguredLogged = false;

/** Once per instance: mail is off until SMTP_HOST is set; entries wait as `pending`. */
export function mailNotConfigured(): void {
  if (notConfiguredLogged) return;
  notConfiguredLogged = true;
  logger.warn('Mail is not configured (SMTP_HOST unset): entries stay pending', {
    event: 'mail_not_configured',
  });
}

export function mailSweepDone(fields: {
  tried: number;
  failed: number;
  removed: number;
  ms: number;
}): void {
  logger.info('Mail sweep done', { event: 'mail_sweep_done', ...fields });
}

export function mailResent(fields: { by: string; id: string; auditId: string }): void {
  logger.info('Mail resent', { event: 'mail_resent', ...fields });
}

export function mailUnsubscribed(fields: { uid: string; kind: string }): void {
  logger.info('Mail unsubscribed', { event: 'mail_unsubscribed', ...fields });
}

export function mailUnsubscribeRefused(fields: { reason: string }): void {
  logger.warn('Mail unsubscribe refused', { event: 'mail_unsubscribe_refused', ...fields });
}
