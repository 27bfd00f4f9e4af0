import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SeatLayout } from '@studio/core';
import { SpotMap } from './spot-map';

const room: SeatLayout = {
  name: 'Cycling room',
  rows: 3,
  cols: 3,
  features: {
    f1: { kind: 'podium', row: 0, col: 1, width: 1, height: 1 },
    f2: { kind: 'door', row: 2, col: 2, width: 1, height: 1 },
  },
  spots: {
    a: { id: 'a', label: '1', row: 1, col: 0, kind: 'bike' },
    b: { id: 'b', label: '2', row: 1, col: 1, kind: 'bike' },
    c: { id: 'c', label: '3', row: 1, col: 2, kind: 'bike', disabled: true },
    d: { id: 'd', label: '4', row: 2, col: 0 },
  },
};

describe('the spot map as a room', () => {
  it('draws the front and the doors, every spot in place, and a legend of what it shows', () => {
    render(<SpotMap layout={room} taken={new Set(['b'])} mine="a" friends={new Set(['d'])} />);
    const map = within(screen.getByRole('group', { name: 'Spot map' }));
    expect(map.getByRole('img', { name: 'Coach' })).toBeTruthy();
    expect(map.getByRole('img', { name: 'Door' })).toBeTruthy();
    expect(map.getByRole('button', { name: 'Spot 1, yours' }).className).toContain('spot-mine');
    expect(map.getByRole('button', { name: 'Spot 2, taken' })).toBeTruthy();
    expect(map.getByRole('button', { name: "Spot 4, your friend's" })).toBeTruthy();
    // Out of service is drawn where it stands, not left as a hole.
    expect(map.getByRole('button', { name: 'Spot 3, out of service' })).toHaveProperty(
      'disabled',
      true,
    );
    const legend = within(screen.getByRole('list', { name: 'What the spots show' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Free',
      'Taken',
      'Yours',
      "Your friend's",
      'Out of service',
    ]);
  });

  it('lets only free spots be chosen, and only when choosing is possible', () => {
    const onChoose = vi.fn();
    render(<SpotMap layout={room} taken={new Set(['b'])} onChoose={onChoose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Spot 4, free' }));
    expect(onChoose).toHaveBeenCalledWith('d');
    expect(screen.getByRole('button', { name: 'Spot 2, taken' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Spot 3, out of service' })).toHaveProperty(
      'disabled',
      true,
    );
    // A legend only of what is on the map.
    expect(screen.queryByText('Yours')).toBeNull();
    expect(screen.queryByText('Your choice')).toBeNull();
  });

  it('names the chosen spot in the legend once one is chosen', () => {
    render(<SpotMap layout={room} taken={new Set()} chosen="d" onChoose={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Spot 4, chosen' }).className).toContain(
      'spot-chosen',
    );
    const legend = within(screen.getByRole('list', { name: 'What the spots show' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Free',
      'Taken',
      'Your choice',
      'Out of service',
    ]);
  });
});
