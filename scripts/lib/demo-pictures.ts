// The demo studio's pictures (scripts/demo-pictures/): which files there are, and the seed's
// upload of them to Cloud Storage through the admin SDK, each width as the app would store it
// (core's PICTURE_SLOTS paths, a year's cache), with a download token derived from its path so
// a re-seed gives the same URLs. Returns the download URL of each picture's widest width.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import {
  PICTURE_CACHE_CONTROL,
  PICTURE_SLOTS,
  picturePath,
  storageUrl,
  type PictureSlotName,
} from '@studio/core';

const FILES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-pictures/files');

/** The coaches' portraits: a Notionists seed each, on the colour of the class they teach most. */
export const DEMO_COACH_PORTRAITS = [
  { coach: 'carlos', seed: 'coach-0', background: '#e4572e' },
  { coach: 'lucia', seed: 'coach-14', background: '#17bebb' },
  { coach: 'valeria', seed: 'coach-32', background: '#ffc914' },
  { coach: 'diego', seed: 'coach-26', background: '#5b2a86' },
] as const;

/** Every demo picture: its slot and name (the file names and the picture id follow). */
export const DEMO_PICTURES: readonly { slot: PictureSlotName; name: string }[] = [
  { slot: 'logo', name: 'ritmo' },
  { slot: 'cover', name: 'ritmo' },
  { slot: 'classType', name: 'cycling' },
  { slot: 'classType', name: 'yoga' },
  { slot: 'classType', name: 'hiit' },
  ...DEMO_COACH_PORTRAITS.map(({ coach }) => ({ slot: 'coach' as const, name: coach })),
];

export function demoPictureFile(slot: PictureSlotName, name: string, width: number): string {
  return `${slot}-${name}-${width}.webp`;
}

/** A token shaped like Firebase's (a UUID), fixed for a path: demo data, not a secret. */
function tokenFor(objectPath: string): string {
  const hex = createHash('sha256').update(`demo-picture:${objectPath}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Uploads every demo picture into the app's bucket (the emulator named by
 * FIREBASE_STORAGE_EMULATOR_HOST) and answers `slot/name` → download URL of the widest width.
 */
export async function uploadDemoPictures(
  app: App,
  bucketName: string,
): Promise<Record<string, string>> {
  const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  if (!host)
    throw new Error(
      'FIREBASE_STORAGE_EMULATOR_HOST is not set: seeding only targets the emulators.',
    );
  const bucket = getStorage(app).bucket(bucketName);
  const urls: Record<string, string> = {};
  await Promise.all(
    DEMO_PICTURES.map(async ({ slot, name }) => {
      const { widths } = PICTURE_SLOTS[slot];
      for (const width of widths) {
        const objectPath = picturePath(slot, `demo-${name}`, width, 'image/webp');
        const token = tokenFor(objectPath);
        await bucket
          .file(objectPath)
          .save(readFileSync(path.join(FILES, demoPictureFile(slot, name, width))), {
            resumable: false,
            contentType: 'image/webp',
            metadata: {
              cacheControl: PICTURE_CACHE_CONTROL,
              metadata: { firebaseStorageDownloadTokens: token },
            },
          });
        urls[`${slot}/${name}`] = storageUrl({
          origin: `http://${host}`,
          bucket: bucketName,
          path: objectPath,
          token,
        });
      }
    }),
  );
  return urls;
}
