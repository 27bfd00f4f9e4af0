// Where the mail triggers send: SMTP from the environment (functions/src/mail/config.ts), the
// app's address for links, and the unsubscribe function's URL. Without SMTP_HOST there is no
// mailer and the outbox waits (decision 170): the app works without mail.
import { appOriginsFromEnv } from '@studio/core';
import type { Transporter } from 'nodemailer';
import type { Mailer } from '../../handlers/mail/deps';
import { MAIL_ENV, createMailTransport, smtpConfigFromEnv } from '../../mail';
import { REGION } from '../callable';

/** The function that serves the unsubscribe links (triggers/mail/mail-unsubscribe.ts). */
export const UNSUBSCRIBE_FUNCTION = 'mailUnsubscribe';
/** Its public URL when it is not the default `https://{region}-{project}.cloudfunctions.net/…`. */
export const MAIL_UNSUBSCRIBE_URL_ENV = 'MAIL_UNSUBSCRIBE_URL';

function projectId(env: NodeJS.ProcessEnv): string | undefined {
  return env['GCLOUD_PROJECT'] ?? env['GOOGLE_CLOUD_PROJECT'];
}

/** The app links point at: the first of the app's origins (core `appOriginsFromEnv`). */
export function mailAppUrl(env: NodeJS.ProcessEnv = process.env): string {
  const [first] = appOriginsFromEnv(env);
  if (first === undefined) throw new Error('Mail needs APP_ORIGINS or GCLOUD_PROJECT');
  return first;
}

export function unsubscribeEndpoint(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env[MAIL_UNSUBSCRIBE_URL_ENV]?.trim();
  if (configured) return new URL(configured).href;
  const project = projectId(env);
  if (project === undefined) throw new Error('Mail needs MAIL_UNSUBSCRIBE_URL or GCLOUD_PROJECT');
  return `https://${REGION}-${project}.cloudfunctions.net/${UNSUBSCRIBE_FUNCTION}`;
}

let cached: { key: string; transport: Transporter } | undefined;

/**
 * The mailer for this environment, or undefined when SMTP_HOST is unset. `password` is the
 * SMTP_PASSWORD secret's value, `unsubscribeSecret` MAIL_UNSUBSCRIBE_SECRET's. The transport is
 * kept for the warm instance.
 */
export function mailerFromEnv(
  env: NodeJS.ProcessEnv,
  secrets: { password?: string | undefined; unsubscribeSecret: string },
): Mailer | undefined {
  if (!env[MAIL_ENV.host]?.trim()) return undefined;
  const config = smtpConfigFromEnv(env, secrets.password);
  const key = JSON.stringify(config);
  if (cached?.key !== key) {
    cached?.transport.close();
    cached = { key, transport: createMailTransport(config) };
  }
  return {
    transport: cached.transport,
    from: config.from,
    appUrl: mailAppUrl(env),
    unsubscribeEndpoint: unsubscribeEndpoint(env),
    unsubscribeSecret: secrets.unsubscribeSecret,
  };
}
