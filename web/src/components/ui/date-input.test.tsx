import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateInput } from './date-input';
import { Field } from './field';

function Form({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Date">
      <DateInput
        value={value}
        min="2026-11-01"
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </Field>
  );
}

describe('DateInput', () => {
  it('shows and takes dates the way the studio writes them, handing over yyyy-MM-dd', () => {
    const values: string[] = [];
    render(<Form initial="2026-11-26" onValue={(value) => values.push(value)} />);
    const input = screen.getByLabelText<HTMLInputElement>('Date');
    expect(input.value).toBe('26/11/2026');
    expect(input.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '5/12/26' } });
    fireEvent.blur(input);
    expect(values.at(-1)).toBe('2026-12-05');
    expect(input.value).toBe('05/12/2026');
    // Something not a date yet is handed over as typed, for the form to refuse.
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(values.at(-1)).toBe('31/02/2026');
  });

  it('opens a calendar on the chosen month and takes the day picked', async () => {
    const values: string[] = [];
    render(<Form initial="2026-11-26" onValue={(value) => values.push(value)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    await screen.findByRole('dialog', { name: 'Choose a date' });
    // The calendar's chunk loads on the first opening: a busy machine may take a moment.
    expect(await screen.findByText('November 2026', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /November 28th, 2026/ }));
    expect(values.at(-1)).toBe('2026-11-28');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Date').value).toBe('28/11/2026');
  });
});
