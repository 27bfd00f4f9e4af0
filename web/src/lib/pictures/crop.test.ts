import { describe, expect, it } from 'vitest';
import { clampFraming, cropRect, INITIAL_FRAMING, panFraming, widthsFor } from './crop';

const landscape = { width: 4000, height: 3000 };

describe('picture framing', () => {
  it('starts with the largest centred crop of the slot shape', () => {
    expect(cropRect(landscape, 1, INITIAL_FRAMING)).toEqual({
      x: 500,
      y: 0,
      width: 3000,
      height: 3000,
    });
    expect(cropRect(landscape, 16 / 9, INITIAL_FRAMING)).toEqual({
      x: 0,
      y: 375,
      width: 4000,
      height: 2250,
    });
  });

  it('zooms around the centre and never past the edges', () => {
    expect(cropRect(landscape, 1, { zoom: 2, centerX: 0.5, centerY: 0.5 })).toEqual({
      x: 1250,
      y: 750,
      width: 1500,
      height: 1500,
    });
    // A centre in the corner is pulled back so the crop stays inside.
    expect(cropRect(landscape, 1, { zoom: 2, centerX: 0, centerY: 1 })).toEqual({
      x: 0,
      y: 1500,
      width: 1500,
      height: 1500,
    });
    expect(clampFraming(landscape, 1, { zoom: 9, centerX: 0.5, centerY: 0.5 }).zoom).toBe(4);
    expect(clampFraming(landscape, 1, { zoom: 0.2, centerX: 0.5, centerY: 0.5 }).zoom).toBe(1);
  });

  it('moves the picture with the pointer: dragging right shows more of the left', () => {
    const start = { zoom: 2, centerX: 0.5, centerY: 0.5 };
    const moved = panFraming(landscape, 1, start, 150, 0, 300);
    // 150 preview px of a 1500 px crop shown 300 px wide = 750 source px.
    expect(moved.centerX).toBeCloseTo(0.5 - 750 / 4000);
    expect(moved.centerY).toBe(0.5);
  });

  it('makes the slot widths the crop can fill, never enlarging, at least the narrowest', () => {
    expect(widthsFor(3000, [128, 256, 512])).toEqual([128, 256, 512]);
    expect(widthsFor(300, [128, 256, 512])).toEqual([128, 256]);
    expect(widthsFor(90, [128, 256, 512])).toEqual([128]);
  });
});
