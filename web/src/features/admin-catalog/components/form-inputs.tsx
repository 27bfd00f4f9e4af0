import { useId } from 'react';
import { adminMessages } from '../admin-messages';
import type { Field, FieldError, FormState } from '../form-fields';
import { useT } from '../../../lib/i18n';

interface FormInputsProps {
  fields: readonly Field[];
  form: FormState;
  errors: Record<string, FieldError>;
  onChange: (name: string, value: string | boolean) => void;
}

const INPUT_TYPES: Partial<Record<Field['type'], string>> = {
  number: 'number',
  money: 'number',
  date: 'date',
  day: 'date',
  hour: 'time',
};

/** One labelled input per field, each with its error under it. */
export function FormInputs({ fields, form, errors, onChange }: FormInputsProps) {
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
          'aria-invalid': error !== undefined,
          'aria-describedby': error === undefined ? undefined : errorId,
        };
        let input;
        if (field.type === 'checkbox') {
          input = (
            <input
              {...common}
              type="checkbox"
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
        return (
          <div className="form-field" key={field.name}>
            <label htmlFor={id}>{t(field.label)}</label>
            {input}
            {error && (
              <p className="field-error" id={errorId}>
                {t(error.key, error.params)}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}
