import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useState } from 'react';

export interface DialogProps {
  /** 'alertdialog' for decisions the person must make (the waiver). */
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  /** Escape calls it; without it the dialog can only be left through its own buttons. */
  onDismiss?: () => void;
  className?: string;
  children: ReactNode;
}

/** Focus goes to `[data-autofocus]` when there is one, else to the first control (Radix's default). */
function focusMarkedControl(event: Event) {
  const panel = event.currentTarget;
  const target =
    panel instanceof HTMLElement ? panel.querySelector<HTMLElement>('[data-autofocus]') : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * A modal dialog, open while it is rendered. Focus moves in when it opens, Tab stays inside, the
 * rest of the page is hidden from assistive technology, and focus returns to where it was when it
 * closes: the behaviour comes from Radix's Dialog primitive, the look from the design tokens.
 * A click outside never closes it (a decision must be made with its own buttons).
 */
export function Dialog({
  role = 'dialog',
  labelledBy,
  describedBy,
  onDismiss,
  className,
  children,
}: DialogProps) {
  // Where focus was when the dialog opened; it goes back there when the dialog closes (Radix
  // would return it to a Dialog.Trigger, and these dialogs open from code, not from a trigger).
  const [opener] = useState(() => document.activeElement);
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onDismiss?.()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-backdrop">
          <DialogPrimitive.Content
            role={role}
            aria-modal="true"
            aria-labelledby={labelledBy}
            aria-describedby={describedBy}
            className={className ? `dialog ${className}` : 'dialog'}
            onOpenAutoFocus={focusMarkedControl}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
            }}
            onEscapeKeyDown={(event) => {
              if (!onDismiss) event.preventDefault();
            }}
            onPointerDownOutside={(event) => event.preventDefault()}
            onInteractOutside={(event) => event.preventDefault()}
          >
            {children}
          </DialogPrimitive.Content>
        </DialogPrimitive.Overlay>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
