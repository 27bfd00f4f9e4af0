// Client and admin handles on a database emulator, as the app and the functions see it:
// the real `firebase` web SDK (signed in through a mock token) and the real admin SDK. The rules
// suite and the attack matrix both act through these.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  endAt,
  equalTo,
  get,
  getDatabase,
  goOffline,
  orderByChild,
  query,
  ref,
  remove,
  set,
  startAt,
  update,
  type Database,
} from 'firebase/database';
import * as admin from 'firebase-admin';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = 'demo-studio';
export const NAMESPACE = 'demo-studio-default-rtdb';
export const RULES_TEXT = readFileSync(path.join(ROOT, 'database.rules.json'), 'utf8');

export type Role = 'admin' | 'staff' | 'coach' | 'member';
/** `null` is a guest; otherwise the uid and, for staff, the custom claim the rules test. */
export type Identity = null | { uid: string; role?: Role; claims?: Record<string, unknown> };

// Refusals are what these tests expect; the SDK would print a warning for each one.
setLogLevel('silent');

let counter = 0;
const apps: FirebaseApp[] = [];
const adminApps: admin.app.App[] = [];

/**
 * A web SDK client of the emulator, signed in as `identity`, or with `identity` as the ID token
 * (a JWT string) when a test builds its own token: the SDK sends a string verbatim.
 */
export function clientDatabase(
  port: number,
  identity: Identity | string,
  namespace = NAMESPACE,
): Database {
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
  connectDatabaseEmulator(db, '127.0.0.1', port, mockToken(identity));
  return db;
}

function mockToken(identity: Identity | string) {
  if (identity === null) return undefined;
  if (typeof identity === 'string') return { mockUserToken: identity };
  const role = identity.role === undefined ? {} : { role: identity.role };
  return { mockUserToken: { sub: identity.uid, ...role, ...identity.claims } };
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

/** Closes one client of {@link clientDatabase}. */
export async function closeClient(db: Database): Promise<void> {
  const index = apps.indexOf(db.app);
  if (index !== -1) apps.splice(index, 1);
  goOffline(db);
  await deleteApp(db.app);
}

/** Closes every client and admin handle this module opened. */
export async function closeAll(): Promise<void> {
  for (const app of apps.slice()) await closeClient(getDatabase(app));
  for (const app of adminApps.splice(0)) await app.delete();
}

/** One database operation a client may try; the rules decide whether it is allowed. */
export type Operation =
  | { op: 'read'; path: string }
  | { op: 'set'; path: string; value: unknown }
  | { op: 'update'; path: string; value: Record<string, unknown> }
  | { op: 'remove'; path: string }
  | { op: 'query'; path: string; orderByChild: string; equalTo: string }
  | { op: 'range'; path: string; orderByChild: string; startAt: string; endAt: string };

export const read = (path: string): Operation => ({ op: 'read', path });
export const write = (path: string, value: unknown): Operation => ({ op: 'set', path, value });
export const patch = (path: string, value: Record<string, unknown>): Operation => ({
  op: 'update',
  path,
  value,
});
export const del = (path: string): Operation => ({ op: 'remove', path });
export const where = (path: string, child: string, value: string): Operation => ({
  op: 'query',
  path,
  orderByChild: child,
  equalTo: value,
});

/** A query of `path` ordered by `child` within [startAt, endAt]. */
export const within = (path: string, child: string, startAt: string, endAt: string): Operation => ({
  op: 'range',
  path,
  orderByChild: child,
  startAt,
  endAt,
});

/** Carries the operation out with the client's SDK; a refusal rejects as the SDK does. */
export async function perform(db: Database, operation: Operation): Promise<void> {
  const target = ref(db, operation.path === '' ? undefined : operation.path);
  switch (operation.op) {
    case 'read':
      await get(target);
      return;
    case 'set':
      await set(target, operation.value);
      return;
    case 'update':
      await update(target, operation.value);
      return;
    case 'remove':
      await remove(target);
      return;
    case 'query':
      await get(query(target, orderByChild(operation.orderByChild), equalTo(operation.equalTo)));
      return;
    case 'range':
      await get(
        query(
          target,
          orderByChild(operation.orderByChild),
          startAt(operation.startAt),
          endAt(operation.endAt),
        ),
      );
      return;
  }
}
