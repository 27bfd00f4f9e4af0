/**
 * Writes the PWA icons into public/: a solid square in the theme colour with a white ring (no
 * letters), drawn pixel by pixel and encoded as PNG with zlib, so no image tool is needed. Run with
 * `npm run icons -w web`; the PNGs are committed. A build for one studio runs it with
 * `VITE_STUDIO_COLOR=#rrggbb` first, so the installed icon wears the studio's colour
 * (docs/architecture/web-app.md#studio-branding).
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const THEME =
  /^#([0-9a-f]{6})$/i.exec(process.env['VITE_STUDIO_COLOR']?.trim() ?? '')?.[1] ?? '0f5e59';
const BACKGROUND = [0, 2, 4].map((at) => Number.parseInt(THEME.slice(at, at + 2), 16)) as [
  number,
  number,
  number,
];
const RING = [0xff, 0xff, 0xff] as const;

interface IconSpec {
  file: string;
  size: number;
  /** Outer ring radius as a share of half the side; maskable icons keep it inside the 80 % safe zone. */
  outer: number;
  inner: number;
}

const ICONS: readonly IconSpec[] = [
  { file: 'pwa-64x64.png', size: 64, outer: 0.78, inner: 0.5 },
  { file: 'pwa-192x192.png', size: 192, outer: 0.78, inner: 0.5 },
  { file: 'pwa-512x512.png', size: 512, outer: 0.78, inner: 0.5 },
  { file: 'maskable-icon-512x512.png', size: 512, outer: 0.56, inner: 0.36 },
  { file: 'apple-touch-icon-180x180.png', size: 180, outer: 0.66, inner: 0.42 },
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function drawIcon({ size, outer, inner }: IconSpec): Buffer {
  const half = size / 2;
  // One filter byte (0 = none) per row, then RGB triples.
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - half, y + 0.5 - half) / half;
      const colour = distance <= outer && distance >= inner ? RING : BACKGROUND;
      raw.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const icon of ICONS) {
  const target = new URL(`../public/${icon.file}`, import.meta.url);
  writeFileSync(target, drawIcon(icon));
  console.log(`wrote public/${icon.file}`);
}
