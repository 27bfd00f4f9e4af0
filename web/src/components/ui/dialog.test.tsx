import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './alert-dialog';
import { Dialog } from './dialog';

function Opener({ onDismiss }: { onDismiss?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          labelledBy="title"
          onDismiss={() => {
            onDismiss?.();
            setOpen(false);
          }}
        >
          <h2 id="title">Cancel class?</h2>
          <button type="button">Keep</button>
          <button type="button" data-autofocus>
            Cancel class
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a named modal dialog that focuses the marked control', async () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel class?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel class' }));
  });

  it('closes on Escape and gives focus back to the control that opened it', async () => {
    const onDismiss = vi.fn();
    render(<Opener onDismiss={onDismiss} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Cancel class?' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix's focus scope hands focus back in the task after the unmount.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('stays open on Escape when it has no onDismiss (a decision must be made)', async () => {
    render(
      <Dialog role="alertdialog" labelledBy="waiver">
        <h2 id="waiver">Waiver</h2>
        <button type="button">Accept</button>
      </Dialog>,
    );
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Accept' }), { key: 'Escape' });
    expect(screen.getByRole('alertdialog', { name: 'Waiver' })).toBeTruthy();
  });
});

describe('AlertDialog', () => {
  it('describes itself with its message and answers OK', async () => {
    const onOk = vi.fn();
    render(
      <AlertDialog
        title="Error al autenticarse"
        message="Wrong password"
        okLabel="OK"
        onOk={onOk}
      />,
    );
    const alert = await screen.findByRole('alertdialog', { name: 'Error al autenticarse' });
    expect(alert.getAttribute('aria-describedby')).toBe(screen.getByText('Wrong password').id);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledTimes(1);
  });
});
