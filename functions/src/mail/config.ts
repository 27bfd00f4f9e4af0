/**
 * Where mail goes: an SMTP server named by environment values. SMTP_HOST, SMTP_PORT, SMTP_USER
 * and MAIL_FROM are plain environment values (functions/.env.<projectId> in production; the local
 * stack passes its MailDev's host and port to the Functions emulator); SMTP_PASSWORD is a Firebase
 * secret, bound by the functions that send.
 */
import { defineSecret } from 'firebase-functions/params';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';

export const SMTP_PASSWORD = defineSecret('SMTP_PASSWORD');
/** Signs the one-click unsubscribe links (unsubscribe.ts). */
export const MAIL_UNSUBSCRIBE_SECRET = defineSecret('MAIL_UNSUBSCRIBE_SECRET');

export const MAIL_ENV = {
  host: 'SMTP_HOST',
  port: 'SMTP_PORT',
  user: 'SMTP_USER',
  from: 'MAIL_FROM',
} as const;

const envSchema = z.object({
  host: z.string().trim().min(1),
  port: z.coerce.number().int().min(1).max(65_535).default(587),
  user: z.string().trim().min(1).optional(),
  from: z.string().trim().min(3).default('Studio <no-reply@demo.studio>'),
});

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465); other ports upgrade with STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  from: string;
}

/**
 * Reads the SMTP settings; `password` is the secret's value (absent locally: MailDev takes any
 * sender without authentication). Throws a readable error when SMTP_HOST is missing or a value
 * is malformed: mail is off until it is configured.
 */
export function smtpConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  password?: string,
): SmtpConfig {
  const parsed = envSchema.safeParse({
    host: env[MAIL_ENV.host] || undefined,
    port: env[MAIL_ENV.port] || undefined,
    user: env[MAIL_ENV.user] || undefined,
    from: env[MAIL_ENV.from] || undefined,
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(
      `Mail is not configured: check ${fields} (SMTP_HOST, SMTP_PORT, SMTP_USER, MAIL_FROM)`,
    );
  }
  const { host, port, user, from } = parsed.data;
  return {
    host,
    port,
    secure: port === 465,
    ...(user ? { auth: { user, pass: password ?? '' } } : {}),
    from,
  };
}

export function createMailTransport(config: SmtpConfig): Transporter {
  return nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.auth ? { auth: config.auth } : {}),
    // Fail fast: the outbox sender retries with backoff rather than holding an instance.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
