import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLangStore } from '../../lib/i18n';
import type { DateRange } from './date-range-fields';
import { DateRangeFields, isDateRange } from './date-range-fields';

afterEach(() => {
  useLangStore.setState({ lang: 'en' });
});

describe('DateRangeFields', () => {
  it('labels both dates in the studio order and reports each change whole', () => {
    const changes: DateRange[] = [];
    render(
      <form>
        <DateRangeFields
          idPrefix="r"
          value={{ from: '2026-11-01', to: '2026-11-21' }}
          onChange={(next) => changes.push(next)}
        />
      </form>,
    );
    const from = screen.getByLabelText<HTMLInputElement>('From');
    const to = screen.getByLabelText<HTMLInputElement>('To');
    // Monterrey writes day/month/year, whatever the browser's language.
    expect(from.value).toBe('01/11/2026');
    expect(to.value).toBe('21/11/2026');
    fireEvent.change(from, { target: { value: '01/10/2026' } });
    fireEvent.change(to, { target: { value: '2026-12-01' } });
    expect(changes).toEqual([
      { from: '2026-10-01', to: '2026-11-21' },
      { from: '2026-11-01', to: '2026-12-01' },
    ]);
  });

  it('speaks Spanish', () => {
    act(() => useLangStore.setState({ lang: 'es' }));
    render(
      <DateRangeFields idPrefix="r" value={{ from: '', to: '' }} onChange={() => undefined} />,
    );
    expect(screen.getByLabelText('Desde')).toBeTruthy();
    expect(screen.getByLabelText('Hasta')).toBeTruthy();
  });

  it.each([
    [{ from: '2026-11-01', to: '2026-11-01' }, true],
    [{ from: '2026-11-02', to: '2026-11-01' }, false],
    [{ from: '2026-02-30', to: '2026-03-01' }, false],
    [{ from: '', to: '2026-03-01' }, false],
  ])('isDateRange(%j) is %s', (range, valid) => {
    expect(isDateRange(range)).toBe(valid);
  });
});
