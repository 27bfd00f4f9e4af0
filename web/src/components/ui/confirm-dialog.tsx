import { useId } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  /** The safe way out, focused first. */
  keepLabel: string;
  /** The destructive action, the dialog's only solid red button. */
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/**
 * Asks before something that cannot be undone (deleting a layout or a package): the question,
 * what follows, "keep" focused and the destructive action beside it. Escape keeps.
 */
export function ConfirmDialog({
  title,
  message,
  keepLabel,
  confirmLabel,
  busy = false,
  onConfirm,
  onKeep,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog role="alertdialog" labelledBy={titleId} describedBy={textId} onDismiss={onKeep}>
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{message}</p>
      <div className="dialog-actions">
        <Button variant="secondary" data-autofocus onClick={onKeep}>
          {keepLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
