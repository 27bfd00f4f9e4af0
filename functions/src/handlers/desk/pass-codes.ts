/**
 * Member passes signed with an HMAC (secret MEMBER_PASS_SECRET, triggers/desk/config.ts), checked
 * in constant time: a pass cannot be made without the secret, and rotating the secret voids
 * every pass (members then get a new one on their next `memberPass`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parsePass, passSigningText, passText } from '@studio/core';
import type { PassParts } from '@studio/core';

function sign(uid: string, passId: string, secret: string): Buffer {
  if (secret.length < 16) throw new RangeError('The member pass secret is too short');
  return createHmac('sha256', secret).update(passSigningText(uid, passId)).digest();
}

/** A new pass id: 16 random bytes, so a pass cannot be guessed even from its member. */
export function newPassId(): string {
  return randomBytes(16).toString('base64url');
}

export function signPass(uid: string, passId: string, secret: string): string {
  return passText({ uid, passId, signature: sign(uid, passId, secret).toString('base64url') });
}

/** The member and pass id a text names, when the server signed it; null for anything else. */
export function verifyPass(text: string, secret: string): Omit<PassParts, 'signature'> | null {
  const parts = parsePass(text);
  if (parts === null) return null;
  const expected = sign(parts.uid, parts.passId, secret);
  const given = Buffer.from(parts.signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { uid: parts.uid, passId: parts.passId };
}
