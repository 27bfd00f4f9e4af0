import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<V extends string> {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem<V>[];
  /** Controlled: the open tab. Without it the first tab opens and the tabs keep their own state. */
  value?: V;
  onValueChange?: (value: V) => void;
  className?: string;
}

/**
 * Tabs with the WAI-ARIA keyboard model (arrow keys move between tabs, Home/End, Tab goes into the
 * panel), from Radix's Tabs primitive; only the open panel is rendered.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onValueChange,
  className,
}: TabsProps<V>) {
  return (
    <TabsPrimitive.Root
      className={['ui-tabs', className].filter(Boolean).join(' ')}
      defaultValue={value === undefined ? items[0]?.value : undefined}
      value={value}
      onValueChange={onValueChange ? (next) => onValueChange(next as V) : undefined}
    >
      <TabsPrimitive.List className="ui-tabs-list" aria-label={label}>
        {items.map((item) => (
          <TabsPrimitive.Trigger key={item.value} value={item.value} className="ui-tab">
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} value={item.value} className="ui-tab-panel">
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
