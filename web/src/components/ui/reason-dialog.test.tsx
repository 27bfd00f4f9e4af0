import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorText } from '../../lib/callable-errors';
import { ReasonDialog } from './reason-dialog';

function Refund({
  onConfirm,
  onClose,
  failure = null,
}: {
  onConfirm: (reason: string) => void;
  onClose: () => void;
  failure?: ErrorText | null;
}) {
  const [reason, setReason] = useState('');
  return (
    <ReasonDialog
      title="Refund Pack 10?"
      intro="Hand back 50 €."
      reasonLabel="Reason"
      reason={reason}
      onReasonChange={setReason}
      failure={failure}
      cancelLabel="Keep it"
      confirmLabel="Refund"
      confirmVariant="danger"
      busy={false}
      onConfirm={() => onConfirm(reason)}
      onClose={onClose}
    >
      <p>Cash only</p>
    </ReasonDialog>
  );
}

describe('ReasonDialog', () => {
  it('asks for the reason first and confirms with it', async () => {
    const onConfirm = vi.fn();
    render(<Refund onConfirm={onConfirm} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Refund Pack 10?' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Hand back 50 €.').id);
    expect(screen.getByText('Cash only')).toBeTruthy();
    const reason = screen.getByRole('textbox', { name: /Reason/ });
    expect(document.activeElement).toBe(reason);
    expect(reason.getAttribute('maxlength')).toBe('200');
    fireEvent.change(reason, { target: { value: 'Wrong pack' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Refund Pack 10?' }));
    expect(onConfirm).toHaveBeenCalledWith('Wrong pack');
  });

  it('shows the refusal in words and leaves with the keep button', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    render(<Refund onConfirm={onConfirm} onClose={onClose} failure={{ key: 'internalError' }} />);
    await screen.findByRole('dialog');
    expect(screen.getByRole('alert').textContent).not.toContain('internalError');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
