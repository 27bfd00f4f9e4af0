// When a push is tried again (docs/architecture/push.md#exactly-once): after a 429 or 5xx, at the
// later of the push service's Retry-After and an exponential backoff with jitter; 8 attempts at
// most. Which fetch failures prove the request never reached the service (safe to repeat).
import { backoffMs, type Backoff } from '../../engine';

/** The claim a sender holds while it talks to the push service. */
export const PUSH_LEASE_MS = 60_000;
/** One request to a push service. */
export const PUSH_TIMEOUT_MS = 10_000;
export const MAX_PUSH_ATTEMPTS = 8;
const PUSH_BACKOFF: Backoff = { firstMs: 30_000, longestMs: 2 * 3_600_000, jitter: 0.2 };
/** Entries older than this are removed by the sweep. */
export const PUSH_RETENTION_MS = 30 * 86_400_000;

export function pushRetryDelayMs(attempts: number, random: number): number {
  return backoffMs(PUSH_BACKOFF, attempts, random);
}

/** `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); 0 when absent. */
export function retryAfterMs(header: string | null, nowMs: number): number {
  if (header === null || header.trim() === '') return 0;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? 0 : Math.max(0, at - nowMs);
}

/**
 * A fetch failure that happened before any request was sent (no connection was made, the name
 * did not resolve): the service cannot have taken the push. Anything else — a timeout, a reset
 * mid-request — may have reached it.
 */
export function neverReachedService(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return (
    code !== undefined &&
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)
  );
}
