/**
 * Uploads a picture's widths to Cloud Storage through the Firebase SDK and returns the download
 * URL of the widest, which the record keeps (core's PICTURE_SLOTS says where each slot goes).
 * Each width is cached for a year by browsers and CDNs: a new upload is a new path.
 */
import { PICTURE_CACHE_CONTROL, picturePath, type PictureSlotName } from '@studio/core';
import { getStorageClient } from '../firebase';
import type { PictureVariant } from './process';

/** What a screen calls to store a picture; tests pass a fake. */
export type UploadPicture = (
  slot: PictureSlotName,
  variants: readonly PictureVariant[],
  options?: { uid?: string },
) => Promise<string>;

/** 22 URL-safe characters: a new, unguessable folder per upload. */
export function newPictureId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const uploadPicture: UploadPicture = async (slot, variants, options = {}) => {
  if (variants.length === 0) throw new Error('no picture to upload');
  const [storage, { getDownloadURL, ref, uploadBytes }] = await Promise.all([
    getStorageClient(),
    import('firebase/storage'),
  ]);
  const pictureId = newPictureId();
  const stored = await Promise.all(
    variants.map(({ width, type, blob }) =>
      uploadBytes(ref(storage, picturePath(slot, pictureId, width, type, options.uid)), blob, {
        contentType: type,
        cacheControl: PICTURE_CACHE_CONTROL,
      }),
    ),
  );
  return getDownloadURL(stored[stored.length - 1]!.ref);
};
