import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WaiverApi } from '../api/waiver-api';
import { WaiverAlert } from './waiver-alert';

function fakeWaiverApi(outcome: 'saves' | 'fails' = 'saves') {
  const accepted: string[] = [];
  const api: WaiverApi = {
    acceptWaiver: (uid) => {
      if (outcome === 'fails') return Promise.reject(new Error('permission denied'));
      accepted.push(uid);
      return Promise.resolve();
    },
  };
  return { api, accepted };
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
});
