/**
 * Which picture URLs the app draws: only the studio's own Cloud Storage bucket or an inline data
 * URL (core `imageSourceProblem`), so opening a profile, a roster or the shop loads nothing from a
 * third party that could learn the viewer's address. Every `<img>` of a URL read from the
 * database goes through `drawableImage`; the Hosting policy's img-src says the same to the browser.
 */
import type { ImageKind, ImageStore } from '@studio/core';
import { imageStoreOf, studioImage } from '@studio/core';
import { firebaseSetup, FOR_EMULATORS } from '../firebase-setup';

/** A stack on this machine, by any of its names: its Storage emulator writes 127.0.0.1. */
function emulatorOrigin({ host, port }: { host: string; port: number }): string {
  const loopback = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host);
  return `http://${loopback ? '127.0.0.1' : host}:${port}`;
}

let store: ImageStore | null | undefined;

/** The studio's bucket as this build reaches it: Google's host, or the local Storage emulator. */
export function studioImageStore(): ImageStore | null {
  if (store === undefined) {
    const { options, emulators } = firebaseSetup();
    // A production build leaves the emulator branch out.
    const local = FOR_EMULATORS ? emulators?.storage : undefined;
    store = options.storageBucket
      ? imageStoreOf(options.storageBucket, local ? emulatorOrigin(local) : undefined)
      : null;
  }
  return store;
}

/**
 * `value` when the app may draw it, else undefined (the caller shows initials or nothing). A
 * member's `photo` is png, jpeg, webp or gif; a `studio` picture (admin-written) may be svg too.
 */
export function drawableImage(value: unknown, kind: ImageKind): string | undefined {
  return studioImage(value, studioImageStore(), kind);
}
