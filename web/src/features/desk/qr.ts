/**
 * QR codes both ways: the member's pass drawn as an SVG path (uqr, a few kB, no canvas), and a
 * camera frame read by the browser's `BarcodeDetector` where it has one, else by jsQR (loaded
 * only when a scanner opens).
 */
import { encode } from 'uqr';

/** The dark modules as one SVG path in module units, and the side with a 4-module quiet zone. */
export function qrPath(text: string): { d: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const runs: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) runs.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { d: runs.join(''), size };
}

/** Reads the QR code in one frame; null when there is none. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats: () => Promise<string[]>;
}

function nativeDetector(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return candidate ?? null;
}

/** The best reader this browser has: its own detector when it reads QR codes, else jsQR. */
export async function frameReader(): Promise<FrameReader> {
  const Native = nativeDetector();
  if (
    Native &&
    (await Native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')
  ) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!context || width === 0 || height === 0) return Promise.resolve(null);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    const found = jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' });
    return Promise.resolve(found?.data ?? null);
  };
}
