// App factories for the real SDKs: `firebase` (modular client, one app per simulated user) and
// `firebase-admin` (owner credential, optional databaseAuthVariableOverride). Every app is tracked
// so `deleteAll()` in afterAll closes its sockets and vitest can exit.
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, ref, set } from 'firebase/database';
import type { Database, EmulatorMockTokenOptions } from 'firebase/database';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import type { App as AdminApp, Credential } from 'firebase-admin/app';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Database as AdminDatabase } from 'firebase-admin/database';
import { randomBytes } from 'node:crypto';
import type { Target } from './target';

export const PROJECT_ID = 'demo-studio';

/**
 * The credential firebase-tools and the emulator suite use: the literal access token `owner`.
 * Without it the admin SDK would look for Google application-default credentials (offline here)
 * before its REST calls such as getRules/setRules.
 */
export const ownerCredential: Credential = {
  getAccessToken: () => Promise.resolve({ access_token: 'owner', expires_in: 3600 }),
};

let appCounter = 0;

function uniqueAppName(kind: string): string {
  appCounter += 1;
  return `${kind}-${appCounter}-${randomBytes(3).toString('hex')}`;
}

export interface ClientOptions {
  /** mockUserToken for connectDatabaseEmulator: claims (with `sub`) or a raw string like 'owner'. */
  token?: EmulatorMockTokenOptions | string;
}

export interface AdminOptions {
  /** databaseAuthVariableOverride: an auth object, or null for unauthenticated. */
  authOverride?: object | null;
  /** Reach the emulator through FIREBASE_DATABASE_EMULATOR_HOST instead of an http:// URL. */
  viaEnvironment?: boolean;
}

export class AppPool {
  private readonly clientApps: FirebaseApp[] = [];
  private readonly adminApps: AdminApp[] = [];

  constructor(private readonly target: Target) {}

  /** A client SDK database for namespace `ns`, connected with connectDatabaseEmulator. */
  client(ns: string, options: ClientOptions = {}): Database {
    const app = initializeApp(
      {
        projectId: PROJECT_ID,
        apiKey: 'fake-api-key',
        appId: '1:123:web:abc',
        databaseURL: `http://${this.target.hostAndPort}?ns=${ns}`,
      },
      uniqueAppName('client'),
    );
    this.clientApps.push(app);
    const db = getDatabase(app);
    connectDatabaseEmulator(
      db,
      this.target.host,
      this.target.port,
      options.token === undefined ? {} : { mockUserToken: options.token },
    );
    return db;
  }

  /** An admin SDK database for namespace `ns` (owner credential, rules bypassed unless overridden). */
  admin(ns: string, options: AdminOptions = {}): AdminDatabase {
    const viaEnvironment = options.viaEnvironment ?? false;
    const app = initializeAdminApp(
      {
        projectId: PROJECT_ID,
        credential: ownerCredential,
        // With the environment variable the SDK keeps the namespace of the production-style URL
        // and swaps the host for the emulator.
        databaseURL: viaEnvironment
          ? `https://${ns}.firebaseio.com`
          : `http://${this.target.hostAndPort}?ns=${ns}`,
        ...('authOverride' in options
          ? { databaseAuthVariableOverride: options.authOverride }
          : {}),
      },
      uniqueAppName('admin'),
    );
    this.adminApps.push(app);
    if (!viaEnvironment) return getAdminDatabase(app);
    const previous = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = this.target.hostAndPort;
    try {
      // The SDK reads the variable once, when the database instance is created.
      return getAdminDatabase(app);
    } finally {
      if (previous === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
      else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previous;
    }
  }

  /** Deletes one client app (closing its socket as if the process went away cleanly). */
  async deleteClient(db: Database): Promise<void> {
    const index = this.clientApps.indexOf(db.app);
    if (index >= 0) this.clientApps.splice(index, 1);
    await deleteApp(db.app);
  }

  async deleteAll(): Promise<void> {
    const clients = this.clientApps.splice(0);
    const admins = this.adminApps.splice(0);
    await Promise.allSettled([
      ...clients.map((app) => deleteApp(app)),
      ...admins.map((app) => deleteAdminApp(app)),
    ]);
  }
}

/**
 * One request/response round trip on the client's connection. The emulator answers requests in
 * order and sends a write's pushes before its answer, so once this resolves every
 * event caused by earlier traffic on this connection has been delivered. A denied write is still
 * a round trip, so it works under any rules.
 */
export async function roundTrip(db: Database): Promise<void> {
  await set(ref(db, `zz-round-trip/${randomBytes(4).toString('hex')}`), null).catch(
    () => undefined,
  );
}

/** The admin equivalent of `roundTrip`. */
export async function adminRoundTrip(db: AdminDatabase): Promise<void> {
  await db
    .ref(`zz-round-trip/${randomBytes(4).toString('hex')}`)
    .set(null)
    .catch(() => undefined);
}
