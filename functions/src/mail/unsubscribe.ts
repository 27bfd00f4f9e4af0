/**
 * One-click unsubscribe links (RFC 8058): the link itself names the member and the kind and
 * carries an HMAC of both, so the endpoint needs no sign-in and a guessed link does nothing.
 * The secret is MAIL_UNSUBSCRIBE_SECRET (config.ts); rotating it voids every link sent before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidKey } from '@studio/core';
import { MAIL_KINDS, type MailKind } from './kinds';

function sign(uid: string, kind: MailKind, secret: string): Buffer {
  if (secret.length < 16) throw new RangeError('The unsubscribe secret is too short');
  return createHmac('sha256', secret).update(`unsubscribe\n${uid}\n${kind}`).digest();
}

/** `{endpoint}?uid=…&kind=…&token=…`; `endpoint` is the HTTP function that records the choice. */
export function unsubscribeUrl(
  endpoint: string,
  subject: { uid: string; kind: MailKind },
  secret: string,
): string {
  const url = new URL(endpoint);
  url.searchParams.set('uid', subject.uid);
  url.searchParams.set('kind', subject.kind);
  url.searchParams.set('token', sign(subject.uid, subject.kind, secret).toString('base64url'));
  return url.href;
}

/** The member and kind a link names, or undefined when it was not signed with `secret`. */
export function verifyUnsubscribe(
  params: URLSearchParams,
  secret: string,
): { uid: string; kind: MailKind } | undefined {
  const uid = params.get('uid');
  const kind = params.get('kind');
  const token = params.get('token');
  if (!uid || !isValidKey(uid) || !kind || !token) return undefined;
  if (!(MAIL_KINDS as readonly string[]).includes(kind)) return undefined;
  const expected = sign(uid, kind as MailKind, secret);
  const given = Buffer.from(token, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { uid, kind: kind as MailKind };
}
