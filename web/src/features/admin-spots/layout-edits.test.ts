import { describe, expect, it } from 'vitest';
import type { SeatLayout } from '@studio/core';
import { seatLayoutSchema } from '@studio/core';
import {
  addFeature,
  addSpot,
  cellTaken,
  deleteFeature,
  featureAt,
  moveSpot,
  setSpotKind,
  updateFeature,
} from './layout-edits';

const room: SeatLayout = {
  name: 'Cycling',
  rows: 3,
  cols: 4,
  spots: { s1: { id: 's1', label: '1', row: 1, col: 0 } },
};

describe('room features on the layout', () => {
  it('places a podium on a free cell and finds it there', () => {
    const added = addFeature(room, 'podium', { row: 0, col: 1 });
    expect(added?.id).toBe('f1');
    expect(featureAt(added!.layout, { row: 0, col: 1 })?.feature.kind).toBe('podium');
    expect(cellTaken(added!.layout, { row: 0, col: 1 })).toBe(true);
    expect(seatLayoutSchema.safeParse(added!.layout).success).toBe(true);
  });

  it('refuses a feature on a spot, and a spot on a feature', () => {
    expect(addFeature(room, 'door', { row: 1, col: 0 })).toBeNull();
    const withDoor = addFeature(room, 'door', { row: 2, col: 3 })!.layout;
    expect(addSpot(withDoor, { row: 2, col: 3 })).toBeNull();
    expect(moveSpot(withDoor, 's1', { row: 2, col: 3 })).toBe(withDoor);
  });

  it('stretches a mirror along the front wall while it fits', () => {
    const { layout, id } = addFeature(room, 'mirror', { row: 0, col: 0 })!;
    const wide = updateFeature(layout, id, { width: 4 });
    expect(featureAt(wide, { row: 0, col: 3 })?.id).toBe(id);
    // Past the grid, over a spot, or to nothing: unchanged.
    expect(updateFeature(wide, id, { width: 5 })).toBe(wide);
    expect(updateFeature(wide, id, { height: 2 })).toBe(wide);
    expect(updateFeature(wide, id, { width: 0 })).toBe(wide);
    expect(deleteFeature(wide, id).features).toEqual({});
  });

  it('ignores inherited names', () => {
    expect(updateFeature(room, 'toString', { width: 2 })).toBe(room);
    expect(deleteFeature(room, 'constructor')).toBe(room);
    expect(setSpotKind(room, '__proto__', 'bike')).toBe(room);
  });

  it('sets and clears what stands on a spot', () => {
    const bikes = setSpotKind(room, 's1', 'bike');
    expect(bikes.spots.s1?.kind).toBe('bike');
    expect(setSpotKind(bikes, 's1', undefined).spots.s1).toEqual(room.spots.s1);
  });
});
