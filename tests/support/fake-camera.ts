// A camera for journeys: Chromium plays a Y4M file as the device camera
// (--use-fake-device-for-media-stream --use-file-for-fake-video-capture), so a scanner sees
// exactly the QR code a test draws.
import { writeFile } from 'node:fs/promises';
import { encode } from 'uqr';

const WIDTH = 640;
const HEIGHT = 480;
/** Video-range luma for black and white modules. */
const DARK = 16;
const LIGHT = 235;

/**
 * Writes a few seconds of 4:2:0 Y4M video showing `text` as a QR code on white, centred, with
 * its quiet zone; Chromium loops it.
 */
export async function writeQrVideo(text: string, file: string): Promise<void> {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor((HEIGHT - 40) / size);
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, LIGHT);
  for (let y = 0; y < size * scale; y++) {
    const row = data[Math.floor(y / scale)] ?? [];
    for (let x = 0; x < size * scale; x++) {
      if (row[Math.floor(x / scale)]) luma[(top + y) * WIDTH + left + x] = DARK;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: 20 }, () => frame)]));
}

/** The flags that make `file` the browser's camera, permission granted. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
