import type { z } from 'zod';
import type { MessageKey, MessageParams } from './messages';

/** The `HttpsError` codes our callables use (a subset of Firebase's `FunctionsErrorCode`). */
export type ErrorCode =
  | 'invalid-argument'
  | 'not-found'
  | 'failed-precondition'
  | 'resource-exhausted'
  | 'already-exists'
  | 'permission-denied'
  | 'unauthenticated'
  | 'internal'
  | 'unavailable'
  | 'aborted';

export const ERROR_CODES: readonly ErrorCode[] = [
  'invalid-argument',
  'not-found',
  'failed-precondition',
  'resource-exhausted',
  'already-exists',
  'permission-denied',
  'unauthenticated',
  'internal',
  'unavailable',
  'aborted',
];

/**
 * A rule said no. Carries the `HttpsError` code the callable answers with and the catalogue
 * key the app shows, so functions map it in one place and the web app can translate it.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(params ? `${messageKey} ${JSON.stringify(params)}` : messageKey);
  }
}

/** `instanceof` plus a structural check, in case two copies of this module are bundled. */
export function isDomainError(value: unknown): value is DomainError {
  if (value instanceof DomainError) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { name?: unknown; code?: unknown; messageKey?: unknown };
  return (
    candidate.name === 'DomainError' &&
    typeof candidate.code === 'string' &&
    typeof candidate.messageKey === 'string'
  );
}

/** Rules return `T | DomainError`; this throws the error or hands back the value. */
export function orThrow<T>(result: T | DomainError): T {
  if (isDomainError(result)) throw result;
  return result;
}

const MAX_ISSUES_TEXT = 300;

/** One short line per issue, e.g. `classId: Too small: expected string to have >=1 characters`. */
export function describeIssues(error: z.ZodError): string {
  const text = error.issues
    .map((issue) => {
      const where = issue.path.map(String).join('.');
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
  return text.length > MAX_ISSUES_TEXT ? `${text.slice(0, MAX_ISSUES_TEXT - 1)}…` : text;
}

/** Parses callable input; anything invalid becomes `invalid-argument` / `invalidInput`. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new DomainError('invalid-argument', 'invalidInput', {
      issues: describeIssues(result.error),
    });
  }
  return result.data;
}

/**
 * Parses a value read from the database. A stored shape that does not match is our bug, not
 * the caller's, so it is `internal`; the issues go in `params` for the log.
 */
export function parseStored<S extends z.ZodType>(
  schema: S,
  data: unknown,
  path: string,
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new DomainError('internal', 'internalError', {
      path,
      issues: describeIssues(result.error),
    });
  }
  return result.data;
}
