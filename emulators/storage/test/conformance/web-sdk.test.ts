// The unmodified `firebase/storage` SDK against the emulator: every call the app makes and the
// rest of the API (uploads of each protocol, download URLs with tokens, bytes, metadata, list,
// delete), with the error codes the SDK gives for what the emulator refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type StorageError,
} from 'firebase/storage';
import { startStorageEmulator, type StorageEmulator } from '../../src/index';
import { BUCKET, bytes, closeWeb, TEST_RULES, webClient, type WebClient } from '../support/sdk';

let emulator: StorageEmulator;
let guest: WebClient;
let alice: WebClient;

beforeAll(async () => {
  emulator = await startStorageEmulator({ rules: TEST_RULES });
  guest = webClient(emulator);
  alice = webClient(emulator, { uid: 'alice', claims: { role: 'member' } });
});

afterAll(async () => {
  await closeWeb(guest, alice);
  await emulator.stop();
});

/** Byte equality without vitest's element-by-element diff, which takes seconds on 700 KB. */
function same(a: ArrayBuffer | Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a instanceof Uint8Array ? a : new Uint8Array(a)).equals(Buffer.from(b));
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as StorageError).code;
  }
  throw new Error('the call succeeded');
}

describe('firebase/storage: uploads', () => {
  it('uploadBytes (multipart) stores the bytes and the metadata given', async () => {
    const target = ref(guest.storage, 'open/multipart/a.webp');
    const result = await uploadBytes(target, bytes(1000), {
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
      customMetadata: { slot: 'cover' },
    });
    expect(result.metadata).toMatchObject({
      bucket: BUCKET,
      fullPath: 'open/multipart/a.webp',
      name: 'a.webp',
      size: 1000,
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
      customMetadata: { slot: 'cover' },
    });
    expect(result.metadata.md5Hash).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Uint8Array(await getBytes(target))).toEqual(bytes(1000));
  });

  it('uploadBytesResumable sends chunks with X-Goog-Upload-* and reports progress', async () => {
    const size = 700 * 1024;
    const task = uploadBytesResumable(
      ref(guest.storage, 'open/resumable/big.bin'),
      bytes(size, 2),
      {
        contentType: 'application/octet-stream',
      },
    );
    const seen: number[] = [];
    task.on('state_changed', (snapshot) => seen.push(snapshot.bytesTransferred));
    const snapshot = await task;
    expect(snapshot.metadata.size).toBe(size);
    // 256 KiB, then 512 KiB chunks (the SDK doubles the chunk after each success).
    expect(seen).toContain(256 * 1024);
    expect(seen.at(-1)).toBe(size);
    expect(same(await getBytes(snapshot.ref), bytes(size, 2))).toBe(true);
  });

  it('a paused resumable upload resumes where it stopped', async () => {
    const size = 600 * 1024;
    const task = uploadBytesResumable(
      ref(guest.storage, 'open/resumable/paused.bin'),
      bytes(size, 3),
    );
    let paused = false;
    task.on('state_changed', (snapshot) => {
      if (!paused && snapshot.bytesTransferred > 0) {
        paused = true;
        task.pause();
        setTimeout(() => task.resume(), 50);
      }
    });
    const snapshot = await task;
    expect(paused).toBe(true);
    expect(same(await getBytes(snapshot.ref), bytes(size, 3))).toBe(true);
  });

  it('uploadString takes raw text and data URLs', async () => {
    const text = await uploadString(ref(guest.storage, 'open/text/a.txt'), 'hola');
    expect(text.metadata.size).toBe(4);
    const image = await uploadString(
      ref(guest.storage, 'open/text/a.png'),
      'data:image/png;base64,iVBORw0K',
      'data_url',
    );
    expect(image.metadata.contentType).toBe('image/png');
    expect(new Uint8Array(await getBytes(image.ref))).toEqual(
      Uint8Array.from(Buffer.from('iVBORw0K', 'base64')),
    );
  });

  it('an upload over an object replaces it and gives it a new generation', async () => {
    const target = ref(guest.storage, 'open/replace.txt');
    const first = await uploadString(target, 'one');
    const second = await uploadString(target, 'two!');
    expect(Number(second.metadata.generation)).toBeGreaterThan(Number(first.metadata.generation));
    expect(new TextDecoder().decode(await getBytes(target))).toBe('two!');
  });
});

describe('firebase/storage: download URLs and reads', () => {
  it('getDownloadURL gives …/v0/b/{bucket}/o/{path}?alt=media&token=…, served to anyone', async () => {
    const target = ref(guest.storage, 'open/url/photo 1.webp');
    await uploadBytes(target, bytes(64), {
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000',
    });
    const url = await getDownloadURL(target);
    expect(url).toMatch(
      new RegExp(
        `^${emulator.url}/v0/b/${BUCKET}/o/open%2Furl%2Fphoto%201\\.webp\\?alt=media&token=[0-9a-f-]{36}$`,
      ),
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes(64));
    // A second request with the ETag is answered 304, as a browser's cache asks.
    const again = await fetch(url, { headers: { 'If-None-Match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('getBytes with a limit reads only that many bytes (a Range request)', async () => {
    const target = ref(guest.storage, 'open/range.bin');
    await uploadBytes(target, bytes(100));
    expect(new Uint8Array(await getBytes(target, 10))).toEqual(bytes(100).slice(0, 10));
  });

  it('getMetadata and updateMetadata; null removes a field', async () => {
    const target = ref(guest.storage, 'open/meta.txt');
    await uploadString(target, 'x', 'raw', {
      contentType: 'text/plain',
      customMetadata: { a: '1', b: '2' },
    });
    const updated = await updateMetadata(target, {
      cacheControl: 'no-cache',
      customMetadata: { a: null as unknown as string, c: '3' },
    });
    expect(updated.customMetadata).toEqual({ b: '2', c: '3' });
    expect(updated.cacheControl).toBe('no-cache');
    expect(updated.metageneration).toBe('2');
    expect((await getMetadata(target)).customMetadata).toEqual({ b: '2', c: '3' });
  });

  it('a missing object is storage/object-not-found', async () => {
    expect(await refusal(getMetadata(ref(guest.storage, 'open/none')))).toBe(
      'storage/object-not-found',
    );
    expect(await refusal(getDownloadURL(ref(guest.storage, 'open/none')))).toBe(
      'storage/object-not-found',
    );
    expect(await refusal(deleteObject(ref(guest.storage, 'open/none')))).toBe(
      'storage/object-not-found',
    );
  });
});

describe('firebase/storage: list and delete', () => {
  it('list pages through items and folders; listAll gathers every page', async () => {
    for (const name of ['1', '2', '3', 'sub/4', 'sub/5', 'other/6'])
      await uploadString(ref(guest.storage, `open/list/${name}`), name);
    const first = await list(ref(guest.storage, 'open/list'), { maxResults: 2 });
    expect(first.items.map((item) => item.fullPath)).toEqual(['open/list/1', 'open/list/2']);
    expect(first.nextPageToken).toBeTruthy();
    const all = await listAll(ref(guest.storage, 'open/list'));
    expect(all.items.map((item) => item.name)).toEqual(['1', '2', '3']);
    expect(all.prefixes.map((prefix) => prefix.fullPath)).toEqual([
      'open/list/other',
      'open/list/sub',
    ]);
  });

  it('deleteObject removes it', async () => {
    const target = ref(guest.storage, 'open/delete-me.txt');
    await uploadString(target, 'bye');
    await deleteObject(target);
    expect(await refusal(getMetadata(target))).toBe('storage/object-not-found');
  });
});
