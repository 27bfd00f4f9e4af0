// `Studio`: the studio's own brand and contact details (docs/architecture/data-model.md#studio-branding),
// edited by an admin through `saveCatalogItem` and read by everyone, guests included.
import { z } from 'zod';
import { isHexColour, primaryContrast, TEXT_CONTRAST } from '../colour';
import { httpUrlSchema, textSchema } from './common';

/** A logo kept in the node itself is at most this many characters (about 45 KB of image). */
export const MAX_LOGO_DATA_URL_CHARS = 60_000;

const DATA_URL = /^data:image\/(png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/** An http(s) address, or a small base64 image (png, jpeg, webp, gif, svg). */
export const logoSchema = z.union([
  httpUrlSchema,
  z
    .string()
    .max(
      MAX_LOGO_DATA_URL_CHARS,
      `a logo in the database is at most ${MAX_LOGO_DATA_URL_CHARS} characters; link a larger one by URL`,
    )
    .regex(DATA_URL, 'expected an http(s) URL or a base64 data:image URL'),
]);

/**
 * The primary colour as `#rrggbb`: link text and button fill on white, so it must reach 4.5:1
 * against white (WCAG AA). Any colour reaches 4.5:1 with white or black text, so a check on the
 * button's text alone would refuse nothing; the dark theme derives its own lighter variant.
 */
export const primaryColourSchema = z
  .string()
  .trim()
  .refine(isHexColour, 'expected a colour as #rrggbb')
  .transform((hex) => hex.toLowerCase())
  .superRefine((hex, ctx) => {
    const ratio = primaryContrast(hex);
    if (ratio < TEXT_CONTRAST)
      ctx.addIssue({
        code: 'custom',
        message: `too light: ${ratio.toFixed(2)}:1 on white, text needs ${TEXT_CONTRAST}:1; pick a darker shade`,
      });
  });

export const phoneSchema = z
  .string()
  .trim()
  .regex(
    /^\+?[0-9][0-9 ()-]{5,22}$/,
    'expected a phone number: digits, spaces, ( ) - and a leading +',
  );

/** For wa.me: the full international number, digits only after an optional +. */
export const whatsappSchema = z
  .string()
  .trim()
  .regex(/^\+?[1-9][0-9]{7,14}$/, 'expected the international number, e.g. +5218112345678');

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'tiktok', 'youtube', 'x'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const socialLinksSchema = z.strictObject({
  instagram: httpUrlSchema.optional(),
  facebook: httpUrlSchema.optional(),
  tiktok: httpUrlSchema.optional(),
  youtube: httpUrlSchema.optional(),
  x: httpUrlSchema.optional(),
});

/** Text in both interface languages; either may be missing. */
export const bilingualTextSchema = (max: number) =>
  z.strictObject({ en: textSchema(max).optional(), es: textSchema(max).optional() });

/**
 * The typeface pairs (display + text) an admin chooses from on admin-studio; the web app knows
 * their families and files (web/src/lib/typefaces.ts). The first is the built-in look.
 */
export const TYPEFACE_PAIRS = ['energetic', 'editorial', 'athletic', 'calm', 'geometric'] as const;
export type TypefacePair = (typeof TYPEFACE_PAIRS)[number];
export const typefacePairSchema = z.enum(TYPEFACE_PAIRS);

export const studioSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  logo: logoSchema.optional(),
  /** The studio's cover picture (home, sign-in): its Cloud Storage download URL. */
  cover: httpUrlSchema.optional(),
  primaryColor: primaryColourSchema,
  typeface: typefacePairSchema.optional(),
  address: textSchema(300).optional(),
  /** A link to the address on a map (Google Maps, Apple Maps, OpenStreetMap). */
  mapUrl: httpUrlSchema.optional(),
  /** Opening hours as the admin writes them, one line per day or range. */
  hours: bilingualTextSchema(600).optional(),
  phone: phoneSchema.optional(),
  whatsapp: whatsappSchema.optional(),
  email: z.email().max(200).optional(),
  social: socialLinksSchema.optional(),
  about: bilingualTextSchema(4000).optional(),
});
export type Studio = z.infer<typeof studioSchema>;

/** What the app shows before an admin has saved the studio: the name and colour it has always had. */
export const DEFAULT_STUDIO: Studio = Object.freeze({ name: 'Studio', primaryColor: '#0f5e59' });

/**
 * Reads `Studio` as stored: fields that do not parse are dropped (a required one falls back to
 * the default), so one bad field never hides the rest of the contact page.
 */
export function studioFromStored(value: unknown): Studio {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_STUDIO;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(studioSchema.shape)) {
    if (source[field] === undefined) continue;
    const parsed = fieldSchema.safeParse(source[field]);
    if (parsed.success) result[field] = parsed.data;
  }
  const studio = studioSchema.safeParse({ ...DEFAULT_STUDIO, ...result });
  return studio.success ? studio.data : DEFAULT_STUDIO;
}
