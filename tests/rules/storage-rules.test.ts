// storage.rules, tested like code: each match block with allow and deny cases for every role,
// through the real web SDK against our Storage emulator. A refused write leaves nothing stored.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getStorage,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  type FirebaseStorage,
  type StorageError,
} from 'firebase/storage';
import { startStorageEmulator, type StorageEmulator } from '@studio/storage-emulator';
import { ROOT, STORAGE_BUCKET } from '../../scripts/lib/stack.ts';

type Who = 'guest' | 'member' | 'other' | 'coach' | 'staff' | 'admin' | 'unclaimed';
const IDENTITIES: Record<Exclude<Who, 'guest'>, { sub: string; role?: string }> = {
  member: { sub: 'alice', role: 'member' },
  other: { sub: 'bob', role: 'member' },
  coach: { sub: 'coach1', role: 'coach' },
  staff: { sub: 'desk1', role: 'staff' },
  admin: { sub: 'admin1', role: 'admin' },
  // A fresh account before setUserRole has run: no role claim at all.
  unclaimed: { sub: 'newcomer' },
};

let emulator: StorageEmulator;
const apps: FirebaseApp[] = [];
const clients = {} as Record<Who, FirebaseStorage>;

beforeAll(async () => {
  emulator = await startStorageEmulator({
    rules: readFileSync(path.join(ROOT, 'storage.rules'), 'utf8'),
  });
  for (const who of ['guest', 'member', 'other', 'coach', 'staff', 'admin', 'unclaimed'] as const) {
    const app = initializeApp(
      { projectId: 'demo-studio', apiKey: 'demo-api-key', storageBucket: STORAGE_BUCKET },
      `storage-rules-${who}`,
    );
    apps.push(app);
    const storage = getStorage(app);
    const identity = who === 'guest' ? undefined : IDENTITIES[who];
    connectStorageEmulator(storage, '127.0.0.1', emulator.port, {
      ...(identity ? { mockUserToken: { ...identity, user_id: identity.sub } } : {}),
    });
    clients[who] = storage;
  }
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator.stop();
});

