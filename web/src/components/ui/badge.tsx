import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}

/** A short status label; the tone is never the only signal (the text says it). */
export function Badge({ tone = 'neutral', className, children }: BadgeProps) {
  return (
    <span className={['ui-badge', `ui-badge-${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
