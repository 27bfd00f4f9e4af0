/**
 * The member pass: the text of a member's QR code, `SP1.{uid}.{passId}.{signature}`. The server
 * signs `uid` and `passId` with a secret (HMAC-SHA256, functions/src/handlers/desk/pass-codes.ts),
 * so a pass cannot be forged or guessed; `passId` is the member's current one
 * (`Users/{uid}/pass`), so issuing a new one or revoking it voids every copy of the old. Database
 * keys never hold a `.`, so the four parts split without ambiguity.
 */
import { z } from 'zod';
import { isValidKey } from '../keys';
import { epochMsSchema, keySchema } from '../schemas/common';

export const PASS_VERSION = 'SP1';
/** 16 random bytes, base64url. */
const PASS_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A whole HMAC-SHA256 (32 bytes), base64url. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Longer than any pass the server makes (a 128-character uid): what the callable accepts. */
export const MAX_PASS_LENGTH = 220;

export interface PassParts {
  uid: string;
  passId: string;
  signature: string;
}

/** The parts of a pass's text, or null when it is not shaped like one (any QR a camera reads). */
export function parsePass(text: string): PassParts | null {
  const parts = text.trim().split('.');
  if (parts.length !== 4) return null;
  const [version, uid, passId, signature] = parts as [string, string, string, string];
  if (version !== PASS_VERSION || !isValidKey(uid)) return null;
  if (!PASS_ID_PATTERN.test(passId) || !SIGNATURE_PATTERN.test(signature)) return null;
  return { uid, passId, signature };
}

/** The text the signature covers: the member and their current pass id. */
export function passSigningText(uid: string, passId: string): string {
  return `member-pass\n${uid}\n${passId}`;
}

export function passText({ uid, passId, signature }: PassParts): string {
  return `${PASS_VERSION}.${uid}.${passId}.${signature}`;
}

export function isPassId(value: string): boolean {
  return PASS_ID_PATTERN.test(value);
}

/** `Users/{uid}/pass`: the member's current pass (functions write it; the member reads it). */
export const memberPassSchema = z.object({
  id: z.string().regex(PASS_ID_PATTERN),
  code: z.string().max(MAX_PASS_LENGTH),
  issuedAt: epochMsSchema,
  /** Who asked for this pass: the member, or staff who voided the one before. */
  issuedBy: keySchema.optional(),
});
export type MemberPass = z.infer<typeof memberPassSchema>;
