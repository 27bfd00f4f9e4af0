import { storageUrl } from '@studio/core';

/** The local bucket the app under test reads pictures from (the emulators' demo project). */
const LOCAL_STORE = { origin: 'http://127.0.0.1:9199', bucket: 'demo-studio.firebasestorage.app' };

/** A download URL of `path` in the studio's own (local) bucket: a picture the app draws. */
export function studioPictureUrl(path: string): string {
  return storageUrl({ ...LOCAL_STORE, path, token: 'token-1' });
}

/**
 * Picture URLs a member or a careless admin could write that the app must never load: a tracking
 * pixel elsewhere, another bucket on Google's host, script and markup, an svg member photo.
 */
export const HOSTILE_PICTURE_URLS = [
  'https://tracker.example/pixel.png?viewer=1',
  storageUrl({
    origin: 'https://firebasestorage.googleapis.com',
    bucket: 'attacker.appspot.com',
    path: 'members/mallory/avatar/abcdef/192.webp',
    token: null,
  }),
  storageUrl({ ...LOCAL_STORE, bucket: 'other-bucket', path: 'x/y.webp', token: null }),
  '//tracker.example/pixel.png',
  'javascript:alert(1)',
  'data:text/html;base64,PHA+',
] as const;
