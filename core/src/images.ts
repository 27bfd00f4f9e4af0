// Where a picture a record names may be loaded from: the studio's own Cloud Storage bucket or a
// data URL, nothing else, so showing a profile loads nothing from a third party (a remote URL
// would tell its owner the viewer's address and when the profile was opened). One check for
// every member-written image field, on top of pictures.ts's parser.
import { parseStorageUrl } from './pictures';

/** The studio's storage as the app reaches it: the service's origin and the bucket. */
export interface ImageStore {
  origin: string;
  bucket: string;
}

/** Google's Cloud Storage for Firebase download host. */
export const STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/** The store of `bucket`: production's host, or the Storage emulator's origin when one runs. */
export function imageStoreOf(bucket: string, emulatorOrigin?: string): ImageStore {
  return { origin: emulatorOrigin ?? STORAGE_ORIGIN, bucket };
}

/**
 * A member's `photo`: png, jpeg, webp or gif (never svg, which can carry script and links when
 * opened on its own). A `studio` picture (logo, cover, coach, class type, product), written by an
 * admin and only ever drawn through `<img>`, may also be svg.
 */
export type ImageKind = 'photo' | 'studio';

const DATA_URL: Record<ImageKind, RegExp> = {
  photo: /^data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/,
  studio: /^data:image\/(?:png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/,
};

export type ImageSourceProblem = 'notImage' | 'foreignStore' | 'notDataImage';

/**
 * Why `value` may not be drawn as an image of `kind`, or null when it may: a data URL of an
 * allowed type, or a download URL of an object in the studio's own bucket (`store`). With no
 * store known (storage not configured), only data URLs pass.
 */
export function imageSourceProblem(
  value: unknown,
  store: ImageStore | null,
  kind: ImageKind,
): ImageSourceProblem | null {
  if (typeof value !== 'string' || value === '') return 'notImage';
  if (value.startsWith('data:')) return DATA_URL[kind].test(value) ? null : 'notDataImage';
  const parsed = parseStorageUrl(value);
  if (parsed === null || store === null) return 'foreignStore';
  return parsed.origin === store.origin && parsed.bucket === store.bucket ? null : 'foreignStore';
}

/** `value` when it may be drawn (see `imageSourceProblem`), else undefined. */
export function studioImage(
  value: unknown,
  store: ImageStore | null,
  kind: ImageKind,
): string | undefined {
  return imageSourceProblem(value, store, kind) === null ? (value as string) : undefined;
}
