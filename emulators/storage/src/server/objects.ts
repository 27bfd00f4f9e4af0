// Stored objects: bytes and metadata per bucket and name, kept in memory and, with a data
// folder, written through to disk (one `.json` and one `.bin` per object, named by a hash of
// bucket and name, so any object name fits a file name) and read back at start.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32cBase64, md5Base64 } from './checksums';

/** The metadata fields a writer may set (the rest are the server's). */
export interface WritableMetadata {
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  /** Custom metadata; `firebaseStorageDownloadTokens` is kept apart, as `downloadTokens`. */
  metadata?: Record<string, string>;
}

export interface ObjectMetadata extends WritableMetadata {
  bucket: string;
  name: string;
  generation: number;
  metageneration: number;
  size: number;
  md5Hash: string;
  crc32c: string;
  etag: string;
  timeCreated: number;
  updated: number;
  metadata: Record<string, string>;
  downloadTokens: string[];
}

export interface StoredObject {
  metadata: ObjectMetadata;
  data: Buffer;
}

export const TOKENS_KEY = 'firebaseStorageDownloadTokens';

function etagOf(generation: number, metageneration: number): string {
  return createHash('sha1').update(`${generation}/${metageneration}`).digest('base64').slice(0, 27);
}

/** Splits custom metadata into what stays custom and the download tokens it names. */
function takeTokens(custom: Record<string, string> | undefined): {
  metadata: Record<string, string>;
  tokens: string[];
} {
  const metadata = { ...custom };
  const named = metadata[TOKENS_KEY];
  delete metadata[TOKENS_KEY];
  const tokens = named
    ? named
        .split(',')
        .map((token) => token.trim())
        .filter(Boolean)
    : [];
  return { metadata, tokens };
}

/** The metadata an object would have if `data` were written with `incoming` now. */
export function newObjectMetadata(
  bucket: string,
  name: string,
  data: Buffer,
  incoming: WritableMetadata,
  now: number,
  previous: ObjectMetadata | undefined,
): ObjectMetadata {
  const generation = Math.max(now * 1000, (previous?.generation ?? 0) + 1);
  const { metadata, tokens } = takeTokens(incoming.metadata);
  return {
    bucket,
    name,
    generation,
    metageneration: 1,
    size: data.length,
    md5Hash: md5Base64(data),
    crc32c: crc32cBase64(data),
    etag: etagOf(generation, 1),
    timeCreated: now,
    updated: now,
    contentType: incoming.contentType ?? 'application/octet-stream',
    ...(incoming.cacheControl !== undefined ? { cacheControl: incoming.cacheControl } : {}),
    ...(incoming.contentDisposition !== undefined
      ? { contentDisposition: incoming.contentDisposition }
      : {}),
    ...(incoming.contentEncoding !== undefined
      ? { contentEncoding: incoming.contentEncoding }
      : {}),
    ...(incoming.contentLanguage !== undefined
      ? { contentLanguage: incoming.contentLanguage }
      : {}),
    metadata,
    downloadTokens: tokens,
  };
}

/** A metadata patch: a field set to null is removed, a custom key set to null is removed. */
export interface MetadataPatch {
  contentType?: string | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
  metadata?: Record<string, string | null> | null;
}

