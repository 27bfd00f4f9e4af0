import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useT } from '../../lib/i18n';
import type { BottomSheetProps, DialogProps } from './dialog-props';
import { kitMessages } from './kit-messages';

/**
 * The Radix side of the kit's `Dialog` and `BottomSheet`, in a chunk of its own: `dialog.tsx` and
 * `bottom-sheet.tsx` load it when one first opens, or once the page is idle (`dialog-loader.ts`),
 * so no page downloads and evaluates Radix before its first paint.
 */

/** Focus goes to `[data-autofocus]` when there is one, else to the first control (Radix's default). */
function focusMarkedControl(event: Event) {
  const panel = event.currentTarget;
  const target =
    panel instanceof HTMLElement ? panel.querySelector<HTMLElement>('[data-autofocus]') : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

export interface RadixDialogProps extends DialogProps {
  /** Where focus was when the dialog was first rendered; it goes back there on close. */
  opener: Element | null;
}

export function RadixDialog({
  role = 'dialog',
  labelledBy,
  describedBy,
  onDismiss,
  className,
  opener,
  children,
}: RadixDialogProps) {
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

export function RadixBottomSheet({
  open,
  onOpenChange,
  title,
  description,
  footer,
  width = 'normal',
  children,
}: BottomSheetProps) {
  const t = useT(kitMessages);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-sheet-overlay" />
        <DialogPrimitive.Content
          className={width === 'wide' ? 'ui-sheet ui-sheet-wide' : 'ui-sheet'}
        >
          <div className="ui-sheet-handle" aria-hidden="true" />
          <header className="ui-sheet-header">
            <DialogPrimitive.Title className="ui-sheet-title">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="icon-button icon-button-ghost"
              aria-label={t('kitClose')}
            >
              <span aria-hidden="true">×</span>
            </DialogPrimitive.Close>
          </header>
          {description && (
            <DialogPrimitive.Description className="ui-sheet-description">
              {description}
            </DialogPrimitive.Description>
          )}
          <div className="ui-sheet-body">{children}</div>
          {footer && <footer className="ui-sheet-footer">{footer}</footer>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
