import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NOTE_MS, UpdatePrompt } from './update-prompt';

/** The prompt with the state useRegisterSW would hold; `updates` records each Update click. */
function Harness({
  waiting,
  ready,
  updates,
}: {
  waiting: boolean;
  ready: boolean;
  updates: string[];
}) {
  const [needRefresh, setNeedRefresh] = useState(waiting);
  const [offlineReady, setOfflineReady] = useState(ready);
  return (
    <UpdatePrompt
      needRefresh={needRefresh}
      offlineReady={offlineReady}
      onUpdate={() => updates.push('update')}
      onDismiss={() => {
        setNeedRefresh(false);
        setOfflineReady(false);
      }}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('update prompt', () => {
  it('offers a waiting new version and loads it on Update', () => {
    const updates: string[] = [];
    render(<Harness waiting ready={false} updates={updates} />);
    expect(screen.getByRole('status').textContent).toContain(
      'A new version of the app is available.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(updates).toEqual(['update']);
  });

  it('says the app works offline, without an Update button, until dismissed', () => {
    render(<Harness waiting={false} ready updates={[]} />);
    expect(screen.getByText('The app is ready to work offline.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes the offline note away by itself after a while', async () => {
    vi.useFakeTimers();
    render(<Harness waiting={false} ready updates={[]} />);
    await act(() => vi.advanceTimersByTimeAsync(OFFLINE_NOTE_MS - 1));
    expect(screen.getByText('The app is ready to work offline.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a waiting new version on screen until the member answers', async () => {
    vi.useFakeTimers();
    render(<Harness waiting ready updates={[]} />);
    await act(() => vi.advanceTimersByTimeAsync(10 * OFFLINE_NOTE_MS));
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('gives the page room below while shown, so the note covers nothing for good', () => {
    render(<Harness waiting={false} ready updates={[]} />);
    expect(document.body.style.paddingBottom).not.toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('shows nothing while there is nothing to say', () => {
    render(<Harness waiting={false} ready={false} updates={[]} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
