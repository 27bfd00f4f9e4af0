/// <reference lib="dom" />
// The evaluated function runs in the page, where the DOM exists.
// `npm run demo-pictures`: renders the demo studio's pictures (art.ts, and DiceBear Notionists
// portraits for the coaches) to WebP at each width of their slot, in Debian's Chromium, into
// scripts/demo-pictures/files/. The files are committed; the seed uploads them to Storage.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAvatar } from '@dicebear/core';
import * as notionists from '@dicebear/notionists';
import { chromium } from 'playwright-core';
import { PICTURE_SLOTS, type PictureSlotName } from '@studio/core';
import { coverArt, cyclingArt, hiitArt, logoArt, yogaArt } from './art.ts';
import { DEMO_COACH_PORTRAITS, demoPictureFile } from '../lib/demo-pictures.ts';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');

/** A Notionists portrait (CC0 art, see README.md) on a colour, calm features only. */
function portrait(seed: string, background: string): string {
  return createAvatar(notionists, {
    seed,
    glassesProbability: 0,
    gestureProbability: 0,
    bodyIconProbability: 0,
    beardProbability: 20,
    lips: ['variant02', 'variant04', 'variant07', 'variant10', 'variant13', 'variant19'],
    brows: ['variant01', 'variant02', 'variant04', 'variant06', 'variant10'],
    eyes: ['variant01', 'variant02', 'variant03', 'variant04'],
    backgroundColor: [background.replace('#', '')],
    backgroundType: ['solid'],
  }).toString();
}

const pictures: { slot: PictureSlotName; name: string; svg: string }[] = [
  { slot: 'logo', name: 'ritmo', svg: logoArt() },
  { slot: 'cover', name: 'ritmo', svg: coverArt() },
  { slot: 'classType', name: 'cycling', svg: cyclingArt() },
  { slot: 'classType', name: 'yoga', svg: yogaArt() },
  { slot: 'classType', name: 'hiit', svg: hiitArt() },
  ...DEMO_COACH_PORTRAITS.map(({ coach, seed, background }) => ({
    slot: 'coach' as const,
    name: coach,
    svg: portrait(seed, background),
  })),
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  for (const { slot, name, svg } of pictures) {
    const { aspect, widths } = PICTURE_SLOTS[slot];
    for (const width of widths) {
      const height = Math.round(width / aspect);
      const base64 = await page.evaluate(
        async ({ svg, width, height }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d')!;
          // Cover the canvas: the art's own shape is the slot's.
          const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
          const w = image.naturalWidth * scale;
          const h = image.naturalHeight * scale;
          context.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
          const blob = await new Promise<Blob>((resolve) =>
            canvas.toBlob((made) => resolve(made!), 'image/webp', 0.8),
          );
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let text = '';
          for (const byte of bytes) text += String.fromCharCode(byte);
          return btoa(text);
        },
        { svg, width, height },
      );
      const file = path.join(OUT, demoPictureFile(slot, name, width));
      writeFileSync(file, Buffer.from(base64, 'base64'));
      console.log(
        `${path.relative(process.cwd(), file)}  ${Math.round((base64.length * 0.75) / 1024)} KB`,
      );
    }
  }
} finally {
  await browser.close();
}
