// Client and admin handles on a database emulator, as the app and the functions see it:
// the real `firebase` web SDK (signed in through a mock token) and the real admin SDK.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, type Database } from 'firebase/database';
import * as admin from 'firebase-admin';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = 'demo-studio';
export const NAMESPACE = 'demo-studio-default-rtdb';
export const RULES_TEXT = readFileSync(path.join(ROOT, 'database.rules.json'), 'utf8');

export type Role = 'admin' | 'coach' | 'member';
/** `null` is a guest; otherwise the uid and, for staff, the custom claim the rules test. */
export type Identity = null | { uid: string; role?: Role; claims?: Record<string, unknown> };

// Refusals are what these tests expect; the SDK would print a warning for each one.
setLogLevel('silent');

let counter = 0;
const apps: FirebaseApp[] = [];
const adminApps: admin.app.App[] = [];

export function clientDatabase(port: number, identity: Identity, namespace = NAMESPACE): Database {
  const app = initializeApp(
    {
      projectId: PROJECT_ID,
      apiKey: 'demo-api-key',
      databaseURL: `http://127.0.0.1:${port}?ns=${namespace}`,
    },
    `client-${++counter}`,
  );
  apps.push(app);
  const db = getDatabase(app);
  connectDatabaseEmulator(
    db,
    '127.0.0.1',
    port,
    identity === null
      ? undefined
      : {
          mockUserToken: {
            sub: identity.uid,
            ...(identity.role ? { role: identity.role } : {}),
            ...identity.claims,
          },
        },
  );
  return db;
}

/** The admin SDK with the owner credential: bypasses the rules, like Cloud Functions. */
export function adminDatabase(port: number, namespace = NAMESPACE): admin.database.Database {
  const app = admin.initializeApp(
    { projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${port}?ns=${namespace}` },
    `admin-${++counter}`,
  );
  adminApps.push(app);
  return app.database();
}

export async function closeAll(): Promise<void> {
  for (const app of apps.splice(0)) {
    goOffline(getDatabase(app));
    await deleteApp(app);
  }
  for (const app of adminApps.splice(0)) await app.delete();
}
