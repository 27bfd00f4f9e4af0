// The two JSON shapes of an object: the Firebase API's (`/v0`, what `firebase/storage` reads:
// numbers as strings, the download tokens joined by commas) and Cloud Storage's JSON API
// (`storage#object`, what `@google-cloud/storage` reads: tokens inside custom metadata).
import { Timestamp, type ValueMap } from '../rules/index';
import type { MetadataPatch, ObjectMetadata, WritableMetadata } from './objects';
import { TOKENS_KEY } from './objects';

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** `inline; filename*=utf-8''<last segment>`, as Firebase serves a download. */
export function firebaseDisposition(metadata: ObjectMetadata): string {
  const file = metadata.name.split('/').pop() ?? metadata.name;
  return metadata.contentDisposition ?? `inline; filename*=utf-8''${encodeURIComponent(file)}`;
}

export function firebaseResource(metadata: ObjectMetadata): Record<string, unknown> {
  return {
    name: metadata.name,
    bucket: metadata.bucket,
    generation: String(metadata.generation),
    metageneration: String(metadata.metageneration),
    contentType: metadata.contentType,
    timeCreated: isoTime(metadata.timeCreated),
    updated: isoTime(metadata.updated),
    storageClass: 'STANDARD',
    size: String(metadata.size),
    md5Hash: metadata.md5Hash,
    contentEncoding: metadata.contentEncoding ?? 'identity',
    contentDisposition: firebaseDisposition(metadata),
    crc32c: metadata.crc32c,
    etag: metadata.etag,
    downloadTokens: metadata.downloadTokens.join(','),
    ...(metadata.cacheControl !== undefined ? { cacheControl: metadata.cacheControl } : {}),
    ...(metadata.contentLanguage !== undefined
      ? { contentLanguage: metadata.contentLanguage }
      : {}),
    ...(Object.keys(metadata.metadata).length > 0 ? { metadata: metadata.metadata } : {}),
  };
}

export function gcsResource(metadata: ObjectMetadata, origin: string): Record<string, unknown> {
  const encoded = encodeURIComponent(metadata.name);
  const custom: Record<string, string> = { ...metadata.metadata };
  if (metadata.downloadTokens.length > 0) custom[TOKENS_KEY] = metadata.downloadTokens.join(',');
  return {
    kind: 'storage#object',
    id: `${metadata.bucket}/${metadata.name}/${metadata.generation}`,
    selfLink: `${origin}/storage/v1/b/${metadata.bucket}/o/${encoded}`,
    mediaLink: `${origin}/download/storage/v1/b/${metadata.bucket}/o/${encoded}?generation=${metadata.generation}&alt=media`,
    name: metadata.name,
    bucket: metadata.bucket,
    generation: String(metadata.generation),
    metageneration: String(metadata.metageneration),
    contentType: metadata.contentType,
    storageClass: 'STANDARD',
    size: String(metadata.size),
    md5Hash: metadata.md5Hash,
    crc32c: metadata.crc32c,
    etag: metadata.etag,
    timeCreated: isoTime(metadata.timeCreated),
    updated: isoTime(metadata.updated),
    timeStorageClassUpdated: isoTime(metadata.timeCreated),
    ...(metadata.cacheControl !== undefined ? { cacheControl: metadata.cacheControl } : {}),
    ...(metadata.contentDisposition !== undefined
      ? { contentDisposition: metadata.contentDisposition }
      : {}),
    ...(metadata.contentEncoding !== undefined
      ? { contentEncoding: metadata.contentEncoding }
      : {}),
    ...(metadata.contentLanguage !== undefined
      ? { contentLanguage: metadata.contentLanguage }
      : {}),
    ...(Object.keys(custom).length > 0 ? { metadata: custom } : {}),
  };
}

/** An object as the rules see it (`resource`, `request.resource`). */
export function rulesResource(metadata: ObjectMetadata): ValueMap {
  return {
    name: metadata.name,
    bucket: metadata.bucket,
    generation: BigInt(metadata.generation),
    metageneration: BigInt(metadata.metageneration),
    size: BigInt(metadata.size),
    timeCreated: new Timestamp(metadata.timeCreated),
    updated: new Timestamp(metadata.updated),
    md5Hash: metadata.md5Hash,
    crc32c: metadata.crc32c,
    etag: metadata.etag,
    contentDisposition: metadata.contentDisposition ?? null,
    contentEncoding: metadata.contentEncoding ?? null,
    contentLanguage: metadata.contentLanguage ?? null,
    contentType: metadata.contentType ?? null,
    cacheControl: metadata.cacheControl ?? null,
    metadata: metadata.metadata,
  };
}

export class BadRequest extends Error {}

const PATCHABLE = [
  'contentType',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;

/**
 * The writable fields of a JSON metadata body (upload or patch). Other fields (`name`, `size`,
 * `md5Hash`, `bucket` …) are the server's and are ignored, as the APIs do. Wrong types are a 400.
 */
export function metadataPatchOf(body: unknown): MetadataPatch {
  if (body === null || body === undefined) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new BadRequest('the metadata must be a JSON object');
  const source = body as Record<string, unknown>;
  const patch: MetadataPatch = {};
  for (const key of PATCHABLE) {
    const value = source[key];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string')
      throw new BadRequest(`${key} must be a string or null`);
    if (typeof value === 'string' && value.length > 1024)
      throw new BadRequest(`${key} is too long`);
    patch[key] = value;
  }
  const custom = source['metadata'];
  if (custom === null) patch.metadata = null;
  else if (custom !== undefined) {
    if (typeof custom !== 'object' || Array.isArray(custom))
      throw new BadRequest('metadata must be an object of strings');
    const entries: Record<string, string | null> = {};
    let bytes = 0;
    for (const [key, value] of Object.entries(custom as Record<string, unknown>)) {
      if (value === null) entries[key] = null;
      else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        entries[key] = String(value);
      else throw new BadRequest(`metadata.${key} must be a string`);
      bytes += Buffer.byteLength(key) + Buffer.byteLength(entries[key] ?? '');
    }
    // Cloud Storage's limit on custom metadata.
    if (bytes > 8192) throw new BadRequest('custom metadata is larger than 8 KiB');
    patch.metadata = entries;
  }
  return patch;
}

/** A new object's writable metadata from a patch (nulls simply leave a field out). */
export function uploadMetadataOf(
  patch: MetadataPatch,
  contentType: string | undefined,
): WritableMetadata {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(patch.metadata ?? {})) {
    if (value !== null) metadata[key] = value;
  }
  const result: WritableMetadata = { metadata };
  for (const key of PATCHABLE) {
    const value = patch[key];
    if (typeof value === 'string') result[key] = value;
  }
  if (result.contentType === undefined && contentType) result.contentType = contentType;
  return result;
}
