import type { ButtonHTMLAttributes, Ref } from 'react';

/** `danger` is solid (a confirmation's last step); `quiet-danger` is red text, for a row or form. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'quiet-danger';
export type ButtonSize = 's' | 'm' | 'l';

export interface ButtonLookOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
}

/** The classes of a button's look, also for a link that reads as a button (`<a className=…>`). */
export function buttonClass({
  variant = 'primary',
  size = 'm',
  block = false,
  className,
}: ButtonLookOptions = {}): string {
  return [
    'button',
    `button-${variant}`,
    size === 'm' ? '' : `button-${size}`,
    block ? 'button-block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps
  extends ButtonHTMLAttributes<HTMLButtonElement>, Omit<ButtonLookOptions, 'className'> {
  /** Shows a spinner and blocks clicks while an action runs; the label stays for screen readers. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button in one of the kit's looks; `type` defaults to "button" so it never submits by accident. */
export function Button({
  variant,
  size,
  block,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
