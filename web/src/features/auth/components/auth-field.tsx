import type { InputHTMLAttributes, Ref } from 'react';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { authMessages } from '../auth-messages';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

export interface AuthFieldProps extends InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input of the login, register and reset forms. */
export function AuthField({ label, value, onChange, inputRef, ...input }: AuthFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

/** The e-mail field of all three forms. */
export function EmailField({ value, onChange }: Pick<AuthFieldProps, 'value' | 'onChange'>) {
  const t = useT(authMessages);
  return (
    <AuthField
      label={t('email')}
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={onChange}
    />
  );
}
