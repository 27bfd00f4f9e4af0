import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { ErrorText } from '../../lib/callable-errors';
import { Button } from './button';
import { Dialog } from './dialog';
import { FailureText } from './failure-text';
import { Field } from './field';

export interface ReasonDialogProps {
  title: ReactNode;
  /** What is about to happen, under the title; it describes the dialog. */
  intro?: ReactNode;
  /** The choices the decision needs, above the reason. */
  children?: ReactNode;
  reasonLabel: ReactNode;
  reasonHint?: ReactNode;
  reason: string;
  onReasonChange: (reason: string) => void;
  /** The last refusal, in words, above the buttons. */
  failure: ErrorText | null;
  /** The button that leaves everything as it was. */
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: 'primary' | 'danger';
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A decision an admin confirms with a reason the audit log keeps (a refund, a plan cancelled,
 * frozen or changed): title, what will happen, the choices, the reason (required, 200 characters
 * at most, focused first), the refusal if any, and a keep button beside the confirm button.
 */
export function ReasonDialog({
  title,
  intro,
  children,
  reasonLabel,
  reasonHint,
  reason,
  onReasonChange,
  failure,
  cancelLabel,
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const introId = `${id}-intro`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Dialog
      labelledBy={titleId}
      describedBy={intro === undefined ? undefined : introId}
      onDismiss={onClose}
    >
      <h2 id={titleId}>{title}</h2>
      {intro !== undefined && <p id={introId}>{intro}</p>}
      <form className="ui-form" aria-labelledby={titleId} onSubmit={submit}>
        {children}
        <Field label={reasonLabel} hint={reasonHint} required>
          <input
            data-autofocus
            required
            maxLength={200}
            value={reason}
            onChange={(event) => onReasonChange(event.target.value)}
          />
        </Field>
        <FailureText failure={failure} className="ui-field-error" />
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={confirmVariant} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
