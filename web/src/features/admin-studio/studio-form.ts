/**
 * The admin-studio form as plain strings, and the way to and from `Studio`: empty inputs are left
 * out, and each schema issue becomes a message under its input.
 */
import type { Studio, StudioInput } from '@studio/core';
import { isHexColour, primaryContrast, studioFromStored, studioInputSchema } from '@studio/core';
import type { AdminStudioKey } from './admin-studio-messages';

export const STUDIO_FORM_FIELDS = [
  'name',
  'logo',
  'cover',
  'primaryColor',
  'typeface',
  'address',
  'mapUrl',
  'hoursEn',
  'hoursEs',
  'phone',
  'whatsapp',
  'email',
  'instagram',
  'facebook',
  'tiktok',
  'youtube',
  'x',
  'aboutEn',
  'aboutEs',
] as const;
export type StudioFormField = (typeof STUDIO_FORM_FIELDS)[number];
export type StudioForm = Record<StudioFormField, string>;

export interface FieldError {
  key: AdminStudioKey;
  params?: Record<string, string | number>;
}

/** The stored studio (or the built-in one) as the form's strings. */
export function formFromStudio(stored: unknown): StudioForm {
  const studio = studioFromStored(stored);
  return {
    name: studio.name,
    logo: studio.logo ?? '',
    cover: studio.cover ?? '',
    primaryColor: studio.primaryColor,
    typeface: studio.typeface ?? '',
    address: studio.address ?? '',
    mapUrl: studio.mapUrl ?? '',
    hoursEn: studio.hours?.en ?? '',
    hoursEs: studio.hours?.es ?? '',
    phone: studio.phone ?? '',
    whatsapp: studio.whatsapp ?? '',
    email: studio.email ?? '',
    instagram: studio.social?.instagram ?? '',
    facebook: studio.social?.facebook ?? '',
    tiktok: studio.social?.tiktok ?? '',
    youtube: studio.social?.youtube ?? '',
    x: studio.social?.x ?? '',
    aboutEn: studio.about?.en ?? '',
    aboutEs: studio.about?.es ?? '',
  };
}

/** Only the filled fields; a group (hours, social, about) only when one of its fields is. */
function filled<T extends Record<string, string>>(fields: T): Partial<T> | undefined {
  const entries = Object.entries(fields).filter(([, value]) => value.trim() !== '');
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<T>) : undefined;
}

/** What the form would save, before the schema checks it. */
export function draftFromForm(form: StudioForm): Record<string, unknown> {
  const draft: Record<string, unknown> = {
    name: form.name,
    primaryColor: form.primaryColor,
    ...filled({
      logo: form.logo,
      cover: form.cover,
      typeface: form.typeface,
      address: form.address,
      mapUrl: form.mapUrl,
      phone: form.phone,
      whatsapp: form.whatsapp,
      email: form.email,
    }),
  };
  const hours = filled({ en: form.hoursEn, es: form.hoursEs });
  const social = filled({
    instagram: form.instagram,
    facebook: form.facebook,
    tiktok: form.tiktok,
    youtube: form.youtube,
    x: form.x,
  });
  const about = filled({ en: form.aboutEn, es: form.aboutEs });
  if (hours) draft['hours'] = hours;
  if (social) draft['social'] = social;
  if (about) draft['about'] = about;
  return draft;
}

const GROUPED: Record<string, Record<string, StudioFormField>> = {
  hours: { en: 'hoursEn', es: 'hoursEs' },
  about: { en: 'aboutEn', es: 'aboutEs' },
  social: {
    instagram: 'instagram',
    facebook: 'facebook',
    tiktok: 'tiktok',
    youtube: 'youtube',
    x: 'x',
  },
};

const ERROR_KEYS: Partial<Record<StudioFormField, AdminStudioKey>> = {
  name: 'errorName',
  logo: 'errorLogo',
  cover: 'errorLogo',
  mapUrl: 'errorUrl',
  instagram: 'errorUrl',
  facebook: 'errorUrl',
  tiktok: 'errorUrl',
  youtube: 'errorUrl',
  x: 'errorUrl',
  phone: 'errorPhone',
  whatsapp: 'errorWhatsapp',
  email: 'errorEmail',
};

/** The contrast of a colour with white, as the form shows it (two decimals, rounded down). */
export function contrastText(hex: string): string {
  return (Math.floor(primaryContrast(hex) * 100) / 100).toFixed(2);
}

function colourError(value: string): FieldError {
  const hex = value.trim();
  if (!isHexColour(hex)) return { key: 'errorColour' };
  return { key: 'errorContrast', params: { ratio: contrastText(hex) } };
}

export type StudioFormResult =
  | { ok: true; value: StudioInput }
  | { ok: false; errors: Partial<Record<StudioFormField, FieldError>> };

/** Checks the form with the schema `saveCatalogItem` parses with: the value, or one error per field. */
export function checkStudioForm(form: StudioForm): StudioFormResult {
  const parsed = studioInputSchema.safeParse(draftFromForm(form));
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<StudioFormField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const [top, sub] = issue.path.map(String);
    const field = (top && sub && GROUPED[top]?.[sub]) || (top as StudioFormField | undefined);
    if (!field || !(STUDIO_FORM_FIELDS as readonly string[]).includes(field) || errors[field])
      continue;
    if (field === 'primaryColor') errors[field] = colourError(form.primaryColor);
    else if (issue.code === 'too_big' && field !== 'name' && field !== 'logo')
      errors[field] = { key: 'errorTooLong' };
    else errors[field] = { key: ERROR_KEYS[field] ?? 'errorTooLong' };
  }
  return { ok: false, errors };
}

export type { Studio };

/** Colours that read on white (4.5:1 or more), offered as swatches before any code is typed. */
export const COLOUR_CHOICES = [
  ['colourViolet', '#5b2a86'],
  ['colourTeal', '#0f5e59'],
  ['colourOcean', '#1f5a96'],
  ['colourBerry', '#a0204f'],
  ['colourTerracotta', '#a63c18'],
  ['colourForest', '#2f6b2f'],
  ['colourPlum', '#6b2d5c'],
  ['colourGraphite', '#2f3640'],
] as const;
