import { vi } from 'vitest';

/**
 * happy-dom draws nothing: the browser's decoder and canvas are replaced here by stand-ins that
 * report a photo of `width` × `height` and encode every canvas as a tiny blob of the asked type,
 * so a picture field's steps (choose, frame, resize, upload) run in a component test. The real
 * pipeline is exercised in Chromium by the pictures journey.
 */
export function stubImagePipeline(width = 1600, height = 1200, encodes = 'image/webp'): void {
  vi.stubGlobal('createImageBitmap', () =>
    Promise.resolve({ width, height, close: () => undefined }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage: () => undefined, imageSmoothingQuality: 'high' }) as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback, type) {
    const made = type === 'image/jpeg' || type === encodes ? (type ?? 'image/png') : 'image/png';
    callback(new Blob([new Uint8Array(64)], { type: made }));
  });
}

/** Puts the browser's decoder and canvas back (call it in the file's `afterEach`). */
export function restoreImagePipeline(): void {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
