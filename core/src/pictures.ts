// The studio's pictures in Cloud Storage (docs/architecture/data-model.md#pictures): each kind
// of picture has a folder, a shape and the widths the app shows it at. An upload stores one
// object per width (`{folder}/{picture id}/{width}.webp`) and the record keeps the download URL
// of the widest; the narrower ones of a studio picture are its siblings, which storage.rules
// lets anyone read, so `pictureSources` derives a `srcset` from the one stored URL.

export const PICTURE_SLOTS = {
  /** The studio's logo: header, start page, sign-in. */
  logo: { folder: 'studio/logo', aspect: 1, widths: [96, 192, 384] },
  /** The studio's cover: home, sign-in, registration. */
  cover: { folder: 'studio/cover', aspect: 16 / 9, widths: [640, 1280, 1920] },
  /** One per class type: class cards, the class sheet, My Classes. */
  classType: { folder: 'studio/class-types', aspect: 3 / 2, widths: [320, 640, 1280] },
  /** A coach's headshot: avatars on cards and lists, the class sheet, the coach page. */
  coach: { folder: 'studio/coaches', aspect: 1, widths: [128, 256, 512] },
  /** A shop product (the spec's `Img`). */
  product: { folder: 'studio/shop', aspect: 1, widths: [320, 640] },
  /** A member's own photo (the spec's `Users/{uid}/Img`): one width, private to them and staff. */
  avatar: { folder: 'members/{uid}/avatar', aspect: 1, widths: [192] },
} as const satisfies Record<string, PictureSlot>;

export interface PictureSlot {
  /** Where its objects go; `{uid}` is the member's own id. */
  folder: string;
  /** Width over height of the crop. */
  aspect: number;
  /** Widths kept, narrowest first; the widest is the one the record refers to. */
  widths: readonly number[];
}

export type PictureSlotName = keyof typeof PICTURE_SLOTS;

/** A picture id: what the uploader generates, so two uploads never share an object. */
const PICTURE_ID = /^[A-Za-z0-9_-]{6,64}$/;
export const PICTURE_EXTENSIONS = { 'image/webp': 'webp', 'image/jpeg': 'jpg' } as const;
export type PictureType = keyof typeof PICTURE_EXTENSIONS;

/** Bytes a picture chosen for upload may have before it is resized in the browser. */
export const MAX_PICTURE_INPUT_BYTES = 5 * 1024 * 1024;
/** Cache lifetime of a stored width: its path is new with every upload, so it never changes. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The object path of one width of a picture. */
export function picturePath(
  slot: PictureSlotName,
  pictureId: string,
  width: number,
  type: PictureType,
  uid?: string,
): string {
  const { folder, widths } = PICTURE_SLOTS[slot] as PictureSlot;
  if (!PICTURE_ID.test(pictureId)) throw new Error(`invalid picture id ${pictureId}`);
  if (!widths.includes(width)) throw new Error(`${slot} pictures have no width ${width}`);
  if (folder.includes('{uid}') && (uid === undefined || !/^[A-Za-z0-9_-]{1,128}$/.test(uid)))
    throw new Error(`${slot} pictures need the member's uid`);
  return `${folder.replace('{uid}', uid ?? '')}/${pictureId}/${width}.${PICTURE_EXTENSIONS[type]}`;
}

/** A Firebase Storage download URL taken apart: `{origin}/v0/b/{bucket}/o/{path}?…`. */
export interface StorageUrl {
  origin: string;
  bucket: string;
  path: string;
  token: string | null;
}

export function parseStorageUrl(value: string): StorageUrl | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = /^\/v0\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname);
  if (!match || url.searchParams.get('alt') !== 'media') return null;
  try {
    return {
      origin: url.origin,
      bucket: decodeURIComponent(match[1]!),
      path: decodeURIComponent(match[2]!),
      token: url.searchParams.get('token'),
    };
  } catch {
    return null;
  }
}

/** The download URL of an object, with or without a token. */
export function storageUrl({ origin, bucket, path, token }: StorageUrl): string {
  const query = token === null ? 'alt=media' : `alt=media&token=${encodeURIComponent(token)}`;
  return `${origin}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?${query}`;
}

/** Which slot, picture and width a stored object is, or null for any other object. */
export function pictureOf(
  path: string,
): { slot: PictureSlotName; pictureId: string; width: number; extension: string } | null {
  const match = /^(.+)\/([A-Za-z0-9_-]{6,64})\/(\d{2,4})\.(webp|jpg)$/.exec(path);
  if (!match) return null;
  const [, folder, pictureId, width, extension] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  for (const [slot, spec] of Object.entries(PICTURE_SLOTS) as [PictureSlotName, PictureSlot][]) {
    const pattern = new RegExp(`^${spec.folder.replace('{uid}', '[A-Za-z0-9_-]{1,128}')}$`);
    if (pattern.test(folder) && spec.widths.includes(Number(width)))
      return { slot, pictureId, width: Number(width), extension };
  }
  return null;
}

/**
 * What an `<img>` needs for a stored picture URL: `src` the URL itself, and for a studio
 * picture the narrower widths beside it as a `srcset` (public objects, so no token is needed).
 * Any other URL (a member's own photo, a data URL, an old http link) is `src` alone.
 */
export function pictureSources(value: string): { src: string; srcSet?: string } {
  const stored = parseStorageUrl(value);
  const picture = stored ? pictureOf(stored.path) : null;
  if (!stored || !picture || !stored.path.startsWith('studio/')) return { src: value };
  const { widths, folder } = PICTURE_SLOTS[picture.slot] as PictureSlot;
  const candidates = widths
    .filter((width) => width <= picture.width)
    .map((width) => {
      const url =
        width === picture.width
          ? value
          : storageUrl({
              ...stored,
              path: `${folder}/${picture.pictureId}/${width}.${picture.extension}`,
              token: null,
            });
      return `${url} ${width}w`;
    });
  return candidates.length > 1 ? { src: value, srcSet: candidates.join(', ') } : { src: value };
}
