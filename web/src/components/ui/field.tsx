import type { ReactElement, ReactNode } from 'react';
import { cloneElement, useId } from 'react';

/** The attributes Field gives its control. */
interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the label that helps fill it in. */
  hint?: ReactNode;
  /** The inline error; the control is marked invalid and described by it. */
  error?: ReactNode;
  required?: boolean;
  className?: string;
  /** One input, select or textarea; it keeps its own props and gets id and aria-* from the field. */
  children: ReactElement<ControlProps>;
}

/**
 * A labelled form control with an optional hint and inline error, wired for screen readers: the
 * label names the control, and the hint and error describe it (`aria-describedby`).
 */
export function Field({ label, hint, error, required = false, className, children }: FieldProps) {
  const generated = useId();
  const id = children.props.id ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy =
    [children.props['aria-describedby'], hint ? hintId : '', hasError ? errorId : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': hasError || undefined,
    'aria-required': required || children.props['aria-required'] || undefined,
  });
  return (
    <div
      className={['ui-field', hasError ? 'ui-field-invalid' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="ui-field-label" htmlFor={id}>
        {label}
        {required && (
          <span className="ui-field-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {hint && (
        <p className="ui-field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {control}
      {hasError && (
        <p className="ui-field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
