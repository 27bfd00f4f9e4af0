/**
 * The admin forms as data: each field says how the typed text becomes the stored value (cents,
 * epoch ms, lists) and back, and zod's issues map onto fields as catalogue texts.
 */
import type { MessageParams, PictureSlotName } from '@studio/core';
import { formatDate, isDateString, toEpoch } from '@studio/core';
import type { z } from 'zod';
import type { AdminKey } from './admin-messages';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  /** Typed in major units (USD), stored as integer cents. */
  | 'money'
  | 'checkbox'
  | 'date'
  | 'hour'
  /** A day typed as yyyy-MM-dd, stored as epoch ms at studio midnight. */
  | 'day'
  | 'select'
  /** Comma-separated text, stored as a list of strings. */
  | 'list'
  /** A picture uploaded to Cloud Storage in `slot`'s shape; stored as its download URL. */
  | 'picture';

export interface Field {
  name: string;
  label: AdminKey;
  type: FieldType;
  options?: readonly { value: string; label: AdminKey }[];
  /** For a picture: which slot (shape, widths, folder) it is uploaded to. */
  slot?: PictureSlotName;
}

/**
 * A field labelled by the admin text of its own name (`credits` → "Credits"); a field whose
 * name is not such a text (the spec's `Name`, `Precio`…) names its label.
 */
export function field<N extends string>(
  name: N,
  type: FieldType,
  ...[label]: N extends AdminKey ? [label?: AdminKey] : [label: AdminKey]
): Field {
  // Without a label the rest type has already required `name` to be an admin text.
  return { name, label: label ?? (name as AdminKey), type };
}

/** A picture field: `name` keeps the download URL of a picture uploaded to `slot`. */
export function pictureField(name: string, label: AdminKey, slot: PictureSlotName): Field {
  return { name, label, type: 'picture', slot };
}

export type FormState = Record<string, string | boolean>;

export interface FieldError {
  key: AdminKey;
  params?: MessageParams;
}

export function emptyForm(fields: readonly Field[], defaults: FormState = {}): FormState {
  const form: FormState = {};
  for (const field of fields) form[field.name] = field.type === 'checkbox' ? true : '';
  return { ...form, ...defaults };
}

/** A stored item as the form shows it. */
export function toForm(fields: readonly Field[], item: Record<string, unknown>): FormState {
  const form: FormState = {};
  for (const { name, type } of fields) {
    const value = item[name];
    if (type === 'checkbox') form[name] = value !== false;
    else if (value === undefined || value === null) form[name] = '';
    else if (type === 'money' && typeof value === 'number') form[name] = String(value / 100);
    else if (type === 'day' && typeof value === 'number') form[name] = formatDate(value);
    else if (type === 'list' && Array.isArray(value)) form[name] = value.map(String).join(', ');
    else if (typeof value === 'string' || typeof value === 'number') form[name] = String(value);
    else form[name] = '';
  }
  return form;
}

function toNumber(text: string): number | string {
  const number = Number(text);
  // Text that is not a number goes through as text so the schema reports it on its field.
  return Number.isFinite(number) ? number : text;
}

/** The typed form as the value the schema parses; empty optional fields are left out. */
export function fromForm(fields: readonly Field[], form: FormState): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const { name, type } of fields) {
    const raw = form[name];
    if (typeof raw === 'boolean') {
      value[name] = raw;
      continue;
    }
    const text = (raw ?? '').trim();
    if (text === '') continue;
    if (type === 'number') value[name] = toNumber(text);
    else if (type === 'money') {
      const major = toNumber(text);
      value[name] = typeof major === 'number' ? Math.round(major * 100) : major;
    } else if (type === 'day') value[name] = isDateString(text) ? toEpoch(text, '00:00') : text;
    else if (type === 'list')
      value[name] = text
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    else value[name] = text;
  }
  return value;
}

function issueText(issue: z.core.$ZodIssue, type: FieldType | undefined): FieldError {
  const scale = (n: unknown) => (type === 'money' && typeof n === 'number' ? n / 100 : Number(n));
  if (issue.code === 'invalid_type' && issue.input === undefined) return { key: 'fieldRequired' };
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' && issue.minimum === 1) return { key: 'fieldRequired' };
    return { key: 'fieldTooSmall', params: { min: scale(issue.minimum) } };
  }
  if (issue.code === 'too_big')
    return { key: 'fieldTooBig', params: { max: scale(issue.maximum) } };
  return { key: 'fieldInvalid' };
}

/**
 * One error per field (the first), keyed by the field's name. Issues on the whole value (a
 * refinement across fields) go to `rootField` with `rootKey`.
 */
export function fieldErrors(
  fields: readonly Field[],
  error: z.ZodError,
  root?: { field: string; key: AdminKey },
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const [first] = issue.path;
    const name = first === undefined ? root?.field : String(first);
    if (name === undefined || errors[name] !== undefined) continue;
    const field = fields.find((candidate) => candidate.name === name);
    errors[name] =
      first === undefined && root !== undefined ? { key: root.key } : issueText(issue, field?.type);
  }
  return errors;
}

/** Drops `undefined` members, which the callable protocol would otherwise send as null. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
