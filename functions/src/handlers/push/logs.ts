// The push domain's log events, one named function each.
import { logger } from 'firebase-functions/logger';

export function pushSent(fields: { id: string; kind: string; ms: number }): void {
  logger.info('Push sent', { event: 'push_sent', ...fields });
}

/** Not sent, and never will be: skipped, dropped, failed or unconfirmed, with why. */
export function pushSettled(fields: {
  id: string;
  kind: string;
  status: string;
  reason: string;
}): void {
  logger.info('Push settled unsent', { event: 'push_settled', ...fields });
}

export function pushRetrying(fields: {
  id: string;
  kind: string;
  attempts: number;
  status: number | undefined;
  reason: string;
}): void {
  logger.warn('Push will be retried', { event: 'push_retrying', ...fields });
}

let notConfiguredLogged = false;

/** Once per instance: push is off until VAPID is configured; entries wait as `pending`. */
export function pushNotConfigured(): void {
  if (notConfiguredLogged) return;
  notConfiguredLogged = true;
  logger.warn('Push is not configured (VAPID keys unset): entries stay pending', {
    event: 'push_not_configured',
  });
}

export function pushSweepDone(fields: {
  tried: number;
  failed: number;
  removed: number;
  waves: number;
  ms: number;
}): void {
  logger.info('Push sweep done', { event: 'push_sweep_done', ...fields });
}

export function pushDeviceSaved(fields: { uid: string; deviceId: string; moved: boolean }): void {
  logger.info('Push device saved', { event: 'push_device_saved', ...fields });
}

/** A watcher booked the class but their watch was not ended (the next opening drops it). */
export function watchNotEnded(fields: { classId: string; reason: string }): void {
  logger.warn('Watch not ended after booking', { event: 'watch_not_ended', ...fields });
}
