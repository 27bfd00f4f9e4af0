// The props of the kit's dialog and sheet, apart from their components: the Radix-based
// implementation (dialog-radix.tsx, loaded on demand) takes them too, without importing the
// components that load it.
import type { ReactNode } from 'react';

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

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons pinned to the sheet's bottom edge. */
  footer?: ReactNode;
  /** 'wide': room for two columns from 1024 px (the class sheet, the checkout summary). */
  width?: 'normal' | 'wide';
  children: ReactNode;
}
