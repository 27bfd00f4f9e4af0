import type { SignWaiverInput, WaiverVersion } from '@studio/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { WaiverApi } from '../api/waiver-api';
import { WaiverAlert } from './waiver-alert';

// happy-dom draws nothing: the pad stands in for signature_pad, a stroke being a pointer's
// release on the canvas (Chromium draws the real one in the kiosk journey).
vi.mock('signature_pad', () => ({
  default: class extends EventTarget {
    private drawn = false;
    constructor(canvas: HTMLCanvasElement) {
      super();
      canvas.addEventListener('pointerup', () => {
        this.drawn = true;
        this.dispatchEvent(new Event('endStroke'));
      });
    }
    isEmpty = () => !this.drawn;
    toDataURL = () => 'data:image/png;base64,iVBORw0KGgo=';
    toData = () => [];
    fromData = () => undefined;
    clear = () => {
      this.drawn = false;
    };
    on = () => undefined;
    off = () => undefined;
  },
}));

const WRITTEN: WaiverVersion = {
  version: 3,
  text: {
    en: 'I take part at my own risk and follow the coach.',
    es: 'Participo bajo mi propio riesgo y sigo al coach.',
  },
  hash: 'a'.repeat(64),
  publishedAt: 1_790_000_000_000,
  publishedBy: 'admin',
};

function fakeWaiverApi(
  outcome: 'saves' | 'fails' = 'saves',
  written: WaiverVersion | null = null,
  signing: 'signs' | 'version-changed' = 'signs',
) {
  const accepted: string[] = [];
  const signed: SignWaiverInput[] = [];
  const api: WaiverApi = {
    acceptWaiver: (uid) => {
      if (outcome === 'fails') return Promise.reject(new Error('permission denied'));
      accepted.push(uid);
      return Promise.resolve();
    },
    currentWaiver: () => Promise.resolve(written),
    signWaiver: (input) => {
      if (signing === 'version-changed')
        return Promise.reject(new CallableRefusal('failed-precondition', 'waiverVersionChanged'));
      signed.push(input);
      return Promise.resolve({ signatureId: 's1', version: input.version });
    },
  };
  return { api, accepted, signed };
}

async function openWrittenWaiver(api: WaiverApi, onAccepted = vi.fn()) {
  render(
    <WaiverAlert uid="u1" accepted={false} api={api} onAccepted={onAccepted} name="Ana Ruiz" />,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'ACCEPT' }));
  await screen.findByRole('button', { name: 'Sign the waiver' });
  // The pad is loaded on its own (a dynamic import): a stroke before it is there draws nothing.
  await vi.waitFor(() =>
    expect(
      screen.getByRole('img', { name: 'Signature box, empty' }).getAttribute('aria-busy'),
    ).toBe('false'),
  );
  return onAccepted;
}

describe('waiver alert', () => {
  it('asks a member who has not accepted the waiver', async () => {
    const { api } = fakeWaiverApi();
    render(<WaiverAlert uid="u1" accepted={false} api={api} onAccepted={vi.fn()} />);
    const alert = await screen.findByRole('alertdialog', { name: 'FITNESS CLASS WAIVER' });
    expect(alert.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'ACCEPT' }));
  });

  it('stays hidden once the waiver is accepted', () => {
    const { api } = fakeWaiverApi();
    render(<WaiverAlert uid="u1" accepted api={api} onAccepted={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('records the acceptance for this member when ACCEPT is pressed', async () => {
    const { api, accepted } = fakeWaiverApi();
    const onAccepted = vi.fn();
    render(<WaiverAlert uid="u1" accepted={false} api={api} onAccepted={onAccepted} />);
    fireEvent.click(await screen.findByRole('button', { name: 'ACCEPT' }));
    // Let the save settle and React commit its outcome.
    await act(() => Promise.resolve());
    expect(accepted).toEqual(['u1']);
    expect(onAccepted).toHaveBeenCalledOnce();
  });

  it('keeps asking and says so when the acceptance cannot be saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = fakeWaiverApi('fails');
    const onAccepted = vi.fn();
    render(<WaiverAlert uid="u1" accepted={false} api={api} onAccepted={onAccepted} />);
    fireEvent.click(await screen.findByRole('button', { name: 'ACCEPT' }));
    // Let the save settle and React commit its outcome.
    await act(() => Promise.resolve());
    expect(onAccepted).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'ACCEPT' })).toBeTruthy();
  });

  it('cannot be dismissed with Escape', async () => {
    const { api } = fakeWaiverApi();
    render(<WaiverAlert uid="u1" accepted={false} api={api} onAccepted={vi.fn()} />);
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('opens the written waiver to be signed once the studio has published one', async () => {
    const { api, accepted } = fakeWaiverApi('saves', WRITTEN);
    await openWrittenWaiver(api);
    expect(accepted).toEqual([]);
    expect(screen.getByRole('alertdialog', { name: 'FITNESS CLASS WAIVER' })).toBeTruthy();
    expect(screen.getByLabelText('Waiver text').textContent).toBe(WRITTEN.text.en);
    expect(screen.getByText('Version 3')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Full name/).value).toBe('Ana Ruiz');
    fireEvent.click(screen.getByRole('radio', { name: 'Español' }));
    expect(screen.getByLabelText('Waiver text').textContent).toBe(WRITTEN.text.es);
  });

  it('signs the version read, in the language read, with the drawn signature and name', async () => {
    const { api, signed } = fakeWaiverApi('saves', WRITTEN);
    const onAccepted = await openWrittenWaiver(api);
    fireEvent.click(screen.getByRole('radio', { name: 'Español' }));
    fireEvent.pointerUp(screen.getByRole('img', { name: 'Signature box, empty' }));
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: '  Ana Ruiz Soto ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
    await act(() => Promise.resolve());
    expect(signed).toEqual([
      {
        version: 3,
        fullName: 'Ana Ruiz Soto',
        lang: 'es',
        signature: 'data:image/png;base64,iVBORw0KGgo=',
      },
    ]);
    expect(onAccepted).toHaveBeenCalledOnce();
  });

  it('says what is missing and sends nothing without a signature or a name', async () => {
    const { api, signed } = fakeWaiverApi('saves', WRITTEN);
    const onAccepted = await openWrittenWaiver(api);
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
    expect(screen.getByRole('alert').textContent).toBe('Please sign in the box.');
    expect(screen.getByText('Please type your full name.')).toBeTruthy();
    expect(signed).toEqual([]);
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the form open", async () => {
    const { api } = fakeWaiverApi('saves', WRITTEN, 'version-changed');
    const onAccepted = await openWrittenWaiver(api);
    fireEvent.pointerUp(screen.getByRole('img', { name: 'Signature box, empty' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('alert').textContent).toMatch(
      /The waiver changed while you were reading/,
    );
    expect(onAccepted).not.toHaveBeenCalled();
  });
});
