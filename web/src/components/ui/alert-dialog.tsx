import { useId } from 'react';
import { Dialog } from './dialog';

export interface AlertDialogProps {
  title: string;
  message?: string;
  okLabel: string;
  onOk: () => void;
}

/** An alert with one OK button ('Error al registrarse' / 'Error al autenticarse'). */
export function AlertDialog({ title, message, okLabel, onOk }: AlertDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={message ? textId : undefined}
      onDismiss={onOk}
    >
      <h2 id={titleId}>{title}</h2>
      {message && <p id={textId}>{message}</p>}
      <div className="dialog-actions">
        <button type="button" className="button" data-autofocus onClick={onOk}>
          {okLabel}
        </button>
      </div>
    </Dialog>
  );
}
