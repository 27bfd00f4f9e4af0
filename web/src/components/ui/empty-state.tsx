import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
  /** What to do next (a button or link). */
  action?: ReactNode;
}

/** What a list shows when it has nothing yet: a title, why, and the way forward. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className="ui-empty">
      {icon && (
        <div className="ui-empty-icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="ui-empty-title">{title}</p>
      {description && <p className="ui-empty-text">{description}</p>}
      {action && <div className="ui-empty-action">{action}</div>}
    </div>
  );
}
