// Per test file: a fresh Realtime Database emulator on a free port, and the functions' own lazy
// admin app pointed at it (and at the Auth emulator from the globalSetup).
import { randomUUID } from 'node:crypto';
import { deleteApp } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { startRtdbEmulator } from '@studio/rtdb-emulator';
import { adminApp, adminAuth, adminDatabase } from '../../src/admin';

export interface TestBackend {
  db: Database;
  auth: Auth;
  stop(): Promise<void>;
}

export async function startBackend(): Promise<TestBackend> {
  const emulator = await startRtdbEmulator({ port: 0 });
  // Must be set before the admin SDK opens its first database connection.
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `127.0.0.1:${emulator.port}`;
  return {
    db: adminDatabase(),
    auth: adminAuth(),
    async stop() {
      await deleteApp(adminApp());
      await emulator.stop();
    },
  };
}

/** The whole database, to assert that a rejected call wrote nothing. */
export async function dump(db: Database): Promise<unknown> {
  return (await db.ref().get()).val();
}

/** Test files share one Auth emulator, so every account gets its own uid. */
export function newUid(label: string): string {
  return `${label}-${randomUUID()}`;
}
