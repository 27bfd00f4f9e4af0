import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';

function Sheet() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <BottomSheet
        open={open}
        onOpenChange={setOpen}
        title="Ana López"
        description="Member since 2025-01-10"
        footer={<button type="button">Save</button>}
      >
        <p>Credits: 4</p>
      </BottomSheet>
    </>
  );
}

describe('BottomSheet', () => {
  it('is a dialog named by its title and described by its description', async () => {
    render(<Sheet />);
    const sheet = await screen.findByRole('dialog', { name: 'Ana López' });
    expect(sheet.getAttribute('aria-describedby')).toBe(
      screen.getByText('Member since 2025-01-10').id,
    );
    expect(screen.getByText('Credits: 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('closes with its close button and with Escape', async () => {
    const { unmount } = render(<Sheet />);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.getByText('closed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    render(<Sheet />);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('renders nothing until it first opens, then opens as a dialog', async () => {
    function Later() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Show class
          </button>
          <BottomSheet open={open} onOpenChange={setOpen} title="Yoga">
            <p>Spot map</p>
          </BottomSheet>
        </>
      );
    }
    render(<Later />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Spot map')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show class' }));
    expect(await screen.findByRole('dialog', { name: 'Yoga' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('describes itself by nothing, without a warning, when it has no description', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <BottomSheet open onOpenChange={() => undefined} title="Cycling">
        <p>Spot map</p>
      </BottomSheet>,
    );
    const sheet = await screen.findByRole('dialog', { name: 'Cycling' });
    expect(sheet.hasAttribute('aria-describedby')).toBe(false);
    const logged = [...warn.mock.calls, ...error.mock.calls].map((call) => String(call[0]));
    expect(logged.filter((text) => /Description/.test(text))).toEqual([]);
  });
});
