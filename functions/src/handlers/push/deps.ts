// What the push domain is handed: the database, a clock, and how to reach push services. The
// triggers build it from the environment and the VAPID secret (triggers/push/config.ts); tests
// pass the push service stand-in (emulators/push), a fixed clock and a fixed jitter.
import type { Database } from 'firebase-admin/database';

export interface VapidDetails {
  /** A `mailto:` or `https:` contact the push services can reach (VAPID_SUBJECT). */
  subject: string;
  /** base64url, 65-byte P-256 point (VAPID_PUBLIC_KEY; the web app subscribes with it). */
  publicKey: string;
  /** base64url, 32 bytes: the secret VAPID_PRIVATE_KEY. */
  privateKey: string;
}

export interface Pusher {
  vapid: VapidDetails;
  /**
   * Origins of local push services accepted beside the browsers' own (the stand-in's, set by the
   * local stack as PUSH_LOCAL_SERVICE_ORIGINS; empty in production).
   */
  localOrigins: readonly string[];
  /** How long one request to a push service may take. */
  timeoutMs: number;
}

export interface PushDeps {
  db: Database;
  /** Epoch milliseconds. */
  now: () => number;
  /** Absent when VAPID is not configured: entries stay `pending` and the app works without push. */
  pusher: Pusher | undefined;
  /** A number in [0, 1) for the backoff's jitter (default Math.random). */
  random?: () => number;
}
