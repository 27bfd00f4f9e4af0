/**
 * The crop of a picture as the member or admin frames it: the source rectangle of the slot's
 * shape, from a zoom (1 = the largest rectangle that fits) and a centre they move. Pure, so the
 * framing is tested without a canvas.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Framing {
  /** 1 shows the largest crop of the slot's shape; up to MAX_ZOOM narrows it. */
  zoom: number;
  /** The crop's centre, as a fraction of the source's width and height. */
  centerX: number;
  centerY: number;
}

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MAX_ZOOM = 4;
export const INITIAL_FRAMING: Framing = { zoom: 1, centerX: 0.5, centerY: 0.5 };

/** The largest rectangle of `aspect` (width / height) inside `source`. */
function largest(source: Size, aspect: number): Size {
  return source.width / source.height > aspect
    ? { width: source.height * aspect, height: source.height }
    : { width: source.width, height: source.width / aspect };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The framing with its zoom in range and its centre moved so the crop stays inside the source. */
export function clampFraming(source: Size, aspect: number, framing: Framing): Framing {
  const zoom = clamp(framing.zoom, 1, MAX_ZOOM);
  const base = largest(source, aspect);
  const halfWidth = base.width / zoom / 2 / source.width;
  const halfHeight = base.height / zoom / 2 / source.height;
  return {
    zoom,
    centerX: clamp(framing.centerX, halfWidth, 1 - halfWidth),
    centerY: clamp(framing.centerY, halfHeight, 1 - halfHeight),
  };
}

/** The source rectangle (in source pixels) that a framing keeps. */
export function cropRect(source: Size, aspect: number, framing: Framing): CropRect {
  const { zoom, centerX, centerY } = clampFraming(source, aspect, framing);
  const base = largest(source, aspect);
  const width = base.width / zoom;
  const height = base.height / zoom;
  return {
    x: centerX * source.width - width / 2,
    y: centerY * source.height - height / 2,
    width,
    height,
  };
}

/**
 * The framing after dragging by `dx`, `dy` screen pixels over a preview `previewWidth` wide:
 * the picture follows the pointer, so the centre moves the other way.
 */
export function panFraming(
  source: Size,
  aspect: number,
  framing: Framing,
  dx: number,
  dy: number,
  previewWidth: number,
): Framing {
  const crop = cropRect(source, aspect, framing);
  const scale = crop.width / previewWidth;
  return clampFraming(source, aspect, {
    ...framing,
    centerX: framing.centerX - (dx * scale) / source.width,
    centerY: framing.centerY - (dy * scale) / source.height,
  });
}

/**
 * The widths worth making from a crop: the slot's widths up to the crop's own width (never
 * enlarged), and at least the narrowest, so a small picture still fills its slot.
 */
export function widthsFor(cropWidth: number, widths: readonly number[]): number[] {
  const fitting = widths.filter((width) => width <= Math.round(cropWidth));
  return fitting.length > 0 ? fitting : widths.slice(0, 1);
}
