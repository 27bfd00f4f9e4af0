/**
 * Sending a rendered mail through nodemailer. The transport is passed in, so the outbox sender
 * (docs/decisions/170-email-outbox.md) and the tests choose where mail goes.
 */
import type { Transporter } from 'nodemailer';
import type { RenderedMail } from './render';

export interface SentMail {
  messageId: string;
  accepted: string[];
  rejected: string[];
}

function addresses(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry: unknown) => {
    if (typeof entry === 'string') return entry;
    const address = (entry as { address?: unknown } | null)?.address;
    return typeof address === 'string' ? address : '';
  });
}

export interface SendOptions {
  /**
   * The Message-ID header, e.g. `<booked-b1@studio.example>`: the outbox derives it from the
   * entry, so a mail sent twice (a sender that died after the server accepted it) is folded
   * into one by mail clients. Default: nodemailer's random one.
   */
  messageId?: string;
}

/**
 * Sends one mail from `from` (e.g. `Studio <no-reply@studio.example>`). Rejects when the server
 * refuses it, so the caller's retry decides what happens next.
 */
export async function sendMail(
  transport: Transporter,
  mail: RenderedMail,
  from: string,
  options: SendOptions = {},
): Promise<SentMail> {
  const info = (await transport.sendMail({
    ...(options.messageId ? { messageId: options.messageId } : {}),
    from,
    to: mail.to.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { ...mail.headers },
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
    })),
  })) as { messageId: string; accepted?: unknown; rejected?: unknown };
  const sent = {
    messageId: info.messageId,
    accepted: addresses(info.accepted),
    rejected: addresses(info.rejected),
  };
  if (sent.accepted.length === 0) {
    throw new Error(`The mail server accepted no recipient of ${info.messageId}`);
  }
  return sent;
}