const webp = { contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' };
const picture = (size = 2048) => new Uint8Array(size).fill(7);

async function outcome(promise: Promise<unknown>): Promise<'allowed' | 'refused'> {
  try {
    await promise;
    return 'allowed';
  } catch (error) {
    expect((error as StorageError).code).toBe('storage/unauthorized');
    return 'refused';
  }
}

const stored = () => emulator.objects(STORAGE_BUCKET).map((object) => object.name);

describe('storage.rules: studio pictures (studio/…)', () => {
  const path = 'studio/coaches/lucia/p1/256.webp';

  it('only an admin uploads one', async () => {
    for (const who of ['guest', 'member', 'coach', 'unclaimed'] as const) {
      expect(await outcome(uploadBytes(ref(clients[who], path), picture(), webp))).toBe('refused');
    }
    expect(stored()).not.toContain(path);
    expect(await outcome(uploadBytes(ref(clients.admin, path), picture(), webp))).toBe('allowed');
  });

  it('everyone reads and lists them, guests too', async () => {
    for (const who of ['guest', 'member', 'coach', 'admin'] as const) {
      expect(await outcome(getBytes(ref(clients[who], path)))).toBe('allowed');
      expect(await outcome(listAll(ref(clients[who], 'studio/coaches')))).toBe('allowed');
    }
  });

  it('takes raster pictures under 2 MB only: no SVG, no PDF, nothing empty or larger', async () => {
    const admin = clients.admin;
    const cases = [
      [{ contentType: 'image/svg+xml' }, picture()],
      [{ contentType: 'application/pdf' }, picture()],
      [webp, new Uint8Array(0)],
      [webp, picture(2 * 1024 * 1024)],
    ] as const;
    for (const [metadata, data] of cases) {
      expect(await outcome(uploadBytes(ref(admin, 'studio/bad/1/x'), data, metadata))).toBe(
        'refused',
      );
    }
    for (const contentType of ['image/jpeg', 'image/png', 'image/avif']) {
      expect(
        await outcome(
          uploadBytes(ref(admin, `studio/ok/${contentType}`), picture(), { contentType }),
        ),
      ).toBe('allowed');
    }
    expect(stored().filter((name) => name.startsWith('studio/bad/'))).toEqual([]);
  });

  it('only an admin changes or deletes one', async () => {
    for (const who of ['guest', 'member', 'coach'] as const) {
      expect(
        await outcome(updateMetadata(ref(clients[who], path), { cacheControl: 'no-store' })),
      ).toBe('refused');
      expect(await outcome(deleteObject(ref(clients[who], path)))).toBe('refused');
    }
    expect(await outcome(deleteObject(ref(clients.admin, path)))).toBe('allowed');
  });
});

describe("storage.rules: a member's own photo (members/{uid}/…)", () => {
  const own = 'members/alice/avatar/p1/192.webp';

  it('only that member uploads it, an image under 1 MB', async () => {
    for (const who of ['guest', 'other', 'coach', 'admin'] as const) {
      expect(await outcome(uploadBytes(ref(clients[who], own), picture(), webp))).toBe('refused');
    }
    expect(await outcome(uploadBytes(ref(clients.member, own), picture(1024 * 1024), webp))).toBe(
      'refused',
    );
    expect(
      await outcome(uploadBytes(ref(clients.member, own), picture(), { contentType: 'text/html' })),
    ).toBe('refused');
    expect(stored()).not.toContain(own);
    expect(await outcome(uploadBytes(ref(clients.member, own), picture(), webp))).toBe('allowed');
  });

  it('a member with no role claim yet may upload their own', async () => {
    const path = 'members/newcomer/avatar/p1/192.webp';
    expect(await outcome(uploadBytes(ref(clients.unclaimed, path), picture(), webp))).toBe(
      'allowed',
    );
  });

  it('that member and the staff read it; other members and guests do not', async () => {
    for (const who of ['member', 'coach', 'staff', 'admin'] as const)
      expect(await outcome(getBytes(ref(clients[who], own)))).toBe('allowed');
    for (const who of ['guest', 'other'] as const)
      expect(await outcome(getBytes(ref(clients[who], own)))).toBe('refused');
  });

  it('its download URL (what the profile stores) opens it to whoever holds it', async () => {
    const url = await getDownloadURL(ref(clients.member, own));
    expect((await fetch(url)).status).toBe(200);
  });

  it('nobody lists a member folder', async () => {
    for (const who of ['member', 'coach', 'admin'] as const)
      expect(await outcome(listAll(ref(clients[who], 'members/alice/avatar')))).toBe('refused');
  });

  it('only that member deletes it', async () => {
    for (const who of ['guest', 'other', 'coach', 'admin'] as const)
      expect(await outcome(deleteObject(ref(clients[who], own)))).toBe('refused');
    expect(await outcome(deleteObject(ref(clients.member, own)))).toBe('allowed');
  });
});

describe("storage.rules: a member's waiver signatures (waivers/{uid}/…)", () => {
  const signature = 'waivers/alice/s1.png';

  beforeAll(async () => {
    // As signWaiver stores it: through Cloud Storage's JSON API, which the rules do not bind.
    const upload = new URL(`${emulator.url}/upload/storage/v1/b/${STORAGE_BUCKET}/o`);
    upload.searchParams.set('uploadType', 'media');
    upload.searchParams.set('name', signature);
    const response = await fetch(upload, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: picture(),
    });
    expect(response.ok).toBe(true);
  });

  it('the member, admins and the front desk read it; other members, coaches and guests do not', async () => {
    for (const who of ['member', 'staff', 'admin'] as const)
      expect(await outcome(getBytes(ref(clients[who], signature)))).toBe('allowed');
    for (const who of ['guest', 'other', 'coach', 'unclaimed'] as const)
      expect(await outcome(getBytes(ref(clients[who], signature)))).toBe('refused');
  });

  it('nobody writes, replaces, deletes or lists one through the rules', async () => {
    const png = { contentType: 'image/png' };
    for (const who of ['member', 'staff', 'admin'] as const) {
      expect(await outcome(uploadBytes(ref(clients[who], signature), picture(), png))).toBe(
        'refused',
      );
      expect(
        await outcome(uploadBytes(ref(clients[who], 'waivers/alice/s2.png'), picture(), png)),
      ).toBe('refused');
      expect(await outcome(deleteObject(ref(clients[who], signature)))).toBe('refused');
      expect(await outcome(listAll(ref(clients[who], 'waivers/alice')))).toBe('refused');
    }
    expect(stored()).not.toContain('waivers/alice/s2.png');
  });
});

describe('storage.rules: everything else', () => {
  it('is closed to everyone, admins included', async () => {
    for (const who of ['guest', 'member', 'admin'] as const) {
      expect(
        await outcome(uploadBytes(ref(clients[who], 'elsewhere/a.webp'), picture(), webp)),
      ).toBe('refused');
      expect(await outcome(listAll(ref(clients[who], '')))).toBe('refused');
    }
  });
});
