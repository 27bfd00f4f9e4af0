/**
 * The seat-layout editor's edits as pure functions on a `SeatLayout` draft: each returns a new
 * layout (or the same object when the edit is not possible), so the grid, the keyboard and the
 * list alternative all change the draft the same way.
 */
import type { SeatLayout, SeatSpot } from '@studio/core';

export interface Cell {
  row: number;
  col: number;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

const STEPS: Readonly<Record<Direction, Cell>> = {
  up: { row: -1, col: 0 },
  down: { row: 1, col: 0 },
  left: { row: 0, col: -1 },
  right: { row: 0, col: 1 },
};

export function emptyLayout(): SeatLayout {
  return { name: '', rows: 4, cols: 6, spots: {} };
}

export function spotAt(layout: SeatLayout, cell: Cell): SeatSpot | undefined {
  return Object.values(layout.spots).find((spot) => spot.row === cell.row && spot.col === cell.col);
}

export function insideGrid(layout: SeatLayout, cell: Cell): boolean {
  return cell.row >= 0 && cell.col >= 0 && cell.row < layout.rows && cell.col < layout.cols;
}

/** The neighbouring cell, or the same cell at the grid's edge. */
export function step(layout: SeatLayout, cell: Cell, direction: Direction): Cell {
  const next = { row: cell.row + STEPS[direction].row, col: cell.col + STEPS[direction].col };
  return insideGrid(layout, next) ? next : cell;
}

/** Spot ids are `s1`, `s2`…, like the demo layouts; a new one never reuses a stored id. */
function nextSpotId(layout: SeatLayout): string {
  let highest = 0;
  for (const id of Object.keys(layout.spots)) {
    const match = /^s(\d+)$/.exec(id);
    if (match?.[1] !== undefined) highest = Math.max(highest, Number(match[1]));
  }
  return `s${highest + 1}`;
}

/** The first number not yet used as a label, so a new spot reads "13" after "1" … "12". */
function nextLabel(layout: SeatLayout): string {
  const labels = new Set(Object.values(layout.spots).map((spot) => spot.label));
  let n = 1;
  while (labels.has(String(n))) n += 1;
  return String(n);
}

/** Adds a spot on a free cell; returns its id, or null when the cell is taken or outside. */
export function addSpot(layout: SeatLayout, cell: Cell): { layout: SeatLayout; id: string } | null {
  if (!insideGrid(layout, cell) || spotAt(layout, cell)) return null;
  const id = nextSpotId(layout);
  const spot: SeatSpot = { id, label: nextLabel(layout), row: cell.row, col: cell.col };
  return { layout: { ...layout, spots: { ...layout.spots, [id]: spot } }, id };
}

function updateSpot(layout: SeatLayout, id: string, change: Partial<SeatSpot>): SeatLayout {
  const spot = layout.spots[id];
  if (!spot) return layout;
  return { ...layout, spots: { ...layout.spots, [id]: { ...spot, ...change, id } } };
}

/** Moves a spot to a free cell inside the grid; otherwise the layout is unchanged. */
export function moveSpot(layout: SeatLayout, id: string, to: Cell): SeatLayout {
  const occupant = spotAt(layout, to);
  if (!layout.spots[id] || !insideGrid(layout, to) || (occupant && occupant.id !== id))
    return layout;
  return updateSpot(layout, id, { row: to.row, col: to.col });
}

export function renameSpot(layout: SeatLayout, id: string, label: string): SeatLayout {
  return updateSpot(layout, id, { label });
}

/** A disabled spot stays on the map (a broken bike) but cannot be booked. */
export function setSpotDisabled(layout: SeatLayout, id: string, disabled: boolean): SeatLayout {
  const spot = layout.spots[id];
  if (!spot) return layout;
  const { disabled: _previous, ...rest } = spot;
  const next: SeatSpot = disabled ? { ...rest, disabled: true } : rest;
  return { ...layout, spots: { ...layout.spots, [id]: next } };
}

export function deleteSpot(layout: SeatLayout, id: string): SeatLayout {
  if (!layout.spots[id]) return layout;
  const spots = { ...layout.spots };
  delete spots[id];
  return { ...layout, spots };
}

/** Spots in reading order (row, then column), disabled ones included. */
export function spotsInOrder(layout: SeatLayout): SeatSpot[] {
  return Object.values(layout.spots).sort((a, b) => a.row - b.row || a.col - b.col);
}
