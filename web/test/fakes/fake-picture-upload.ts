import { picturePath, storageUrl, type PictureSlotName } from '@studio/core';
import type { UploadPicture } from '../../src/lib/pictures/upload';

/**
 * Stores nothing: answers with the download URL the widest width would have in the local
 * bucket, and records each upload (slot, widths, types), as a screen's tests read them.
 */
export function createFakePictureUpload() {
  const uploads: {
    slot: PictureSlotName;
    widths: number[];
    types: string[];
    uid?: string;
  }[] = [];
  const upload: UploadPicture = (slot, variants, options = {}) => {
    uploads.push({
      slot,
      widths: variants.map((variant) => variant.width),
      types: variants.map((variant) => variant.type),
      ...(options.uid ? { uid: options.uid } : {}),
    });
    const widest = variants[variants.length - 1]!;
    const path = picturePath(
      slot,
      `fake${uploads.length}pic`,
      widest.width,
      widest.type,
      options.uid,
    );
    return Promise.resolve(
      storageUrl({
        origin: 'http://127.0.0.1:9199',
        bucket: 'demo-studio.firebasestorage.app',
        path,
        token: `token-${uploads.length}`,
      }),
    );
  };
  return { upload, uploads };
}
