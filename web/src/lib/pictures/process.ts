/**
 * A chosen picture made ready for Cloud Storage, in the browser: checked (an image, at most
 * MAX_PICTURE_INPUT_BYTES), decoded with its camera orientation, cropped to the slot's shape and
 * resized to each width the app shows, as WebP (JPEG where the browser cannot encode WebP).
 * Nothing leaves the device but these few small files.
 */
import { MAX_PICTURE_INPUT_BYTES, type PictureSlot, type PictureType } from '@studio/core';
import type { CropRect } from './crop';
import { widthsFor } from './crop';

export type PictureProblem = 'notAnImage' | 'tooLarge' | 'unreadable';

export class PictureError extends Error {
  constructor(readonly problem: PictureProblem) {
    super(problem);
  }
}

export interface PictureVariant {
  width: number;
  height: number;
  type: PictureType;
  blob: Blob;
}

/** Checks a file and decodes it; throws PictureError with what is wrong for the person. */
export async function decodePicture(file: Blob): Promise<ImageBitmap> {
  if (!file.type.startsWith('image/')) throw new PictureError('notAnImage');
  if (file.size > MAX_PICTURE_INPUT_BYTES) throw new PictureError('tooLarge');
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // A format the browser cannot read (HEIC on most desktops), or a damaged file.
    throw new PictureError('unreadable');
  }
}

const QUALITY = { 'image/webp': 0.82, 'image/jpeg': 0.85 } as const;

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: HTMLCanvasElement, type: PictureType): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY[type]));
}

/**
 * Draws `crop` of `source` at `width` × `height`, halving in steps first so a large photo keeps
 * its detail (one big downscale in a canvas skips pixels).
 */
function draw(source: CanvasImageSource, crop: CropRect, width: number, height: number) {
  let current: CanvasImageSource = source;
  let rect = crop;
  while (rect.width / 2 >= width * 1.5) {
    const step = canvasOf(Math.round(rect.width / 2), Math.round(rect.height / 2));
    const context = step.getContext('2d')!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      current,
      rect.x,
      rect.y,
      rect.width,
      rect.height,
      0,
      0,
      step.width,
      step.height,
    );
    current = step;
    rect = { x: 0, y: 0, width: step.width, height: step.height };
  }
  const canvas = canvasOf(width, height);
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(current, rect.x, rect.y, rect.width, rect.height, 0, 0, width, height);
  return canvas;
}

/** Every width of the slot the crop can fill, encoded, narrowest first. */
export async function renderVariants(
  source: ImageBitmap,
  crop: CropRect,
  slot: Pick<PictureSlot, 'aspect' | 'widths'>,
): Promise<PictureVariant[]> {
  const variants: PictureVariant[] = [];
  let type: PictureType = 'image/webp';
  for (const width of widthsFor(crop.width, slot.widths)) {
    const height = Math.round(width / slot.aspect);
    const canvas = draw(source, crop, width, height);
    let blob = await encode(canvas, type);
    // A browser that cannot encode WebP hands back PNG: JPEG then, for every width.
    if (blob === null || blob.type !== type) {
      type = 'image/jpeg';
      blob = await encode(canvas, type);
    }
    if (blob === null) throw new PictureError('unreadable');
    variants.push({ width, height, type, blob });
  }
  return variants;
}
