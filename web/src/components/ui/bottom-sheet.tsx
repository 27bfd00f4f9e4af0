import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { kitMessages } from './kit-messages';

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons pinned to the sheet's bottom edge. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A modal panel that slides up from the bottom on phones and sits centred, wider, on a desktop.
 * Focus, Escape, the outside click and the hidden background come from Radix's Dialog primitive.
 */
export function BottomSheet({
  open,
  onOpenChange,
  title,
  description,
  footer,
  children,
}: BottomSheetProps) {
  const t = useT(kitMessages);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-sheet-overlay" />
        <DialogPrimitive.Content className="ui-sheet">
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
