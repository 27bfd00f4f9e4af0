// One database operation, carried out by an actor over either transport the app's clients can use:
// the real `firebase` web SDK (websocket) or the REST API with the ID token as `?auth=`.
import type { Database } from 'firebase/database';
import {
  clientDatabase,
  closeClient,
  NAMESPACE,
  perform,
  type Operation,
} from '../../support/database.ts';
import type { Actor } from './tokens.ts';

export { NAMESPACE, type Operation };
export type Transport = 'websocket' | 'rest';
export type Outcome = 'allowed' | 'denied';

const DENIED = /permission.denied/i;

/** Web SDK handles, one per actor, reused for every case (as one signed-in app would). */
export class WebsocketClients {
  private readonly databases = new Map<string, Database>();

  constructor(private readonly port: number) {}

  database(actor: Actor): Database {
    let db = this.databases.get(actor.name);
    if (db === undefined) {
      // The actor's hand-built ID token is sent verbatim as the connection's credential.
      db = clientDatabase(this.port, actor.token);
      this.databases.set(actor.name, db);
    }
    return db;
  }

  async close(): Promise<void> {
    for (const db of this.databases.values()) await closeClient(db);
    this.databases.clear();
  }
}

const REST_METHOD = {
  read: 'GET',
  query: 'GET',
  set: 'PUT',
  update: 'PATCH',
  remove: 'DELETE',
  range: 'GET',
} as const;

async function overRest(port: number, actor: Actor, operation: Operation): Promise<Outcome> {
  const url = new URL(`http://127.0.0.1:${port}/${operation.path}.json`);
  url.searchParams.set('ns', NAMESPACE);
  // `?auth=<ID token>` is the documented way to act as a user over REST; an Authorization
  // Bearer header means a service credential (the emulator grants it admin, see
  // docs/architecture/testing.md#proof-suites).
  if (actor.token !== null) url.searchParams.set('auth', actor.token);
  if (operation.op === 'query') {
    url.searchParams.set('orderBy', JSON.stringify(operation.orderByChild));
    url.searchParams.set('equalTo', JSON.stringify(operation.equalTo));
  }
  if (operation.op === 'range') {
    url.searchParams.set('orderBy', JSON.stringify(operation.orderByChild));
    url.searchParams.set('startAt', JSON.stringify(operation.startAt));
    url.searchParams.set('endAt', JSON.stringify(operation.endAt));
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
    await perform(clients.database(actor), operation);
    return 'allowed';
  } catch (error) {
    if (error instanceof Error && DENIED.test(error.message)) return 'denied';
    throw error;
  }
}
