import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-label' | 'children'
> {
  /** The accessible name; an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'secondary' | 'primary';
  ref?: Ref<HTMLButtonElement>;
}

/** A 44 px round button that shows only an icon and is named by `label`. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const classes = ['icon-button', `icon-button-${variant}`, className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} aria-label={label} title={label} className={classes}>
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
