import type { CSSProperties } from 'react';

export interface SkeletonProps {
  /** CSS length; the final content's size, so nothing shifts when it arrives. */
  width?: string;
  height?: string;
  shape?: 'line' | 'block' | 'circle';
  /** Several lines of text. */
  lines?: number;
}

/** A placeholder of the final content's size while it loads; hidden from assistive technology. */
export function Skeleton({ width, height, shape = 'line', lines = 1 }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  if (lines > 1) {
    return (
      <span className="ui-skeleton-lines" aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <span key={index} className="ui-skeleton ui-skeleton-line" style={style} />
        ))}
      </span>
    );
  }
  return <span className={`ui-skeleton ui-skeleton-${shape}`} style={style} aria-hidden="true" />;
}
