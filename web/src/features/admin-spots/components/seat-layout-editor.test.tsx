import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SeatLayout } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { SeatLayoutsApi } from '../api/seat-layouts-api';
import { SeatLayoutEditor } from './seat-layout-editor';

const now = () => Date.parse('2026-11-21T12:00:00-06:00');

const studio: SeatLayout = {
  name: 'Studio',
  rows: 2,
  cols: 3,
  spots: {
    s1: { id: 's1', label: '1', row: 0, col: 0 },
    s2: { id: 's2', label: '2', row: 0, col: 1 },
  },
};

interface Save {
  id: string | undefined;
  layout: SeatLayout | null;
}

/** In-memory `SeatLayouts`: records each save and answers with `answer`. */
function fakeApi(layouts: Record<string, SeatLayout> = { studio }, inUse = 0) {
  const saves: Save[] = [];
  let answer: (save: Save) => Promise<{ id: string }> = (save) =>
    Promise.resolve({ id: save.id ?? 'new-layout' });
  const api: SeatLayoutsApi = {
    watchLayouts: (onChange) => {
      onChange(layouts);
      return () => undefined;
    },
    saveLayout: (id, layout) => {
      saves.push({ id, layout });
      return answer({ id, layout });
    },
    countUpcomingClasses: () => Promise.resolve(inUse),
  };
  return {
    api,
    saves,
    answerWith(next: (save: Save) => Promise<{ id: string }>) {
      answer = next;
    },
  };
}

function cell(name: string) {
  return screen.getByRole('gridcell', { name });
}

function key(target: HTMLElement, keyName: string) {
  fireEvent.keyDown(target, { key: keyName });
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    await Promise.resolve();
  });
}

function openStudio() {
  render(<SeatLayoutEditor api={fakeApi().api} now={now} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));
}

