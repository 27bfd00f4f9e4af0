/**
 * Form state of the class screens (strings, as inputs hold them) and its conversion to the
 * callables' inputs, checked with the same core schemas the functions parse with.
 */
import {
  MAX_GUESTS_PER_MEMBER,
  classFieldsInput,
  createClassesInput,
  classTemplateRowSchema,
} from '@studio/core';
import type {
  ClassTemplateRow,
  CreateClassesInput,
  CreditKind,
  Exercise,
  MessageParams,
} from '@studio/core';
import type { z } from 'zod';
import type { ClassesKey } from './classes-messages';

export interface ClassFieldsState {
  name: string;
  branch: string;
  exercise: string;
  coach: string;
  layout: string;
  capacity: string;
  /** Guest seats per member ("bring a friend"); blank: the studio's `guestsPerMember`. */
  guestsPerMember: string;
  creditKind: CreditKind;
  hour: string;
  duration: string;
}

export interface FieldError {
  key: ClassesKey;
  params?: MessageParams;
}

export type FieldErrors = Partial<Record<string, FieldError>>;

export const EMPTY_CLASS_FIELDS: ClassFieldsState = {
  name: '',
  branch: '',
  exercise: '',
  coach: '',
  layout: '',
  capacity: '',
  guestsPerMember: '',
  creditKind: 'regular',
  hour: '',
  duration: '45',
};

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function optionalText(value: string): string | undefined {
  return value.trim() === '' ? undefined : value.trim();
}

function optionalNumber(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

/** The fields as the callables take them; blanks are left out so the schema reports them. */
export function classFieldsValue(state: ClassFieldsState): Record<string, unknown> {
  const value: Record<string, unknown> = {
    name: optionalText(state.name),
    branch: optionalText(state.branch),
    exercise: optionalText(state.exercise),
    coach: optionalText(state.coach),
    layout: optionalText(state.layout),
    capacity: optionalNumber(state.capacity),
    guestsPerMember: optionalNumber(state.guestsPerMember),
    creditKind: state.creditKind,
    hour: optionalText(state.hour),
    duration: optionalNumber(state.duration),
  };
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}

const RANGES: Readonly<Record<string, { min: number; max: number }>> = {
  capacity: { min: 1, max: 500 },
  guestsPerMember: { min: 0, max: MAX_GUESTS_PER_MEMBER },
  duration: { min: 5, max: 600 },
};

/** One message per field: the first issue the schema found there. */
export function fieldErrorsOf(error: z.ZodError, value: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field] !== undefined) continue;
    const range = RANGES[field];
    if (value[field] === undefined) errors[field] = { key: 'fieldRequired' };
    else if (field === 'until') errors[field] = { key: 'untilBeforeFrom' };
    else if (range) errors[field] = { key: 'fieldRange', params: { ...range } };
    else errors[field] = { key: 'fieldInvalid' };
  }
  return errors;
}

export interface DatesState {
  mode: 'single' | 'weekly';
  date: string;
  from: string;
  until: string;
  weekdays: readonly number[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** crear-clases: the whole `createClasses` input, or what is wrong with it. */
export function createClassesRequest(
  fields: ClassFieldsState,
  dates: DatesState,
): Checked<CreateClassesInput> {
  const value: Record<string, unknown> = { ...classFieldsValue(fields) };
  if (dates.mode === 'single') {
    if (dates.date !== '') value['date'] = dates.date;
  } else {
    value['repeat'] = { from: dates.from, until: dates.until, weekdays: [...dates.weekdays] };
  }
  const parsed = createClassesInput.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = fieldErrorsOf(parsed.error, value);
  // Repeat issues name `repeat.from` etc.; show them on the date inputs.
  for (const issue of parsed.error.issues) {
    if (issue.path[0] !== 'repeat') continue;
    const field = String(issue.path[1] ?? 'from');
    const given = (value['repeat'] as Record<string, unknown>)[field];
    errors[field] ??=
      given === ''
        ? { key: 'fieldRequired' }
        : { key: field === 'until' ? 'untilBeforeFrom' : 'fieldInvalid' };
  }
  // The schema's cross-field rule does not run while other fields are missing.
  if (value['layout'] === undefined && value['capacity'] === undefined)
    errors['capacity'] ??= { key: 'fieldRequired' };
  if (dates.mode === 'single') delete errors['repeat'];
  else delete errors['date'];
  return { ok: false, errors };
}

/** Only the class fields (admin-clases edits, template rows share these rules). */
export function classFieldErrors(fields: ClassFieldsState): FieldErrors {
  const value = classFieldsValue(fields);
  const parsed = classFieldsInput.safeParse(value);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error, value);
  if (value['layout'] === undefined && value['capacity'] === undefined)
    errors['capacity'] ??= { key: 'fieldRequired' };
  return errors;
}

export interface TemplateRowState extends ClassFieldsState {
  weekday: number;
}

/** plantilla-date: one row as the template stores it, or its errors. */
export function templateRow(row: TemplateRowState): Checked<ClassTemplateRow> {
  const value = { ...classFieldsValue(row), weekday: row.weekday };
  const parsed = classTemplateRowSchema.safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: fieldErrorsOf(parsed.error, value) };
}

export function rowState(row: ClassTemplateRow): TemplateRowState {
  return {
    weekday: row.weekday,
    name: row.name ?? '',
    branch: row.branch,
    exercise: row.exercise,
    coach: row.coach,
    layout: row.layout ?? '',
    capacity: row.capacity === undefined ? '' : String(row.capacity),
    guestsPerMember: row.guestsPerMember === undefined ? '' : String(row.guestsPerMember),
    creditKind: row.creditKind,
    hour: row.hour,
    duration: String(row.duration),
  };
}

/** Picking a class type fills in its usual length and credit kind. */
export function withExercise(
  state: ClassFieldsState,
  exerciseId: string,
  exercise: Exercise | undefined,
): ClassFieldsState {
  if (!exercise) return { ...state, exercise: exerciseId };
  return {
    ...state,
    exercise: exerciseId,
    duration: exercise.duration === undefined ? state.duration : String(exercise.duration),
    creditKind: exercise.creditKind,
  };
}
