/**
 * The seat-layout editor's edits as pure functions on a `SeatLayout` draft: each returns a new
 * layout (or the same object when the edit is not possible), so the grid, the keyboard and the
 * list alternative all change the draft the same way.
 */
import type { RoomFeature, RoomFeatureKind, SeatLayout, SeatSpot, SpotKind } from '@studio/core';
import { featureCells } from '@studio/core';

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

/** The feature covering `cell` (a mirror spans several), with its key. */
export function featureAt(
  layout: SeatLayout,
  cell: Cell,
): { id: string; feature: RoomFeature } | undefined {
  const key = `${cell.row}:${cell.col}`;
  for (const [id, feature] of Object.entries(layout.features ?? {}))
    if (featureCells(feature).includes(key)) return { id, feature };
  return undefined;
}

/** Whether a spot or a feature is already on `cell`. */
export function cellTaken(layout: SeatLayout, cell: Cell, except?: string): boolean {
  const spot = spotAt(layout, cell);
  const feature = featureAt(layout, cell);
  return (
    (spot !== undefined && spot.id !== except) || (feature !== undefined && feature.id !== except)
  );
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
  if (!insideGrid(layout, cell) || cellTaken(layout, cell)) return null;
  const id = nextSpotId(layout);
  const spot: SeatSpot = { id, label: nextLabel(layout), row: cell.row, col: cell.col };
  return { layout: { ...layout, spots: { ...layout.spots, [id]: spot } }, id };
}

function updateSpot(layout: SeatLayout, id: string, change: Partial<SeatSpot>): SeatLayout {
  const spot = Object.hasOwn(layout.spots, id) ? layout.spots[id] : undefined;
  if (!spot) return layout;
  return { ...layout, spots: { ...layout.spots, [id]: { ...spot, ...change, id } } };
}

/** Moves a spot to a free cell inside the grid; otherwise the layout is unchanged. */
export function moveSpot(layout: SeatLayout, id: string, to: Cell): SeatLayout {
  if (!Object.hasOwn(layout.spots, id) || !insideGrid(layout, to) || cellTaken(layout, to, id))
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

/** What stands on a spot (a bike, a mat…); undefined: a plain spot. */
export function setSpotKind(
  layout: SeatLayout,
  id: string,
  kind: SpotKind | undefined,
): SeatLayout {
  const spot = Object.hasOwn(layout.spots, id) ? layout.spots[id] : undefined;
  if (!spot) return layout;
  const { kind: _previous, ...rest } = spot;
  return { ...layout, spots: { ...layout.spots, [id]: kind ? { ...rest, kind } : rest } };
}

function nextFeatureId(layout: SeatLayout): string {
  let highest = 0;
  for (const id of Object.keys(layout.features ?? {})) {
    const match = /^f(\d+)$/.exec(id);
    if (match?.[1] !== undefined) highest = Math.max(highest, Number(match[1]));
  }
  return `f${highest + 1}`;
}

function fits(layout: SeatLayout, feature: RoomFeature, except?: string): boolean {
  return featureCells(feature).every((key) => {
    const [row = -1, col = -1] = key.split(':').map(Number);
    return insideGrid(layout, { row, col }) && !cellTaken(layout, { row, col }, except);
  });
}

/** Places a podium, mirror, screen or door on a free cell; null when it does not fit. */
export function addFeature(
  layout: SeatLayout,
  kind: RoomFeatureKind,
  cell: Cell,
): { layout: SeatLayout; id: string } | null {
  const feature: RoomFeature = { kind, row: cell.row, col: cell.col, width: 1, height: 1 };
  if (!fits(layout, feature)) return null;
  const id = nextFeatureId(layout);
  return { layout: { ...layout, features: { ...layout.features, [id]: feature } }, id };
}

/** Moves or resizes a feature; the layout is unchanged when the result would not fit. */
export function updateFeature(
  layout: SeatLayout,
  id: string,
  change: Partial<Omit<RoomFeature, 'kind'>>,
): SeatLayout {
  const features = layout.features ?? {};
  const feature = Object.hasOwn(features, id) ? features[id] : undefined;
  if (!feature) return layout;
  const next = { ...feature, ...change };
  if (next.width < 1 || next.height < 1 || !fits(layout, next, id)) return layout;
  return { ...layout, features: { ...features, [id]: next } };
}

export function deleteFeature(layout: SeatLayout, id: string): SeatLayout {
  const features = layout.features ?? {};
  if (!Object.hasOwn(features, id)) return layout;
  const rest = { ...features };
  delete rest[id];
  return { ...layout, features: rest };
}
