// When a failed send is tried again, and which failures are worth trying again
// (docs/decisions/170-email-outbox.md): exponential backoff with jitter, 8 attempts at most.

/** The claim a sender holds while it talks to the SMTP server. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** The 8th failed attempt fails the entry for good. */
export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;
const JITTER = 0.2;
/** Entries older than this are removed by the sweep. */
export const MAIL_RETENTION_MS = 90 * 86_400_000;

/**
 * The wait before the next attempt: min(1 min × 2^attempts, 6 h) ± 20 %, where `attempts` is
 * how many failed before this one. `random` is in [0, 1).
 */
export function retryDelayMs(attempts: number, random: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** attempts, LONGEST_RETRY_MS);
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

/**
 * A refusal the server will repeat: an SMTP 5xx reply (nodemailer's `responseCode`), such as an
 * unknown mailbox. Connection errors, timeouts and 4xx replies pass.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** One line for `lastError`, bounded as the entry's schema requires. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}
