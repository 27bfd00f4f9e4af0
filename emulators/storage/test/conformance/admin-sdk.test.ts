// `firebase-admin/storage` (`@google-cloud/storage` underneath) against the emulator through
// FIREBASE_STORAGE_EMULATOR_HOST: the JSON API's uploads (multipart and resumable, checksums
// verified by the client), downloads, metadata, listing, copies, preconditions and deletes, and
// a download URL the web SDK's way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDownloadURL } from 'firebase-admin/storage';
import { getBytes, ref } from 'firebase/storage';
import { startStorageEmulator, type StorageEmulator } from '../../src/index';
import { adminBucket, BUCKET, bytes, closeWeb, TEST_RULES, webClient } from '../support/sdk';
import { mockIdToken } from '../support/tokens';

let emulator: StorageEmulator;
let handle: ReturnType<typeof adminBucket>;

beforeAll(async () => {
  emulator = await startStorageEmulator({ rules: TEST_RULES });
  handle = adminBucket(emulator);
});

afterAll(async () => {
  await handle.close();
  await emulator.stop();
});

describe('firebase-admin Storage', () => {
  it('saves with a multipart upload, with metadata and a download token of its own', async () => {
    const file = handle.bucket.file('studio/coaches/lucia/512.webp');
    await file.save(Buffer.from(bytes(2000)), {
      resumable: false,
      contentType: 'image/webp',
      metadata: {
        cacheControl: 'public, max-age=31536000, immutable',
        metadata: { firebaseStorageDownloadTokens: 'token-lucia' },
      },
    });
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({
      name: 'studio/coaches/lucia/512.webp',
      bucket: BUCKET,
      size: '2000',
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
      metadata: { firebaseStorageDownloadTokens: 'token-lucia' },
    });
    const url = await getDownloadURL(file);
    expect(url).toBe(
      `${emulator.url}/v0/b/${BUCKET}/o/studio%2Fcoaches%2Flucia%2F512.webp?alt=media&token=token-lucia`,
    );
    expect(
      Buffer.from(await (await fetch(url)).arrayBuffer()).equals(Buffer.from(bytes(2000))),
    ).toBe(true);
  });

  it('saves with a resumable upload in chunks (308 until the last) and downloads it back', async () => {
    const file = handle.bucket.file('studio/big.bin');
    const data = Buffer.from(bytes(3 * 1024 * 1024 + 17, 5));
    await file.save(data, { resumable: true, chunkSize: 1024 * 1024 });
    const [downloaded] = await file.download();
    expect(downloaded.equals(data)).toBe(true);
  });

  it('a resumable upload of a stream of unknown length ends with the stream', async () => {
    const file = handle.bucket.file('studio/stream.bin');
    const data = Buffer.from(bytes(50_000, 9));
    await new Promise<void>((resolve, reject) => {
      const stream = file.createWriteStream({
        resumable: true,
        contentType: 'application/octet-stream',
      });
      stream.on('error', reject).on('finish', resolve);
      stream.write(data.subarray(0, 20_000));
      stream.end(data.subarray(20_000));
    });
    const [downloaded] = await file.download();
    expect(downloaded.equals(data)).toBe(true);
  });

  it('what the admin wrote, the web SDK reads (the same objects behind both APIs)', async () => {
    const client = webClient(emulator);
    try {
      const read = await getBytes(ref(client.storage, 'studio/coaches/lucia/512.webp'));
      expect(Buffer.from(read).equals(Buffer.from(bytes(2000)))).toBe(true);
    } finally {
      await closeWeb(client);
    }
  });

  it('sets metadata, lists with prefix and delimiter, pages, copies and deletes', async () => {
    for (const name of ['list/a', 'list/b', 'list/c/d'])
      await handle.bucket.file(name).save('x', { resumable: false });
    await handle.bucket.file('list/a').setMetadata({ metadata: { note: 'hi' } });
    expect((await handle.bucket.file('list/a').getMetadata())[0].metadata).toEqual({ note: 'hi' });

    const [files, , response] = await handle.bucket.getFiles({
      prefix: 'list/',
      delimiter: '/',
      autoPaginate: false,
    });
    expect(files.map((file) => file.name)).toEqual(['list/a', 'list/b']);
    expect((response as { prefixes?: string[] }).prefixes).toEqual(['list/c/']);
    const [page, next] = await handle.bucket.getFiles({
      prefix: 'list/',
      maxResults: 2,
      autoPaginate: false,
    });
    expect(page.map((file) => file.name)).toEqual(['list/a', 'list/b']);
    const [rest] = await handle.bucket.getFiles({ ...(next as object), autoPaginate: false });
    expect(rest.map((file) => file.name)).toEqual(['list/c/d']);

    await handle.bucket.file('list/a').copy(handle.bucket.file('list/copy'));
    expect((await handle.bucket.file('list/copy').download())[0].toString()).toBe('x');
    await handle.bucket.file('list/a').delete();
    expect((await handle.bucket.file('list/a').exists())[0]).toBe(false);
    await expect(handle.bucket.file('list/a').delete()).rejects.toMatchObject({ code: 404 });
  });

  it('ifGenerationMatch: 0 creates only once (412 the second time)', async () => {
    const file = handle.bucket.file('once.txt');
    await file.save('first', { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } });
    await expect(
      file.save('second', { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } }),
    ).rejects.toMatchObject({ code: 412 });
    expect((await file.download())[0].toString()).toBe('first');
  });

  it("refuses a member's ID token on the JSON API (production takes IAM credentials there)", async () => {
    const response = await fetch(`${emulator.url}/storage/v1/b/${BUCKET}/o`, {
      headers: { Authorization: `Bearer ${mockIdToken('mariana')}` },
    });
    expect(response.status).toBe(401);
  });
});
