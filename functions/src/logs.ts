// One named function per log event, so every line a developer may search for is written in one
// place with a stable `event` name and structured fields (Cloud Logging indexes jsonPayload).
import { logger } from 'firebase-functions/logger';
import type { Role } from '@studio/core';

export function serverTimeStamped(fields: { uid: string; ts: number; ip: string }): void {
  logger.info('Server time stamped', { event: 'server_time_stamped', ...fields });
}

export function userBootstrapped(fields: {
  uid: string;
  filledFields: readonly string[];
  reportCreated: boolean;
}): void {
  logger.info('User bootstrapped', { event: 'user_bootstrapped', ...fields });
}

export function userRoleChanged(fields: {
  by: string;
  uid: string;
  before: Role;
  after: Role;
  auditId: string;
}): void {
  logger.info('User role changed', { event: 'user_role_changed', ...fields });
}

/** A caller was told no for a reason the app expects (bad input, no permission, …). */
export function callableRejected(fields: {
  fn: string;
  uid: string | null;
  code: string;
  messageKey: string;
  params?: Readonly<Record<string, string | number>> | undefined;
}): void {
  logger.warn('Callable rejected', { event: 'callable_rejected', ...fields });
}

/** Our bug or an outage: the caller got `internal`; the cause is only here. */
export function callableFailed(fields: { fn: string; uid: string | null; error: unknown }): void {
  const { error, ...rest } = fields;
  logger.error('Callable failed', {
    event: 'callable_failed',
    ...rest,
    error: describeError(error),
  });
}

export function authTriggerFailed(fields: { fn: string; uid: string; error: unknown }): void {
  const { error, ...rest } = fields;
  logger.error('Auth trigger failed', {
    event: 'auth_trigger_failed',
    ...rest,
    error: describeError(error),
  });
}

function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return error.stack === undefined
      ? { name: error.name, message: error.message }
      : { name: error.name, message: error.message, stack: error.stack };
  }
  return { name: typeof error, message: String(error) };
}
