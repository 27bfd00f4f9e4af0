// When a failed send is tried again, and which failures are worth trying again
// (docs/decisions/170-email-outbox.md): exponential backoff with jitter, 8 attempts at most.
import { backoffMs, type Backoff } from '../../engine';

export { describeFailure } from '../../engine';

/** The claim a sender holds while it talks to the SMTP server. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** The 8th failed attempt fails the entry for good. */
export const MAX_MAIL_ATTEMPTS = 8;
const MAIL_BACKOFF: Backoff = { firstMs: 60_000, longestMs: 6 * 3_600_000, jitter: 0.2 };
/** Entries older than this are removed by the sweep. */
export const MAIL_RETENTION_MS = 90 * 86_400_000;

/**
 * The wait before the next attempt: min(1 min × 2^attempts, 6 h) ± 20 %, where `attempts` is
 * how many failed before this one. `random` is in [0, 1).
 */
export function retryDelayMs(attempts: number, random: number): number {
  return backoffMs(MAIL_BACKOFF, attempts, random);
}

/**
 * A refusal the server will repeat: an SMTP 5xx reply (nodemailer's `responseCode`), such as an
 * unknown mailbox. Connection errors, timeouts and 4xx replies pass.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