describe('seat layout editor', () => {
  it('lists the stored layouts with their bookable spots', () => {
    render(<SeatLayoutEditor api={fakeApi().api} now={now} />);
    expect(screen.getByText('Studio · 2 spots')).toBeTruthy();
  });

  it('draws every cell of the grid with a label saying what is there', () => {
    openStudio();
    expect(screen.getAllByRole('gridcell')).toHaveLength(6);
    expect(cell('Spot 1, row 1, column 1')).toBeTruthy();
    expect(cell('Empty cell, row 2, column 3')).toBeTruthy();
  });

  it('places a spot with Enter on an empty cell, names it and saves it through the schema', async () => {
    const fake = fakeApi();
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));

    const first = cell('Spot 1, row 1, column 1');
    first.focus();
    key(first, 'ArrowDown');
    key(first, 'ArrowRight');
    const target = cell('Empty cell, row 2, column 2');
    expect(document.activeElement).toBe(target);
    key(target, 'Enter');

    expect(cell('Spot 3, row 2, column 2').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Spot 3 placed at row 2, column 2.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Spot name'), { target: { value: 'Podium' } });
    expect(cell('Spot Podium, row 2, column 2')).toBeTruthy();

    await save();
    expect(fake.saves).toHaveLength(1);
    expect(fake.saves[0]?.id).toBe('studio');
    expect(fake.saves[0]?.layout?.spots['s3']).toEqual({
      id: 's3',
      label: 'Podium',
      row: 1,
      col: 1,
    });
    expect(screen.getByRole('status').textContent).toBe('Layout saved.');
  });

  it('places the front of the room and says what stands on a spot, saved with the layout', async () => {
    const fake = fakeApi();
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));

    fireEvent.click(screen.getByRole('radio', { name: 'Mirror' }));
    fireEvent.click(cell('Empty cell, row 2, column 1'));
    expect(screen.getByText('Mirror placed at row 2, column 1.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Width (cells)'), { target: { value: '3' } });
    expect(cell('Mirror, row 2, column 3')).toBeTruthy();
    // A spot cannot go on it.
    fireEvent.click(screen.getByRole('radio', { name: 'Spot' }));
    fireEvent.click(cell('Spot 1, row 1, column 1'));
    fireEvent.change(screen.getByLabelText('What stands here'), { target: { value: 'bike' } });

    await save();
    expect(fake.saves[0]?.layout?.features).toEqual({
      f1: { kind: 'mirror', row: 1, col: 0, width: 3, height: 1 },
    });
    expect(fake.saves[0]?.layout?.spots['s1']?.kind).toBe('bike');
  });

  it('moves the selected spot with the arrow keys and never onto another spot', () => {
    openStudio();
    const spot = cell('Spot 1, row 1, column 1');
    spot.focus();
    key(spot, ' ');
    expect(screen.getByText('Spot 1 selected; arrow keys move it.')).toBeTruthy();

    key(spot, 'ArrowRight');
    expect(screen.getByText('That cell already has a spot.')).toBeTruthy();
    expect(cell('Spot 1, row 1, column 1')).toBeTruthy();

    key(spot, 'ArrowDown');
    const moved = cell('Spot 1, row 2, column 1');
    expect(moved.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(moved);
    key(moved, 'ArrowRight');
    expect(cell('Spot 1, row 2, column 2')).toBeTruthy();
    expect(cell('Empty cell, row 1, column 1')).toBeTruthy();
  });

  it('removes the selected spot with Delete and lets go of one with Escape', () => {
    openStudio();
    const two = cell('Spot 2, row 1, column 2');
    two.focus();
    key(two, 'Enter');
    key(two, 'Escape');
    expect(two.getAttribute('aria-selected')).toBe('false');
    key(two, 'ArrowRight');
    // Released: the arrow moved the cursor, not the spot.
    expect(cell('Spot 2, row 1, column 2')).toBeTruthy();

    const one = cell('Spot 1, row 1, column 1');
    fireEvent.click(one);
    key(one, 'Delete');
    expect(cell('Empty cell, row 1, column 1')).toBeTruthy();
    expect(screen.getByText('Spot 1 removed.')).toBeTruthy();
  });

  it('disables a spot from the list alternative, which stays on the map but is not bookable', async () => {
    const fake = fakeApi();
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));
    const list = screen.getByRole('list', { name: 'Spots as a list' });
    fireEvent.click(within(list).getByLabelText('Spot 2 out of service'));
    fireEvent.change(within(list).getByLabelText('Row of spot 1'), { target: { value: '2' } });

    expect(cell('Spot 2, row 1, column 2, out of service')).toBeTruthy();
    expect(cell('Spot 1, row 2, column 1')).toBeTruthy();
    await save();
    expect(fake.saves[0]?.layout?.spots['s2']?.disabled).toBe(true);
    expect(fake.saves[0]?.layout?.spots['s1']?.row).toBe(1);
  });

  it('creates a layout and refuses to send one the schema rejects, saying why', async () => {
    const fake = fakeApi({});
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    expect(screen.getByText('No seat layouts yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New layout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add spot' }));
    fireEvent.change(screen.getByLabelText('Spot name'), { target: { value: '' } });

    await save();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Layout name: required, up to 100 characters.');
    expect(alert.textContent).toContain('Spot at row 1, column 1: a name of 1 to 10 characters.');
    expect(fake.saves).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Layout name'), { target: { value: 'Yoga room' } });
    fireEvent.change(screen.getByLabelText('Spot name'), { target: { value: 'A1' } });
    await save();
    expect(fake.saves[0]?.id).toBeUndefined();
    expect(fake.saves[0]?.layout).toEqual({
      name: 'Yoga room',
      rows: 4,
      cols: 6,
      spots: { s1: { id: 's1', label: 'A1', row: 0, col: 0 } },
    });
  });

  it('reports a spot left outside a smaller grid instead of saving', async () => {
    const fake = fakeApi();
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));
    fireEvent.change(screen.getByLabelText('Columns'), { target: { value: '1' } });
    await save();
    expect(screen.getByRole('alert').textContent).toContain('Spot 2 is outside the grid.');
    expect(fake.saves).toHaveLength(0);
  });

  it('shows the function refusal in the catalogue words', async () => {
    const fake = fakeApi();
    fake.answerWith(() =>
      Promise.reject(new CallableRefusal('permission-denied', 'permissionDenied')),
    );
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));
    await save();
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do this.');
  });

  it('does not delete a layout that upcoming classes use', async () => {
    const fake = fakeApi({ studio }, 3);
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));
    await deleteAndConfirm();
    expect(screen.getByRole('alert').textContent).toBe(
      'This layout is used by 3 upcoming classes; it cannot be deleted.',
    );
    expect(fake.saves).toHaveLength(0);
  });

  it('deletes an unused layout by saving null', async () => {
    const fake = fakeApi();
    render(<SeatLayoutEditor api={fake.api} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Studio' }));
    // Asked first: keeping it deletes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Delete layout' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete Studio?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep the layout' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.saves).toHaveLength(0);
    await deleteAndConfirm();
    expect(fake.saves).toEqual([{ id: 'studio', layout: null }]);
    expect(screen.getByRole('status').textContent).toBe('Layout deleted.');
  });
});

/** "Delete layout", then the confirmation's own "Delete layout". */
async function deleteAndConfirm(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Delete layout' }));
  const ask = await screen.findByRole('alertdialog', { name: /^Delete .*\?$/ });
  await act(async () => {
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete layout' }));
    await Promise.resolve();
  });
}
