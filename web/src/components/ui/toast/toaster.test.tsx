import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showToast } from './toast-store';
import { Toaster } from './toaster';

describe('toaster', () => {
  it('announces a toast and removes it after its duration', async () => {
    vi.useFakeTimers();
    render(<Toaster label="Notifications" />);
    act(() => {
      showToast('Welcome to coach module', 1000);
    });
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region.textContent).toBe('Welcome to coach module');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(region.textContent).toBe('Welcome to coach module');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(region.textContent).toBe('');
  });

  it('keeps each toast for its own duration', async () => {
    vi.useFakeTimers();
    render(<Toaster label="Notifications" />);
    act(() => {
      showToast('shell', 1000);
      showToast('modal', 2000);
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status').textContent).toBe('modal');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
