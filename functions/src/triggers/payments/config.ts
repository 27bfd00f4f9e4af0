// Stripe configuration. The two secrets are Firebase secrets (Secret Manager in production;
// locally the Functions emulator reads functions/.secret.local, which the local stack writes with
// the sandbox's non-secret values). The sandbox address is a plain environment variable, not a
// param: the emulator writes resolved param defaults into functions/.env.local, which would then
// override the per-stack value (tests run stacks on free ports). Unset in production.
import { appOriginsFromEnv } from '@studio/core';
import { defineSecret } from 'firebase-functions/params';
import Stripe from 'stripe';
import { z } from 'zod';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');

/** e.g. `http://127.0.0.1:12111`: the local Stripe sandbox. */
export const STRIPE_API_URL_ENV = 'STRIPE_API_URL';

const apiUrlSchema = z
  .url({ protocol: /^https?$/ })
  .transform((value) => new URL(value))
  .optional();

let cached: { key: string; apiUrl: string | undefined; client: Stripe } | undefined;

/** One client per key and endpoint, reused across invocations of a warm instance. */
export function stripeClient(env: NodeJS.ProcessEnv = process.env): Stripe {
  const key = STRIPE_SECRET_KEY.value();
  const rawUrl = env[STRIPE_API_URL_ENV] || undefined;
  if (cached && cached.key === key && cached.apiUrl === rawUrl) return cached.client;
  const url = apiUrlSchema.parse(rawUrl);
  const client = url
    ? new Stripe(key, {
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        protocol: url.protocol === 'https:' ? 'https' : 'http',
        // The sandbox answers at once; a retry would only hide a failure in tests.
        maxNetworkRetries: 0,
      })
    : new Stripe(key);
  cached = { key, apiUrl: rawUrl, client };
  return client;
}

/**
 * Origins a checkout may return to (`successUrl`, `cancelUrl`): `APP_ORIGINS`, a plain
 * environment variable for the same reason as STRIPE_API_URL (the local stack sets it to its own
 * Hosting port); in production it comes from `functions/.env.<projectId>` and deploy:check
 * requires it. Unset: the project's Hosting domains, plus the local stack's only on the
 * emulators (core `appOriginsFromEnv`).
 */
export function appOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return appOriginsFromEnv(env);
}
