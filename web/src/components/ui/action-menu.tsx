import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

export interface ActionMenuItem {
  label: string;
  /** The item's accessible name when the visible label needs its row ("Cancel class HIIT …"). */
  name?: string;
  onSelect: () => void;
  /** Destructive: red text, never a solid red button beside the others. */
  danger?: boolean;
}

export interface ActionMenuProps {
  /** The trigger's accessible name ("More actions for HIIT Wed 2 Dec 18:30"). */
  label: string;
  items: readonly ActionMenuItem[];
  /** What the trigger shows; three dots by default. */
  trigger?: ReactNode;
}

/**
 * A row's further actions behind one button (the WAI-ARIA menu button: Enter, Space or the arrow
 * keys open it, the arrows move, Escape closes and gives focus back, a click outside closes).
 */
export function ActionMenu({ label, items, trigger }: ActionMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const entries = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return undefined;
    entries.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (box.current && event.target instanceof Node && !box.current.contains(event.target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = entries.current.filter((entry): entry is HTMLButtonElement => entry !== null);
    const at = list.findIndex((entry) => entry === document.activeElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      list[moves[event.key] ?? 0]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    }
  };

  return (
    <div className="ui-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="icon-button ui-menu-trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger ?? <span aria-hidden="true">⋯</span>}
      </button>
      {open && (
        <div id={id} role="menu" aria-label={label} className="ui-menu-list" onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                entries.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={item.name}
              className={item.danger ? 'ui-menu-item ui-menu-danger' : 'ui-menu-item'}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
