// One database operation, carried out by an actor over either transport the app's clients can use:
// the real `firebase` web SDK (websocket) or the REST API with the ID token as `?auth=`.
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  equalTo,
  get,
  getDatabase,
  goOffline,
  orderByChild,
  query,
  ref,
  remove,
  set,
  update,
  type Database,
} from 'firebase/database';
import type { Actor } from './tokens.ts';

export type Operation =
  | { op: 'read'; path: string }
  | { op: 'set'; path: string; value: unknown }
  | { op: 'update'; path: string; value: Record<string, unknown> }
  | { op: 'remove'; path: string }
  | { op: 'query'; path: string; orderByChild: string; equalTo: string };

export type Transport = 'websocket' | 'rest';
export type Outcome = 'allowed' | 'denied';

export const NAMESPACE = 'demo-studio-default-rtdb';

// Refusals are what the matrix expects; the SDK would print a warning for each one.
setLogLevel('silent');

const DENIED = /permission.denied/i;

/** Web SDK handles, one per actor, reused for every case (as one signed-in app would). */
export class WebsocketClients {
  private readonly apps = new Map<string, FirebaseApp>();
  private counter = 0;

  constructor(private readonly port: number) {}

  database(actor: Actor): Database {
    const existing = this.apps.get(actor.name);
    if (existing !== undefined) return getDatabase(existing);
    const app = initializeApp(
      {
        projectId: 'demo-studio',
        apiKey: 'demo-api-key',
        databaseURL: `http://127.0.0.1:${this.port}?ns=${NAMESPACE}`,
      },
      `attack-${actor.name}-${++this.counter}`,
    );
    this.apps.set(actor.name, app);
    const db = getDatabase(app);
    // A string mock token is sent verbatim as the connection's credential.
    connectDatabaseEmulator(
      db,
      '127.0.0.1',
      this.port,
      actor.token === null ? undefined : { mockUserToken: actor.token },
    );
    return db;
  }

  async close(): Promise<void> {
    for (const app of this.apps.values()) {
      goOffline(getDatabase(app));
      await deleteApp(app);
    }
    this.apps.clear();
  }
}

async function overWebsocket(db: Database, operation: Operation): Promise<void> {
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
  }
}

const REST_METHOD = {
  read: 'GET',
  query: 'GET',
  set: 'PUT',
  update: 'PATCH',
  remove: 'DELETE',
} as const;

async function overRest(port: number, actor: Actor, operation: Operation): Promise<Outcome> {
  const url = new URL(`http://127.0.0.1:${port}/${operation.path}.json`);
  url.searchParams.set('ns', NAMESPACE);
  // `?auth=<ID token>` is the documented way to act as a user over REST; an Authorization
  // Bearer header means a service credential (the emulator grants it admin, see decision 080).
  if (actor.token !== null) url.searchParams.set('auth', actor.token);
  if (operation.op === 'query') {
    url.searchParams.set('orderBy', JSON.stringify(operation.orderByChild));
    url.searchParams.set('equalTo', JSON.stringify(operation.equalTo));
  }
  const body =
    operation.op === 'set' || operation.op === 'update' ? JSON.stringify(operation.value) : null;
  const response = await fetch(url, { method: REST_METHOD[operation.op], body });
  const text = await response.text();
  if (response.ok) return 'allowed';
  if (response.status === 401 && DENIED.test(text)) return 'denied';
  throw new Error(
    `REST ${REST_METHOD[operation.op]} ${operation.path}: ${response.status} ${text}`,
  );
}

/** Carries the operation out; anything but success or a permission refusal is thrown. */
export async function attempt(
  transport: Transport,
  clients: WebsocketClients,
  port: number,
  actor: Actor,
  operation: Operation,
): Promise<Outcome> {
  if (transport === 'rest') return overRest(port, actor, operation);
  try {
    await overWebsocket(clients.database(actor), operation);
    return 'allowed';
  } catch (error) {
    if (error instanceof Error && DENIED.test(error.message)) return 'denied';
    throw error;
  }
}
