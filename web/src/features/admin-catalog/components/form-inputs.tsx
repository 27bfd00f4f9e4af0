import { useId } from 'react';
import { Field as KitField } from '../../../components/ui/field';
import { PictureInput } from '../../../components/ui/picture-input';
import type { UploadPicture } from '../../../lib/pictures/upload';
import { adminMessages } from '../admin-messages';
import type { Field, FieldError, FormState } from '../form-fields';
import { useT } from '../../../lib/i18n';

interface FormInputsProps {
  fields: readonly Field[];
  form: FormState;
  errors: Record<string, FieldError>;
  onChange: (name: string, value: string | boolean) => void;
  /** Stores a picture field's picture (the feature's api). */
  upload: UploadPicture;
}

const INPUT_TYPES: Partial<Record<Field['type'], string>> = {
  number: 'number',
  money: 'number',
  date: 'date',
  day: 'date',
  hour: 'time',
};

/** One kit Field per field (label, control, inline error); a checkbox sits beside its label. */
export function FormInputs({ fields, form, errors, onChange, upload }: FormInputsProps) {
  const t = useT(adminMessages);
  const baseId = useId();
  return (
    <>
      {fields.map((field) => {
        const id = `${baseId}-${field.name}`;
        const error = errors[field.name];
        const errorId = `${id}-error`;
        const value = form[field.name];
        const common = {
          id,
          name: field.name,
        };
        if (field.type === 'picture' && field.slot) {
          return (
            <PictureInput
              key={field.name}
              label={t(field.label)}
              value={typeof value === 'string' ? value : ''}
              onChange={(url) => onChange(field.name, url)}
              slot={field.slot}
              upload={upload}
              round={field.slot === 'coach'}
              error={error ? t(error.key, error.params) : undefined}
            />
          );
        }
        let input;
        if (field.type === 'checkbox') {
          input = (
            <input
              {...common}
              type="checkbox"
              aria-invalid={error !== undefined || undefined}
              aria-describedby={error === undefined ? undefined : errorId}
              checked={value === true}
              onChange={(event) => onChange(field.name, event.target.checked)}
            />
          );
        } else if (field.type === 'select') {
          input = (
            <select
              {...common}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(field.name, event.target.value)}
            >
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          );
        } else if (field.type === 'textarea') {
          input = (
            <textarea
              {...common}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(field.name, event.target.value)}
            />
          );
        } else {
          input = (
            <input
              {...common}
              type={INPUT_TYPES[field.type] ?? 'text'}
              step={field.type === 'money' ? '0.01' : undefined}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(field.name, event.target.value)}
            />
          );
        }
        if (field.type === 'checkbox') {
          return (
            <div className="ui-field" key={field.name}>
              <label className="ui-check" htmlFor={id}>
                {input}
                {t(field.label)}
              </label>
              {error && (
                <p className="ui-field-error" id={errorId}>
                  {t(error.key, error.params)}
                </p>
              )}
            </div>
          );
        }
        return (
          <KitField
            key={field.name}
            label={t(field.label)}
            error={error ? t(error.key, error.params) : undefined}
          >
            {input}
          </KitField>
        );
      })}
    </>
  );
}
