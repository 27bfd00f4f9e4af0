// The rules in force, through the unmodified web SDK: who may read and write what, the error
// codes the SDK reports, download tokens, and the admin credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  type StorageError,
  type UploadTask,
} from 'firebase/storage';
import { startStorageEmulator, type StorageEmulator } from '../../src/index';
import { BUCKET, bytes, closeWeb, TEST_RULES, webClient, type WebClient } from '../support/sdk';
import { mockIdToken } from '../support/tokens';

let emulator: StorageEmulator;
let guest: WebClient;
let admin: WebClient;
let member: WebClient;
let other: WebClient;
let owner: WebClient;

beforeAll(async () => {
  emulator = await startStorageEmulator({ rules: TEST_RULES });
  guest = webClient(emulator);
  admin = webClient(emulator, { uid: 'ana', claims: { role: 'admin' } });
  member = webClient(emulator, { uid: 'mariana', claims: { role: 'member' } });
  other = webClient(emulator, { uid: 'pablo', claims: { role: 'member' } });
  owner = webClient(emulator, 'owner');
});

afterAll(async () => {
  await closeWeb(guest, admin, member, other, owner);
  await emulator.stop();
});

async function code(promise: Promise<unknown> | UploadTask): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as StorageError).code;
  }
  return 'allowed';
}

const image = { contentType: 'image/webp' };

describe('rules through the web SDK', () => {
  it('an admin uploads a studio picture; anyone, signed out too, reads it', async () => {
    await uploadBytes(ref(admin.storage, 'studio/cover/1/1280.webp'), bytes(500), image);
    const metadata = await getMetadata(ref(guest.storage, 'studio/cover/1/1280.webp'));
    expect(metadata.size).toBe(500);
    expect(await code(listAll(ref(guest.storage, 'studio/cover')))).toBe('allowed');
  });

  it('a member may not upload a studio picture: storage/unauthorized, nothing stored', async () => {
    expect(
      await code(uploadBytes(ref(member.storage, 'studio/cover/2/1280.webp'), bytes(10), image)),
    ).toBe('storage/unauthorized');
    expect(
      await code(uploadBytes(ref(guest.storage, 'studio/cover/2/1280.webp'), bytes(10), image)),
    ).toBe('storage/unauthorized');
    expect(emulator.objects(BUCKET).map((object) => object.name)).not.toContain(
      'studio/cover/2/1280.webp',
    );
  });

  it('an admin may not upload a non-image or a picture of 2 MB', async () => {
    const pdf = uploadBytes(ref(admin.storage, 'studio/a.pdf'), bytes(10), {
      contentType: 'application/pdf',
    });
    expect(await code(pdf)).toBe('storage/unauthorized');
    const huge = uploadBytesResumable(
      ref(admin.storage, 'studio/huge.webp'),
      bytes(2 * 1024 * 1024),
      image,
    );
    expect(await code(huge)).toBe('storage/unauthorized');
  });

  it('a resumable upload is judged at its start, with the size it announces', async () => {
    const task = uploadBytesResumable(
      ref(member.storage, 'studio/sneaky.webp'),
      bytes(300 * 1024),
      image,
    );
    const seen: number[] = [];
    task.on('state_changed', (snapshot) => seen.push(snapshot.bytesTransferred));
    expect(await code(task)).toBe('storage/unauthorized');
    expect(seen.every((sent) => sent === 0)).toBe(true);
  });

  it('a member writes their own avatar only, and reads only their own', async () => {
    const own = ref(member.storage, 'avatars/mariana/a.webp');
    await uploadBytes(own, bytes(100), image);
    expect(await code(getBytes(own))).toBe('allowed');
    expect(
      await code(uploadBytes(ref(member.storage, 'avatars/pablo/a.webp'), bytes(10), image)),
    ).toBe('storage/unauthorized');
    expect(await code(getMetadata(ref(other.storage, 'avatars/mariana/a.webp')))).toBe(
      'storage/unauthorized',
    );
    expect(await code(getMetadata(ref(guest.storage, 'avatars/mariana/a.webp')))).toBe(
      'storage/unauthorized',
    );
  });

  it('a download URL opens the object to whoever holds it, whatever the rules', async () => {
    const url = await getDownloadURL(ref(member.storage, 'avatars/mariana/a.webp'));
    expect((await fetch(url)).status).toBe(200);
    const withoutToken = url.replace(/&token=[^&]+/, '');
    expect((await fetch(withoutToken)).status).toBe(403);
    expect((await fetch(url.replace(/token=[0-9a-f]/, 'token=z'))).status).toBe(403);
  });

  it('updateMetadata and delete follow the update and delete rules', async () => {
    const own = ref(member.storage, 'avatars/mariana/a.webp');
    expect(
      await code(updateMetadata(ref(other.storage, own.fullPath), { cacheControl: 'x' })),
    ).toBe('storage/unauthorized');
    expect(await code(deleteObject(ref(other.storage, own.fullPath)))).toBe('storage/unauthorized');
    await updateMetadata(own, { cacheControl: 'public, max-age=60' });
    await deleteObject(own);
    expect(await code(getMetadata(own))).toBe('storage/object-not-found');
  });

  it('nobody lists what no rule opens; the owner credential skips the rules', async () => {
    expect(await code(listAll(ref(member.storage, 'avatars/mariana')))).toBe(
      'storage/unauthorized',
    );
    expect(await code(listAll(ref(owner.storage, 'avatars/mariana')))).toBe('allowed');
    expect(await code(uploadBytes(ref(owner.storage, 'anything/at/all.bin'), bytes(3)))).toBe(
      'allowed',
    );
  });

  it('a client may not set its own download token (400, as Firebase answers)', async () => {
    const sneaky = uploadBytes(ref(admin.storage, 'studio/token.webp'), bytes(10), {
      ...image,
      customMetadata: { firebaseStorageDownloadTokens: 'guessable' },
    });
    expect(await code(sneaky)).toBe('storage/unknown');
    const response = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=studio%2Ftoken.webp`, {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${mockIdToken('ana', { role: 'admin' })}`,
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=b',
      },
      body: '--b\r\nContent-Type: application/json\r\n\r\n{"contentType":"image/webp","metadata":{"firebaseStorageDownloadTokens":"x"}}\r\n--b\r\nContent-Type: image/webp\r\n\r\nRIFF\r\n--b--',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        message: 'Not allowed to set custom metadata for firebaseStorageDownloadTokens',
      },
    });
  });

  it('a credential that is no token is 401 (storage/unauthenticated)', async () => {
    const response = await fetch(
      `${emulator.url}/v0/b/${BUCKET}/o/studio%2Fcover%2F1%2F1280.webp`,
      {
        headers: { Authorization: 'Firebase not-a-token' },
      },
    );
    expect(response.status).toBe(401);
  });

  it('without rules every Firebase API request is refused', async () => {
    const bare = await startStorageEmulator();
    const client = webClient(bare, { uid: 'ana', claims: { role: 'admin' } });
    try {
      expect(await code(uploadBytes(ref(client.storage, 'studio/a.webp'), bytes(3), image))).toBe(
        'storage/unauthorized',
      );
    } finally {
      await closeWeb(client);
      await bare.stop();
    }
  });
});
