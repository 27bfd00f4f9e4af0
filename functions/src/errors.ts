// The one place where anything a function throws becomes what the caller sees: an HttpsError
// with the English text from core's catalogue and `{messageKey, params}` in `details`, so the app
// can show the same message in Spanish.
import { HttpsError } from 'firebase-functions/v2/https';
import type { FunctionsErrorCode } from 'firebase-functions/v2/https';
import type { ZodError } from 'zod';
import { InvalidKeyError, describeIssues, isDomainError, t } from '@studio/core';
import type { ErrorCode, MessageKey, MessageParams } from '@studio/core';

/** What the app receives in `error.details`. */
export interface ErrorDetails {
  messageKey: MessageKey;
  params: MessageParams;
}

/** Exhaustive: a new core ErrorCode does not compile until it is mapped here. */
const HTTPS_CODE: Readonly<Record<ErrorCode, FunctionsErrorCode>> = {
  'invalid-argument': 'invalid-argument',
  'not-found': 'not-found',
  'failed-precondition': 'failed-precondition',
  'resource-exhausted': 'resource-exhausted',
  'already-exists': 'already-exists',
  'permission-denied': 'permission-denied',
  unauthenticated: 'unauthenticated',
  internal: 'internal',
  unavailable: 'unavailable',
  aborted: 'aborted',
};

function httpsError(code: ErrorCode, messageKey: MessageKey, params: MessageParams): HttpsError {
  const details: ErrorDetails = { messageKey, params };
  return new HttpsError(HTTPS_CODE[code], t(messageKey, 'en', params), details);
}

function isZodError(error: unknown): error is ZodError {
  return (
    error instanceof Error &&
    error.name === 'ZodError' &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}

/**
 * Maps a thrown value to the HttpsError the caller gets. Internal failures never expose their
 * cause (paths, stored shapes, stack): the caller gets `internalError`, the log gets the rest.
 */
export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (isDomainError(error)) {
    if (error.code === 'internal') return httpsError('internal', 'internalError', {});
    return httpsError(error.code, error.messageKey, error.params ?? {});
  }
  if (isZodError(error)) {
    return httpsError('invalid-argument', 'invalidInput', { issues: describeIssues(error) });
  }
  if (error instanceof InvalidKeyError) {
    return httpsError('invalid-argument', 'invalidInput', { issues: error.message });
  }
  return httpsError('internal', 'internalError', {});
}

/** Expected refusals are warnings; `internal` means our bug or an outage. */
export function isInternal(error: HttpsError): boolean {
  return error.code === 'internal';
}
