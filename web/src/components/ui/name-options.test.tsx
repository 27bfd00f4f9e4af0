import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byName, NameOptions } from './name-options';

const coaches = {
  c2: { name: 'Zoe', active: true },
  c1: { name: 'Ana', active: false },
  c3: { name: 'Marta', active: true },
};

describe('NameOptions', () => {
  it('lists the entries by name, valued by id', () => {
    render(
      <select aria-label="Coach">
        <NameOptions items={coaches} />
      </select>,
    );
    const options = within(screen.getByRole('combobox', { name: 'Coach' })).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('value')])).toEqual([
      ['Ana', 'c1'],
      ['Marta', 'c3'],
      ['Zoe', 'c2'],
    ]);
  });

  it('leaves out what `shown` refuses', () => {
    render(
      <select aria-label="Coach">
        <NameOptions items={coaches} shown={(_, coach) => coach.active} />
      </select>,
    );
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Marta',
      'Zoe',
    ]);
  });

  it("keeps the node's own order when asked to", () => {
    render(
      <select aria-label="Branch">
        <NameOptions items={coaches} order="stored" />
      </select>,
    );
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      'c2',
      'c1',
      'c3',
    ]);
  });

  it('sorts entries by name', () => {
    expect(byName(coaches).map(([id]) => id)).toEqual(['c1', 'c3', 'c2']);
  });
});
