/**
 * The studio's written waiver and members' signatures. An admin publishes a version (English and
 * Spanish text); `Settings.waiverVersion` names the current one. A member signs it (a drawn
 * signature, the full name typed, the date); the server keeps the signature image in Storage
 * and an immutable record of what was signed. `Users/{uid}/Conditions` (the spec's waiver flag)
 * is true exactly when the member signed the current version: publishing a new version sets it
 * false again for those who signed an older one (functions/src/handlers/desk/waivers.ts).
 */
import { z } from 'zod';
import { epochMsSchema, keySchema } from '../schemas/common';

/** Long enough for a real waiver (a few pages), bounded. */
export const MAX_WAIVER_TEXT = 20_000;
/** A drawn signature as a PNG data URL: a phone's canvas at 3× is well under this. */
export const MAX_SIGNATURE_DATA_URL = 300_000;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';

export const waiverTextSchema = z.strictObject({
  en: z.string().trim().min(20).max(MAX_WAIVER_TEXT),
  es: z.string().trim().min(20).max(MAX_WAIVER_TEXT),
});
export type WaiverText = z.infer<typeof waiverTextSchema>;

export const waiverVersionNumberSchema = z.number().int().min(1).max(1_000_000);

/** `Waivers/{version}`: one published version, never changed (public: members read it to sign). */
export const waiverVersionSchema = z.object({
  version: waiverVersionNumberSchema,
  text: waiverTextSchema,
  /** SHA-256 (hex) of `waiverHashInput(text)`: what a signature says was signed. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  publishedAt: epochMsSchema,
  publishedBy: keySchema,
});
export type WaiverVersion = z.infer<typeof waiverVersionSchema>;

/** The exact bytes a version's hash covers: both languages, labelled, in a fixed order. */
export function waiverHashInput(text: WaiverText): string {
  return `en\n${text.en}\n\nes\n${text.es}`;
}

export const WAIVER_SIGNED_VIA = ['app', 'kiosk', 'desk'] as const;

/**
 * `WaiverSignatures/{uid}/{signatureId}`: written once by `signWaiver`, never changed or removed.
 * The image is in Storage at `imagePath` (`waiverSignaturePath`), its SHA-256 here.
 */
export const waiverSignatureSchema = z.object({
  version: waiverVersionNumberSchema,
  textHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The language the member read and signed. */
  lang: z.enum(['en', 'es']),
  fullName: z.string().trim().min(2).max(120),
  signedAt: epochMsSchema,
  ip: z.string().max(45),
  imagePath: z.string().max(300),
  imageSha256: z.string().regex(/^[0-9a-f]{64}$/),
  imageBytes: z.number().int().min(1),
  via: z.enum(WAIVER_SIGNED_VIA),
  /** Who handed over the device: the member, or the front desk at the kiosk. */
  by: keySchema,
});
export type WaiverSignature = z.infer<typeof waiverSignatureSchema>;

/** `Users/{uid}/waiver`: the member's latest signature (functions write it). */
export const memberWaiverSchema = z.object({
  version: waiverVersionNumberSchema,
  signedAt: epochMsSchema,
  signatureId: keySchema,
});
export type MemberWaiver = z.infer<typeof memberWaiverSchema>;

/** The Storage object of one signature image. */
export function waiverSignaturePath(uid: string, signatureId: string): string {
  return `waivers/${uid}/${signatureId}.png`;
}

/**
 * Whether a member's consent stands: with no written waiver, the spec's ACCEPT (`Conditions`);
 * with one, a signature of the current version.
 */
export function waiverSigned(
  user: { Conditions?: boolean | undefined; waiver?: MemberWaiver | undefined } | null | undefined,
  currentVersion: number | undefined,
): boolean {
  if (currentVersion === undefined) return user?.Conditions === true;
  return user?.Conditions === true && user.waiver?.version === currentVersion;
}
