// Lazy firebase-admin initialisation. Lazy so that importing the functions (deploy-time discovery,
// tests) opens no connection, and so tests can point FIREBASE_DATABASE_EMULATOR_HOST /
// FIREBASE_AUTH_EMULATOR_HOST at their emulators before the first use.
import type { App, AppOptions } from 'firebase-admin/app';
import { getApps, initializeApp } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { getAuth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { getDatabase } from 'firebase-admin/database';
import type { Storage } from 'firebase-admin/storage';
import { getStorage } from 'firebase-admin/storage';

/** Project of the local stack; demo-* projects never reach production services. */
export const DEMO_PROJECT_ID = 'demo-studio';

const APP_NAME = 'studio-functions';

interface FirebaseConfigEnv {
  projectId?: string;
  databaseURL?: string;
  storageBucket?: string;
}

function readFirebaseConfig(raw: string | undefined): FirebaseConfigEnv {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('FIREBASE_CONFIG is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object') return {};
  const record = parsed as Record<string, unknown>;
  const config: FirebaseConfigEnv = {};
  if (typeof record['projectId'] === 'string') config.projectId = record['projectId'];
  if (typeof record['databaseURL'] === 'string') config.databaseURL = record['databaseURL'];
  if (typeof record['storageBucket'] === 'string') config.storageBucket = record['storageBucket'];
  return config;
}

/**
 * Options for the admin app from the environment: FIREBASE_CONFIG is set by Cloud Functions and
 * by the Functions emulator; tests and scripts may set nothing and get the demo project.
 *
 * DATABASE_URL wins over FIREBASE_CONFIG because, for demo projects, the Functions emulator puts
 * the legacy `https://demo-studio.firebaseio.com` (namespace `demo-studio`) there, while the
 * stack's namespace is `demo-studio-default-rtdb`; `.env.demo-studio` sets it for the emulator.
 * (Not FIREBASE_-prefixed: Firebase reserves that prefix in functions .env files.)
 */
export function adminAppOptions(env: NodeJS.ProcessEnv = process.env): AppOptions {
  const config = readFirebaseConfig(env['FIREBASE_CONFIG']);
  const projectId =
    config.projectId ?? env['GCLOUD_PROJECT'] ?? env['GOOGLE_CLOUD_PROJECT'] ?? DEMO_PROJECT_ID;
  const databaseURL =
    env['DATABASE_URL'] ?? config.databaseURL ?? `https://${projectId}-default-rtdb.firebaseio.com`;
  // The bucket of waiver signatures: Cloud Functions' FIREBASE_CONFIG names it; the local stack
  // and tests set STORAGE_BUCKET_URL (scripts/lib/stack.ts).
  const storageBucket = env['STORAGE_BUCKET_URL'] ?? config.storageBucket;
  return storageBucket === undefined
    ? { projectId, databaseURL }
    : { projectId, databaseURL, storageBucket };
}

export function adminApp(): App {
  const existing = getApps().find((app) => app.name === APP_NAME);
  return existing ?? initializeApp(adminAppOptions(), APP_NAME);
}

export function adminDatabase(): Database {
  return getDatabase(adminApp());
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}

export function adminStorage(): Storage {
  return getStorage(adminApp());
}
