// What every callable trigger does around its handler: who is calling, from where, and turning
// whatever was thrown into the HttpsError the app understands (through the one mapper).
import { defineBoolean } from 'firebase-functions/params';
import type { CallableOptions, CallableRequest, HttpsOptions } from 'firebase-functions/v2/https';
import type { ScheduleOptions } from 'firebase-functions/v2/scheduler';
import { DomainError, branchScopeFromClaims, roleFromClaims } from '@studio/core';
import { isInternal, toHttpsError } from '../errors';
import type { ErrorDetails } from '../errors';
import { callableFailed, callableRejected } from '../logs';

/** The local stack and production both serve from us-central1. */
export const REGION = 'us-central1';

/**
 * Deploy parameter: refuse callable requests without a valid App Check token. On by default for
 * a deploy (the prompt's default; `npm run deploy:check -- --project <id>` fails on a
 * `functions/.env.<id>` without `ENFORCE_APP_CHECK=true` unless `APP_CHECK_WAIVER` says why),
 * so a script cannot call the callables without the app; the local project turns it off
 * (`functions/.env.demo-studio`). The web app sends tokens when `VITE_APPCHECK_SITE_KEY`
 * (reCAPTCHA Enterprise) is set. Read at the function's start.
 */
export const ENFORCE_APP_CHECK = defineBoolean('ENFORCE_APP_CHECK', {
  default: true,
  description: 'Refuse callable requests without a valid App Check token.',
});

/**
 * Instances at most, per kind of function: a ceiling on what a flood of requests can cost
 * (each v2 instance serves up to 80 requests at once). Members' callables get the most; the
 * webhook follows Stripe's delivery rate, the signup trigger the sign-up rate (v1: one event per
 * instance); scheduled jobs run one at a time.
 */
export const MAX_INSTANCES = {
  callable: 20,
  webhook: 10,
  authTrigger: 10,
  job: 1,
  /** The outbox's create trigger: a burst of mail waits rather than opening many SMTP links. */
  mail: 10,
  /** The push outbox's create trigger: a wave of watchers is a few dozen requests. */
  push: 20,
} as const;

/** Every callable: region, instance ceiling, App Check when the parameter says so. */
export const CALLABLE_OPTIONS: CallableOptions = {
  region: REGION,
  maxInstances: MAX_INSTANCES.callable,
  enforceAppCheck: ENFORCE_APP_CHECK,
};

/** HTTP functions (the Stripe webhook): App Check does not apply to Stripe's requests. */
export const WEBHOOK_OPTIONS: HttpsOptions = {
  region: REGION,
  maxInstances: MAX_INSTANCES.webhook,
};

/**
 * Scheduled jobs: one instance, 9 minutes each. Cloud Scheduler's own attempt deadline (3 min by
 * default; firebase-functions 7.4 does not set it) may still call again while a long run goes
 * on: each job is safe when two runs overlap (tests: `monthly-scale`, `reconcile-scale`).
 */
export const JOB_OPTIONS: Pick<ScheduleOptions, 'region' | 'maxInstances' | 'timeoutSeconds'> = {
  region: REGION,
  maxInstances: MAX_INSTANCES.job,
  timeoutSeconds: 540,
};

export type CallerAuth = NonNullable<CallableRequest<unknown>['auth']>;

/** Runs a callable body; any throw leaves as a mapped HttpsError and one log line. */
export async function runCallable<T>(
  fn: string,
  request: CallableRequest<unknown>,
  body: () => Promise<T>,
): Promise<T> {
  try {
    return await body();
  } catch (error) {
    const mapped = toHttpsError(error);
    const uid = request.auth?.uid ?? null;
    if (isInternal(mapped)) {
      callableFailed({ fn, uid, error });
    } else {
      const details = mapped.details as Partial<ErrorDetails>;
      callableRejected({
        fn,
        uid,
        code: mapped.code,
        messageKey: details.messageKey ?? mapped.message,
        params: details.params,
      });
    }
    throw mapped;
  }
}

export function requireAuth(request: CallableRequest<unknown>): CallerAuth {
  if (request.auth === undefined) throw new DomainError('unauthenticated', 'unauthenticated');
  return request.auth;
}

/**
 * An admin of the whole chain. The role comes from the custom claim that only setUserRole
 * writes; an admin scoped to a branch (the claim `branch`) is told this is the chain's.
 */
export function requireAdmin(request: CallableRequest<unknown>): CallerAuth {
  const { scope, ...auth } = requireBranchAdmin(request);
  if (scope !== null) throw new DomainError('permission-denied', 'chainAdminOnly');
  return auth;
}

/**
 * An admin of the chain (scope null) or of one branch (the claim `branch`): the callables of a
 * branch's classes, which check the class's branch against the scope (`requireClassInScope`).
 */
export function requireBranchAdmin(
  request: CallableRequest<unknown>,
): CallerAuth & { scope: string | null } {
  const auth = requireAuth(request);
  if (roleFromClaims(auth.token) !== 'admin') {
    throw new DomainError('permission-denied', 'permissionDenied');
  }
  return { ...auth, scope: branchScopeFromClaims(auth.token) };
}

/** Loose enough for IPv4, IPv6 and IPv4-mapped IPv6; anything else is not stored. */
const IP_PATTERN = /^[0-9A-Fa-f:.]{2,45}$/;
export const UNKNOWN_IP = 'unknown';

function normaliseIp(candidate: string | undefined): string | null {
  const value = candidate?.trim();
  if (value === undefined || !IP_PATTERN.test(value)) return null;
  // Node reports IPv4 peers on dual-stack sockets as ::ffff:a.b.c.d.
  return value.startsWith('::ffff:') && value.includes('.') ? value.slice(7) : value;
}

/**
 * The caller's address (`DateService/{uid}/IP`). In Cloud Functions Express trusts the
 * Google front end's X-Forwarded-For, so `ip` is the client; the header's first entry is the
 * fallback when `ip` is empty. It is informational only, never used for access decisions.
 */
export function clientIp(rawRequest: CallableRequest<unknown>['rawRequest']): string {
  const forwarded = rawRequest.headers['x-forwarded-for'];
  const forwardedFirst = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0];
  return (
    normaliseIp(rawRequest.ip) ??
    normaliseIp(forwardedFirst) ??
    normaliseIp(rawRequest.socket?.remoteAddress) ??
    UNKNOWN_IP
  );
}
