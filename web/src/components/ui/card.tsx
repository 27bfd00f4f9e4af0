import type { HTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** `section`/`article` when the card has its own heading, `li` inside a list. */
  as?: 'div' | 'section' | 'article' | 'li';
  /** Less padding, for dense lists. */
  compact?: boolean;
  /** A heading and actions on one line at the top. */
  title?: ReactNode;
  actions?: ReactNode;
}

/** A surface with a border, radius and the first elevation. */
export function Card({
  as: Tag = 'div',
  compact = false,
  title,
  actions,
  className,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  // A section or article with a heading is a region named by it.
  const named =
    (Tag === 'section' || Tag === 'article') &&
    title !== undefined &&
    rest['aria-label'] === undefined &&
    rest['aria-labelledby'] === undefined;
  const classes = ['card', 'ui-card', compact ? 'ui-card-compact' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <Tag {...rest} aria-labelledby={named ? titleId : rest['aria-labelledby']} className={classes}>
      {(title !== undefined || actions !== undefined) && (
        <div className="ui-card-header">
          {title !== undefined && (
            <h2 id={named ? titleId : undefined} className="ui-card-title">
              {title}
            </h2>
          )}
          {actions !== undefined && <div className="ui-card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </Tag>
  );
}
