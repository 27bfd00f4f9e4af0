import type { ReactNode } from 'react';

/**
 * A table's frame. From 640 px a long table scrolls inside it, so the frame is a region named
 * like its table that the keyboard reaches and scrolls, also when no cell holds a button.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ui-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
