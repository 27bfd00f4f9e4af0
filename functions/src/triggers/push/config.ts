// How the push functions reach push services (docs/architecture/push.md): the VAPID key pair
// — the private key a Firebase secret, the public key and contact in the environment — and, only
// on the local stack, the push service stand-in's origin. Without VAPID_PUBLIC_KEY there is no
// pusher and the outbox waits: the app works without push.
import { defineSecret } from 'firebase-functions/params';
import type { Pusher } from '../../handlers/push/deps';
import { PUSH_TIMEOUT_MS } from '../../handlers/push/retry';

/** The application server's private key (base64url, 32 bytes): `npx web-push generate-vapid-keys`. */
export const VAPID_PRIVATE_KEY = defineSecret('VAPID_PRIVATE_KEY');

export const PUSH_ENV = {
  publicKey: 'VAPID_PUBLIC_KEY',
  subject: 'VAPID_SUBJECT',
  /** Comma-separated origins of local push services (the stand-in); never set in production. */
  localOrigins: 'PUSH_LOCAL_SERVICE_ORIGINS',
} as const;

export function localPushOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env[PUSH_ENV.localOrigins] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => new URL(origin).origin);
}

export function pusherFromEnv(
  env: NodeJS.ProcessEnv,
  privateKey: string | undefined,
): Pusher | undefined {
  const publicKey = env[PUSH_ENV.publicKey]?.trim();
  if (!publicKey || !privateKey) return undefined;
  return {
    vapid: {
      subject: env[PUSH_ENV.subject]?.trim() || 'mailto:studio@example.com',
      publicKey,
      privateKey,
    },
    localOrigins: localPushOrigins(env),
    timeoutMs: PUSH_TIMEOUT_MS,
  };
}
