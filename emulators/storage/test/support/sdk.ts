// The unmodified SDKs pointed at an emulator: a `firebase/storage` app per user (signed in with
// an Auth-emulator-shaped token through `mockUserToken`, or signed out) and a `firebase-admin`
// app whose Storage reaches the emulator through FIREBASE_STORAGE_EMULATOR_HOST.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import * as admin from 'firebase-admin/app';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import type { StorageEmulator } from '../../src/index';
import { mockClaims } from './tokens';

export const BUCKET = 'demo-studio.firebasestorage.app';
let counter = 0;

export interface WebClient {
  app: FirebaseApp;
  storage: FirebaseStorage;
}

/** A web client; `uid` signs it in with those custom claims, `'owner'` is the admin credential. */
export function webClient(
  emulator: StorageEmulator,
  user?: { uid: string; claims?: Record<string, unknown> } | 'owner',
): WebClient {
  counter += 1;
  const app = initializeApp(
    { projectId: 'demo-studio', apiKey: 'demo-api-key', storageBucket: BUCKET },
    `web-${counter}`,
  );
  const storage = getStorage(app);
  const mockUserToken =
    user === undefined
      ? undefined
      : user === 'owner'
        ? 'owner'
        : (mockClaims(user.uid, user.claims) as { sub: string });
  connectStorageEmulator(
    storage,
    '127.0.0.1',
    emulator.port,
    mockUserToken ? { mockUserToken } : {},
  );
  return { app, storage };
}

export async function closeWeb(...clients: WebClient[]): Promise<void> {
  await Promise.all(clients.map((client) => deleteApp(client.app)));
}

/** The admin SDK's bucket, as the functions and the seed use it. */
export function adminBucket(emulator: StorageEmulator) {
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  // firebase-admin copies it into STORAGE_EMULATOR_HOST once, when it first creates a Storage.
  process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${emulator.port}`;
  counter += 1;
  const app = admin.initializeApp(
    { projectId: 'demo-studio', storageBucket: BUCKET },
    `admin-${counter}`,
  );
  return { app, bucket: getAdminStorage(app).bucket(), close: () => admin.deleteApp(app) };
}

/** Rules for the conformance suite, in the forms storage.rules uses. */
export const TEST_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function isAdmin() { return request.auth != null && request.auth.token.role == 'admin'; }
    function isImage(maxBytes) {
      return request.resource.contentType.matches('image/.*') && request.resource.size < maxBytes;
    }
    match /open/{path=**} { allow read, write: if true; }
    match /studio/{path=**} {
      allow read;
      allow create, update: if isAdmin() && isImage(2 * 1024 * 1024);
      allow delete: if isAdmin();
    }
    match /avatars/{uid}/{file} {
      allow get: if request.auth != null && request.auth.uid == uid;
      allow create, update: if request.auth != null && request.auth.uid == uid && isImage(1024 * 1024);
      allow delete: if request.auth != null && request.auth.uid == uid;
    }
  }
}
`;

/** Bytes that look like a little file of `size` bytes, different per `seed`. */
export function bytes(size: number, seed = 1): Uint8Array {
  return Uint8Array.from({ length: size }, (_, index) => (index * 31 + seed * 7) % 251);
}
