import { CREDIT_KINDS } from '@studio/core';
import type { CreditKind } from '@studio/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { ClassCatalog } from '../api/admin-classes-api';
import type { ClassFieldsState, FieldErrors } from '../class-form';
import { withExercise } from '../class-form';
import type { ClassesKey } from '../classes-messages';
import { classesMessages } from '../classes-messages';
import { useT } from '../../../lib/i18n';
import { NameOptions } from '../../../components/ui/name-options';

const KIND_LABELS: Readonly<Record<CreditKind, ClassesKey>> = {
  regular: 'kindRegular',
  special: 'kindSpecial',
  train: 'kindTrain',
};

interface FieldProps {
  id: string;
  label: string;
  error: FieldErrors[string];
  hint?: string;
  children: (common: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/**
 * A labelled control with its error (and hint) under it, linked for screen readers, in the kit's
 * field look (web/src/components/ui/field.tsx); a render prop because these controls are built
 * from the class form's state.
 */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const t = useT(classesMessages);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'ui-field ui-field-invalid' : 'ui-field'}>
      <label className="ui-field-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p className="ui-field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ui-field-error" id={errorId}>
          {t(error.key, error.params)}
        </p>
      )}
    </div>
  );
}

interface ClassFieldsProps {
  value: ClassFieldsState;
  errors: FieldErrors;
  catalog: ClassCatalog;
  onChange: (next: ClassFieldsState) => void;
}

/** The fields every class has: time, length, where, what, who, room, capacity, credit kind. */
export function ClassFields({ value, errors, catalog, onChange }: ClassFieldsProps) {
  const t = useT(classesMessages);
  const base = useId();
  const set = (field: keyof ClassFieldsState, next: string) =>
    onChange({ ...value, [field]: next });
  const select = (
    field: 'branch' | 'exercise' | 'coach',
    label: ClassesKey,
    items: Record<string, { name: string; active?: boolean }>,
  ) => (
    <Field id={`${base}-${field}`} label={t(label)} error={errors[field]}>
      {(common) => (
        <select
          {...common}
          value={value[field]}
          onChange={(event) =>
            field === 'exercise'
              ? onChange(
                  withExercise(value, event.target.value, catalog.exercises[event.target.value]),
                )
              : set(field, event.target.value)
          }
        >
          <option value="">{t('choose')}</option>
          <NameOptions
            items={items}
            shown={(id, item) => item.active !== false || id === value[field]}
          />
        </select>
      )}
    </Field>
  );
  return (
    <>
      <Field id={`${base}-hour`} label={t('hour')} error={errors['hour']}>
        {(common) => (
          <input
            {...common}
            type="time"
            value={value.hour}
            onChange={(event) => set('hour', event.target.value)}
          />
        )}
      </Field>
      <Field id={`${base}-duration`} label={t('duration')} error={errors['duration']}>
        {(common) => (
          <input
            {...common}
            type="number"
            inputMode="numeric"
            value={value.duration}
            onChange={(event) => set('duration', event.target.value)}
          />
        )}
      </Field>
      {select('branch', 'branch', catalog.branches)}
      {select('exercise', 'exercise', catalog.exercises)}
      {select('coach', 'coach', catalog.coaches)}
      <Field id={`${base}-layout`} label={t('layout')} error={errors['layout']}>
        {(common) => (
          <select
            {...common}
            value={value.layout}
            onChange={(event) => set('layout', event.target.value)}
          >
            <option value="">{t('noLayout')}</option>
            <NameOptions items={catalog.layouts} />
          </select>
        )}
      </Field>
      <Field
        id={`${base}-capacity`}
        label={t('capacity')}
        error={errors['capacity']}
        hint={value.layout === '' ? undefined : t('capacityHint')}
      >
        {(common) => (
          <input
            {...common}
            type="number"
            inputMode="numeric"
            value={value.capacity}
            onChange={(event) => set('capacity', event.target.value)}
          />
        )}
      </Field>
      <Field
        id={`${base}-guestsPerMember`}
        label={t('guestsPerMember')}
        error={errors['guestsPerMember']}
        hint={t('guestsPerMemberHint')}
      >
        {(common) => (
          <input
            {...common}
            type="number"
            inputMode="numeric"
            min={0}
            value={value.guestsPerMember}
            onChange={(event) => set('guestsPerMember', event.target.value)}
          />
        )}
      </Field>
      <Field id={`${base}-creditKind`} label={t('creditKind')} error={errors['creditKind']}>
        {(common) => (
          <select
            {...common}
            value={value.creditKind}
            onChange={(event) => set('creditKind', event.target.value)}
          >
            {CREDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${base}-name`} label={t('name')} error={errors['name']}>
        {(common) => (
          <input
            {...common}
            value={value.name}
            onChange={(event) => set('name', event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
