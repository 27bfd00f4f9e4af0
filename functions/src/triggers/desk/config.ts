// The front desk's secret: MEMBER_PASS_SECRET signs member passes (handlers/desk/pass-codes.ts).
// A Firebase secret (Secret Manager in production; locally functions/.secret.local, which the
// stack writes with a value that is not secret). Rotating it voids every pass; members' apps ask
// for a new one the next time they show it.
import { defineSecret } from 'firebase-functions/params';
import { adminStorage } from '../../admin';
import type { SignatureStore } from '../../handlers/desk/waivers';

export const MEMBER_PASS_SECRET = defineSecret('MEMBER_PASS_SECRET');

/** Signature images in the project's bucket, written with the admin SDK (storage.rules). */
export function signatureStore(): SignatureStore {
  return {
    async save(path, png) {
      await adminStorage()
        .bucket()
        .file(path)
        .save(png, {
          resumable: false,
          contentType: 'image/png',
          metadata: { cacheControl: 'private, max-age=0' },
        });
    },
  };
}