export function patchedMetadata(
  current: ObjectMetadata,
  patch: MetadataPatch,
  now: number,
): ObjectMetadata {
  const next: ObjectMetadata = {
    ...current,
    metadata: { ...current.metadata },
    downloadTokens: [...current.downloadTokens],
  };
  for (const key of [
    'contentType',
    'cacheControl',
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
  ] as const) {
    const value = patch[key];
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (patch.metadata === null) {
    next.metadata = {};
  } else if (patch.metadata !== undefined) {
    for (const [key, value] of Object.entries(patch.metadata)) {
      if (key === TOKENS_KEY) {
        next.downloadTokens = value === null ? [] : takeTokens({ [key]: value }).tokens;
      } else if (value === null) delete next.metadata[key];
      else next.metadata[key] = value;
    }
  }
  next.metageneration = current.metageneration + 1;
  next.etag = etagOf(next.generation, next.metageneration);
  next.updated = now;
  return next;
}

export function newDownloadToken(): string {
  return randomUUID();
}

export class ObjectStore {
  private readonly objects = new Map<string, Map<string, StoredObject>>();

  constructor(private readonly dataDir: string | undefined) {}

  private fileBase(bucket: string, name: string): string {
    const hash = createHash('sha256').update(`${bucket}\0${name}`).digest('hex');
    return path.join(this.dataDir!, 'objects', hash);
  }

  /** Reads a data folder written earlier; returns how many objects it held. */
  restore(): number {
    if (this.dataDir === undefined) return 0;
    const folder = path.join(this.dataDir, 'objects');
    mkdirSync(folder, { recursive: true });
    let count = 0;
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.json')) continue;
      const base = path.join(folder, file.slice(0, -'.json'.length));
      try {
        const metadata = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as ObjectMetadata;
        const data = readFileSync(`${base}.bin`);
        this.bucket(metadata.bucket).set(metadata.name, { metadata, data });
        count += 1;
      } catch {
        // A half-written pair (the process stopped between its two files) is dropped.
        rmSync(`${base}.json`, { force: true });
        rmSync(`${base}.bin`, { force: true });
      }
    }
    return count;
  }

  private bucket(bucket: string): Map<string, StoredObject> {
    let objects = this.objects.get(bucket);
    if (!objects) {
      objects = new Map();
      this.objects.set(bucket, objects);
    }
    return objects;
  }

  get(bucket: string, name: string): StoredObject | undefined {
    return this.objects.get(bucket)?.get(name);
  }

  put(object: StoredObject): void {
    this.bucket(object.metadata.bucket).set(object.metadata.name, object);
    if (this.dataDir === undefined) return;
    const base = this.fileBase(object.metadata.bucket, object.metadata.name);
    // Bytes first, metadata last, each through a rename: a pair is complete once its .json is.
    writeFileSync(`${base}.bin.tmp`, object.data);
    renameSync(`${base}.bin.tmp`, `${base}.bin`);
    writeFileSync(`${base}.json.tmp`, JSON.stringify(object.metadata));
    renameSync(`${base}.json.tmp`, `${base}.json`);
  }

  setMetadata(metadata: ObjectMetadata): void {
    const object = this.get(metadata.bucket, metadata.name);
    if (!object) return;
    this.put({ metadata, data: object.data });
  }

  delete(bucket: string, name: string): boolean {
    const removed = this.objects.get(bucket)?.delete(name) ?? false;
    if (removed && this.dataDir !== undefined) {
      const base = this.fileBase(bucket, name);
      rmSync(`${base}.json`, { force: true });
      rmSync(`${base}.bin`, { force: true });
    }
    return removed;
  }

  /** Names in a bucket, sorted as GCS lists them (by UTF-8 bytes, which sort like code points). */
  names(bucket: string): string[] {
    return [...(this.objects.get(bucket)?.keys() ?? [])].sort((a, b) =>
      Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
  }

  buckets(): string[] {
    return [...this.objects.keys()].filter((bucket) => (this.objects.get(bucket)?.size ?? 0) > 0);
  }

  reset(): void {
    this.objects.clear();
    if (this.dataDir !== undefined) {
      rmSync(path.join(this.dataDir, 'objects'), { recursive: true, force: true });
      mkdirSync(path.join(this.dataDir, 'objects'), { recursive: true });
    }
  }
}

export interface ListPage {
  items: string[];
  prefixes: string[];
  nextPageToken?: string;
}

/**
 * One page of a listing: names under `prefix`, folded at `delimiter` into prefixes, in order,
 * `maxResults` entries (items and prefixes together) at most; the page token is the last entry.
 */
export function listPage(
  names: readonly string[],
  options: { prefix: string; delimiter: string; pageToken?: string; maxResults: number },
): ListPage {
  const items: string[] = [];
  const prefixes: string[] = [];
  let last: string | undefined;
  for (const name of names) {
    if (!name.startsWith(options.prefix)) continue;
    let entry = name;
    let isPrefix = false;
    if (options.delimiter !== '') {
      const at = name.indexOf(options.delimiter, options.prefix.length);
      if (at !== -1) {
        entry = name.slice(0, at + options.delimiter.length);
        isPrefix = true;
      }
    }
    if (options.pageToken !== undefined && entry <= options.pageToken) continue;
    if (isPrefix && prefixes.at(-1) === entry) continue;
    if (items.length + prefixes.length >= options.maxResults) {
      return { items, prefixes, ...(last !== undefined ? { nextPageToken: last } : {}) };
    }
    if (isPrefix) prefixes.push(entry);
    else items.push(entry);
    last = entry;
  }
  return { items, prefixes };
}
