import type { WaiverText, WaiverVersion } from '@studio/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WaiverAdminApi } from '../api/waiver-api';
import { WaiverEditor } from './waiver-editor';

const EN = 'I take part at my own risk and follow the coach.';
const ES = 'Participo bajo mi propio riesgo y sigo al coach.';

function fakeApi(current: WaiverVersion | null) {
  const saved: WaiverText[] = [];
  const api: WaiverAdminApi = {
    currentWaiver: () => Promise.resolve(current),
    saveWaiver: (text) => {
      saved.push(text);
      return Promise.resolve({ version: (current?.version ?? 0) + 1 });
    },
  };
  return { api, saved };
}

async function renderEditor(api: WaiverAdminApi) {
  render(<WaiverEditor api={api} />);
  await act(() => Promise.resolve());
}

describe('the waiver editor', () => {
  it('publishes the first written waiver in English and Spanish', async () => {
    const { api, saved } = fakeApi(null);
    await renderEditor(api);
    expect(screen.getByText(/No written waiver yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Waiver in English/), { target: { value: ` ${EN} ` } });
    fireEvent.change(screen.getByLabelText(/Waiver in Spanish/), { target: { value: ES } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 1' }));
    await act(() => Promise.resolve());
    expect(saved).toEqual([{ en: EN, es: ES }]);
    expect(screen.getByRole('status').textContent).toBe('Version 1 is published.');
    expect(screen.getByRole('button', { name: 'Publish version 2' })).toBeTruthy();
  });

  it('says what is missing and sends nothing for a text too short or unchanged', async () => {
    const current: WaiverVersion = {
      version: 2,
      text: { en: EN, es: ES },
      hash: 'a'.repeat(64),
      publishedAt: Date.UTC(2026, 10, 20, 15),
      publishedBy: 'admin',
    };
    const { api, saved } = fakeApi(current);
    await renderEditor(api);
    expect(screen.getByText(/^Version 2, published/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Waiver in English/).value).toBe(EN);
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 3' }));
    expect(screen.getByRole('alert').textContent).toBe('Change the text to publish a new version.');
    fireEvent.change(screen.getByLabelText(/Waiver in Spanish/), { target: { value: 'Corto.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 3' }));
    expect(screen.getByText('Write at least 20 characters.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
