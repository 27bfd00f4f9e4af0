// The emulator process core: one HTTP server whose `/.ws` upgrades speak the SDK protocol and
// whose other paths are the REST API; namespaces are created on first use.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { toExport } from '../tree/node';
import { resolveNamespace } from './addressing';
import { Connection } from './connection';
import { Namespace } from './namespace';
import { Persistence } from './persistence';
import { createPushIdGenerator } from './push-id';
import { handleRest } from './rest';
import type { RestContext, StreamRequest } from './rest';
import { KEEP_ALIVE_MS, RestStream } from './stream';

/** How often idle sockets are pinged; one without any traffic for two periods is dropped. */
const HEARTBEAT_MS = 30_000;

export interface ServerOptions {
  defaultNamespace: string;
  dataDir?: string;
  log: (line: string) => void;
  streamKeepAliveMs?: number;
}

export interface ConnectionInfo {
  id: number;
  namespace: string;
  sessionId: string;
  admin: boolean;
  auth: unknown;
  listens: string[];
  /** `websocket` for an SDK connection, `rest-stream` for a REST event stream. */
  transport: 'websocket' | 'rest-stream';
}

export class RtdbServer implements RestContext {
  readonly defaultNamespace: string;
  readonly log: (line: string) => void;
  private readonly namespaces = new Map<string, Namespace>();
  private readonly connections = new Set<Connection>();
  private readonly streams = new Set<RestStream>();
  private readonly streamKeepAliveMs: number;
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly persistence: Persistence | null;
  private readonly nextPushId = createPushIdGenerator();
  private clockOffset = 0;
  private nextConnectionId = 1;
  private stopped = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(options: ServerOptions) {
    this.defaultNamespace = options.defaultNamespace;
    this.log = options.log;
    this.streamKeepAliveMs = options.streamKeepAliveMs ?? KEEP_ALIVE_MS;
    this.persistence =
      options.dataDir === undefined ? null : new Persistence(options.dataDir, this.log);
    this.http = createServer((req, res) => this.onRequest(req, res));
    // Clients split their messages into 16 KiB frames; the cap only guards against abuse.
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: 64 * 1024 * 1024,
      perMessageDeflate: false,
    });
    this.http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.onUpgrade(req, socket, head),
    );
    this.heartbeat = setInterval(() => {
      for (const connection of this.connections) connection.heartbeat();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    this.http.on('clientError', (_error, socket: Duplex) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
  }

  now(): number {
    return Date.now() + this.clockOffset;
  }

  setClockOffset(ms: number): void {
    this.clockOffset = ms;
  }

  getClockOffset(): number {
    return this.clockOffset;
  }

  pushId(now: number): string {
    return this.nextPushId(now);
  }

  /** Restores persisted namespaces; returns the names restored. */
  restore(): Set<string> {
    const restored = new Set<string>();
    if (this.persistence === null) return restored;
    for (const snapshot of this.persistence.loadAll()) {
      const namespace = this.namespace(snapshot.namespace);
      try {
        if (snapshot.rules !== null) namespace.setRules(snapshot.rules);
      } catch (error) {
        this.log(
          `rtdb: persisted rules of ${snapshot.namespace} do not compile: ${(error as Error).message}`,
        );
      }
      namespace.replaceData(snapshot.data);
      restored.add(snapshot.namespace);
    }
    return restored;
  }

  namespace(name: string): Namespace {
    let namespace = this.namespaces.get(name);
    if (namespace === undefined) {
      const persistence = this.persistence;
      namespace = new Namespace(name, {
        log: this.log,
        now: () => this.now(),
        changed:
          persistence === null
            ? () => undefined
            : (changedNamespace) => persistence.changed(changedNamespace),
      });
      this.namespaces.set(name, namespace);
    }
    return namespace;
  }

  exportData(name: string): unknown {
    return toExport(this.namespace(name).root);
  }

  namespaceNames(): string[] {
    return [...this.namespaces.keys()];
  }

  /** Empties one namespace (data and rules) or all of them; listeners see the data vanish. */
  reset(name?: string): void {
    const targets = name === undefined ? [...this.namespaces.values()] : [this.namespace(name)];
    for (const namespace of targets) {
      namespace.setRules(null);
      namespace.replaceData(null);
    }
  }

  listConnections(): ConnectionInfo[] {
    const sockets = [...this.connections].map((connection) => ({
      id: connection.id,
      namespace: connection.namespace.name,
      sessionId: connection.sessionId,
      admin: connection.principal.admin,
      auth: connection.principal.admin ? null : connection.principal.auth,
      listens: connection.describeListens(),
      transport: 'websocket' as const,
    }));
    const streams = [...this.streams].map((stream) => ({
      id: stream.id,
      namespace: stream.namespace.name,
      sessionId: '',
      admin: stream.principal.admin,
      auth: stream.principal.admin ? null : stream.principal.auth,
      listens: [stream.describe()],
      transport: 'rest-stream' as const,
    }));
    return [...sockets, ...streams];
  }

  /** Starts a REST event stream on a response whose request was already checked. */
  openStream(request: StreamRequest): void {
    const stream = new RestStream(request.res, {
      ...request,
      id: this.nextConnectionId++,
      keepAliveMs: this.streamKeepAliveMs,
      closed: (closed) => this.streams.delete(closed),
    });
    this.streams.add(stream);
    stream.start(this.now());
  }

  /** Closes sockets abruptly (their onDisconnect writes run); returns how many. */
  dropConnections(
    filter: (info: { id: number; namespace: string }) => boolean = () => true,
  ): number {
    let count = 0;
    for (const connection of [...this.connections]) {
      if (!filter({ id: connection.id, namespace: connection.namespace.name })) continue;
      connection.drop();
      count++;
    }
    for (const stream of [...this.streams]) {
      if (!filter({ id: stream.id, namespace: stream.namespace.name })) continue;
      stream.drop();
      count++;
    }
    return count;
  }

  revokeAuth(id: number): boolean {
    for (const connection of this.connections) {
      if (connection.id === id) {
        connection.revokeAuth();
        return true;
      }
    }
    for (const stream of this.streams) {
      if (stream.id === id) {
        stream.revokeAuth();
        return true;
      }
    }
    return false;
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.http.once('error', onError);
      this.http.listen(port, host, () => {
        this.http.off('error', onError);
        const address = this.http.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const connection of [...this.connections]) connection.drop();
    for (const stream of [...this.streams]) stream.drop();
    this.wss.close();
    await new Promise<void>((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
    await this.persistence?.flush();
  }

  async flush(): Promise<void> {
    await this.persistence?.flush();
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/.ws' || this.stopped) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(ws, req, url));
  }

  private onSocket(ws: WebSocket, req: IncomingMessage, url: URL): void {
    const name = resolveNamespace(
      url.searchParams.get('ns'),
      req.headers.host,
      this.defaultNamespace,
    );
    const namespace = this.namespace(name);
    // A reconnect names its previous session: that socket is dead even if it looks open.
    const lastSession = url.searchParams.get('ls');
    if (lastSession) {
      for (const connection of [...this.connections]) {
        if (connection.sessionId === lastSession && connection.namespace === namespace)
          connection.drop();
      }
    }
    const connection = new Connection(
      this.nextConnectionId++,
      randomBytes(12).toString('base64url'),
      ws,
      namespace,
      {
        now: () => this.now(),
        log: this.log,
        closed: (closed) => this.connections.delete(closed),
      },
    );
    this.connections.add(connection);
    const address = this.http.address();
    const fallbackHost =
      typeof address === 'object' && address !== null ? `${address.address}:${address.port}` : '';
    connection.start(req.headers.host ?? fallbackHost);
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    handleRest(this, req, res).catch((error: Error) => {
      this.log(
        `rtdb: internal error in ${req.method ?? '?'} ${req.url ?? ''}: ${error.stack ?? error.message}`,
      );
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: 'Internal error' }));
      } else {
        res.destroy();
      }
    });
  }
}
