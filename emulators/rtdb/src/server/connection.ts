// One WebSocket client: handshake, framing, the request actions, its listens and
// its onDisconnect queue. Nothing survives the socket: the SDK replays its state on reconnect.
import type { WebSocket, RawData } from 'ws';
import { InvalidDataError, assertValidPath, getPath, splitPath, toExport } from '../tree/node';
import { hashNode } from '../tree/hash';
import { isDefaultQuery, parseWireQuery, queryWindow } from '../query/index';
import type { WireQuery } from '../query/index';
import { ADMIN, ANONYMOUS, resolveCredential } from './auth';
import type { Principal } from './auth';
import { FrameReassembler, splitFrames } from './frames';
import type { Listen, ListenOwner } from './listens';
import {
  PONG_TEXT,
  authRevokedText,
  dataPushText,
  helloText,
  responseOkRawText,
  responseText,
  wirePathOf,
} from './messages';
import { DENIED, isPrefix, mergeOps } from './namespace';
import type { Namespace, WriteOp } from './namespace';
import { OnDisconnectQueue } from './ondisconnect';

export interface ConnectionEnv {
  now(): number;
  log(line: string): void;
  closed(connection: Connection): void;
}

/** Wire request bodies are untrusted JSON; fields are read through this view. */
type Body = Record<string, unknown>;

class BadRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadRequestError';
  }
}

/** The request path; writes may end in `.priority` (validated by the namespace). */
function pathOf(body: Body, forWrite = false): string[] {
  if (typeof body['p'] !== 'string') throw new BadRequestError('Missing path');
  const path = splitPath(body['p']);
  assertValidPath(forWrite && path[path.length - 1] === '.priority' ? path.slice(0, -1) : path);
  return path;
}

function listenKey(path: readonly string[], tag: number | null): string {
  return `${path.join('/')}|${tag ?? ''}`;
}

export class Connection implements ListenOwner {
  principal: Principal = ANONYMOUS;
  private readonly listens = new Map<string, Listen>();
  private readonly reassembler = new FrameReassembler();
  private readonly onDisconnect = new OnDisconnectQueue();
  private finished = false;
  /** Traffic (a frame or a pong) since the last heartbeat. */
  private alive = true;

  constructor(
    readonly id: number,
    readonly sessionId: string,
    private readonly socket: WebSocket,
    readonly namespace: Namespace,
    private readonly env: ConnectionEnv,
  ) {}

  /** Sends the hello and starts handling frames. `host` is the request's Host header. */
  start(host: string): void {
    this.socket.on('message', (data: RawData, isBinary: boolean) => this.onFrame(data, isBinary));
    this.socket.on('close', () => this.finish());
    this.socket.on('pong', () => {
      this.alive = true;
    });
    this.socket.on('error', (error: Error) => {
      this.env.log(`rtdb: connection ${this.id} socket error: ${error.message}`);
      this.finish();
    });
    this.sendText(helloText(this.env.now(), host, this.sessionId));
  }

  describeListens(): string[] {
    return [...this.listens.values()].map((listen) =>
      listen.tag === null
        ? listen.wirePath
        : `${listen.wirePath} ${JSON.stringify(listen.rawQuery)} #${listen.tag}`,
    );
  }

  sendText(text: string): void {
    if (this.finished || this.socket.readyState !== this.socket.OPEN) return;
    for (const frame of splitFrames(text)) this.socket.send(frame);
  }

  dropListen(listen: Listen): void {
    const key = listenKey(listen.path, listen.tag);
    if (this.listens.get(key) === listen) this.listens.delete(key);
  }

  /**
   * Called periodically: a socket that sent nothing (not even the pong to the last WebSocket
   * ping) since the previous call is half-open and gets dropped, so its onDisconnect runs.
   * Protocol-level pings are used because a data-level keepalive would confuse the SDK.
   */
  heartbeat(): void {
    if (this.finished) return;
    if (!this.alive) {
      this.env.log(`rtdb: connection ${this.id} stopped answering; closing it`);
      this.drop();
      return;
    }
    this.alive = false;
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
  }

  /** Closes the socket abruptly, as a crashed client would; onDisconnect writes run. */
  drop(): void {
    this.finish();
    this.socket.terminate();
  }

  /** Test hook: tells the client its credential expired. */
  revokeAuth(status = 'expired_token', message = 'Auth token is expired.'): void {
    this.sendText(authRevokedText(status, message));
  }

  /** Socket gone: forget the listens and run the queued onDisconnect writes atomically. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const listen of this.listens.values()) this.namespace.removeListen(listen);
    this.listens.clear();
    const pending = this.onDisconnect.entries();
    this.onDisconnect.clear();
    if (pending.length > 0) {
      const ops = pending.map((entry) => ({ rel: entry.path, json: entry.data }));
      // A queued write at the root excludes every other entry and is a plain set.
      const mode = ops.length === 1 && ops[0]?.rel.length === 0 ? 'set' : 'merge';
      try {
        // Rules were checked at registration; production does not re-check them here.
        this.namespace.write(ADMIN, [], ops, mode, this.env.now());
      } catch (error) {
        this.env.log(
          `rtdb: onDisconnect writes of connection ${this.id} failed: ${(error as Error).message}`,
        );
      }
    }
    this.env.closed(this);
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.finished) return;
    this.alive = true;
    if (isBinary) {
      this.reject('binary frames are not part of the protocol');
      return;
    }
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    const frame = bytes.toString('utf8');
    let text: string | null;
    try {
      text = this.reassembler.push(frame);
    } catch (error) {
      this.reject((error as Error).message);
      return;
    }
    if (text === null) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.reject('malformed JSON message');
      return;
    }
    if (message === null || typeof message !== 'object') {
      this.reject('message is not an object');
      return;
    }
    const { t, d } = message as Body;
    if (d === null || typeof d !== 'object') {
      this.reject('message without payload');
      return;
    }
    const payload = d as Body;
    if (t === 'c') this.onControl(payload);
    else if (t === 'd') this.onData(payload);
    else this.reject(`unknown message type ${JSON.stringify(t)}`);
  }

  /** Closes only this socket after input the protocol cannot answer. */
  private reject(reason: string): void {
    this.env.log(`rtdb: closing connection ${this.id}: ${reason}`);
    this.drop();
  }

  private onControl(payload: Body): void {
    if (payload['t'] === 'p') this.sendText(PONG_TEXT);
  }

  private onData(payload: Body): void {
    const requestId = payload['r'];
    const action = payload['a'];
    const body = (
      payload['b'] !== null && typeof payload['b'] === 'object' ? payload['b'] : {}
    ) as Body;
    if (typeof action !== 'string') {
      this.reject('data message without action');
      return;
    }
    try {
      this.handle(requestId, action, body);
    } catch (error) {
      const bad = error instanceof InvalidDataError || error instanceof BadRequestError;
      const message = (error as Error).message;
      if (bad) this.env.log(`rtdb: rejected ${action} on connection ${this.id}: ${message}`);
      else this.env.log(`rtdb: internal error in ${action}: ${(error as Error).stack ?? message}`);
      this.respond(requestId, bad ? 'invalid_data' : 'internal_error', message);
    }
  }

  private respond(requestId: unknown, status: string, data: unknown = ''): void {
    if (requestId === undefined) return;
    this.sendText(responseText(requestId, status, data));
  }

  private handle(requestId: unknown, action: string, body: Body): void {
    const now = this.env.now();
    switch (action) {
      case 's':
      case 'appcheck':
      case 'unappeck':
        this.respond(requestId, 'ok');
        return;
      case 'auth':
      case 'gauth':
        this.authenticate(requestId, action, body);
        return;
      case 'unauth':
        this.principal = ANONYMOUS;
        this.respond(requestId, 'ok');
        this.recheckOwnListens();
        return;
      case 'q':
      case 'l':
        this.listen(requestId, body, now);
        return;
      case 'n':
        this.unlisten(requestId, body);
        return;
      case 'g':
        this.get(requestId, body, now);
        return;
      case 'p':
        this.put(requestId, body, now);
        return;
      case 'm':
        this.merge(requestId, body, now);
        return;
      case 'o':
      case 'om':
        this.queueOnDisconnect(requestId, action, body, now);
        return;
      case 'oc':
        this.onDisconnect.cancel(pathOf(body));
        this.respond(requestId, 'ok');
        return;
      default:
        this.env.log(`rtdb: unknown action ${JSON.stringify(action)} on connection ${this.id}`);
        this.respond(requestId, 'invalid_request', `Unknown action: ${action}`);
    }
  }

  private authenticate(requestId: unknown, action: 'auth' | 'gauth', body: Body): void {
    const result = resolveCredential(action, body);
    if (!result.ok) {
      this.respond(requestId, result.status, result.message);
      return;
    }
    this.principal = result.principal;
    this.respond(requestId, 'ok', result.reply);
    this.recheckOwnListens();
  }

  private recheckOwnListens(): void {
    this.namespace.recheckListens((listen) => listen.owner === this);
  }

  private listen(requestId: unknown, body: Body, now: number): void {
    const path = pathOf(body);
    const tag = typeof body['t'] === 'number' ? body['t'] : null;
    const query: WireQuery | null = tag === null ? null : parseWireQuery(body['q']);
    if (!this.namespace.mayRead(this.principal, path, query, now)) {
      this.respond(requestId, 'permission_denied', DENIED);
      return;
    }
    const key = listenKey(path, tag);
    const previous = this.listens.get(key);
    if (previous !== undefined) this.namespace.removeListen(previous);
    const wirePath = wirePathOf(path);
    const node = getPath(this.namespace.root, path);
    const window = query === null ? node : queryWindow(node, query);
    const listen: Listen = {
      owner: this,
      path,
      wirePath,
      tag,
      query,
      rawQuery: body['q'],
      queryKey: `${wirePath}\u0000${JSON.stringify(query)}`,
      lastWindow: window,
    };
    this.listens.set(key, listen);
    this.namespace.addListen(listen);
    // Data before the ok, or the client fires a spurious null value first.
    this.sendText(dataPushText(wirePath, JSON.stringify(toExport(window)), tag));
    // Production serves an unindexed listen (the SDK filters and warns); only REST refuses it.
    const warn = this.namespace.missingIndex(path, query) !== null;
    this.respond(requestId, 'ok', warn ? { w: ['no_index'] } : '');
  }

  private unlisten(requestId: unknown, body: Body): void {
    const path = pathOf(body);
    const tag = typeof body['t'] === 'number' ? body['t'] : null;
    const key = listenKey(path, tag);
    const listen = this.listens.get(key);
    if (listen !== undefined) {
      this.listens.delete(key);
      this.namespace.removeListen(listen);
    }
    this.respond(requestId, 'ok');
  }

  /**
   * One-shot read. An unindexed query is answered (production's SDKs report it refused with
   * "Index not defined"; a known difference, see the README).
   */
  private get(requestId: unknown, body: Body, now: number): void {
    const path = pathOf(body);
    const query = parseWireQuery(body['q']);
    const result = this.namespace.read(
      this.principal,
      path,
      isDefaultQuery(query) ? null : query,
      now,
    );
    if (!result.ok) {
      this.respond(requestId, 'permission_denied', DENIED);
      return;
    }
    if (requestId !== undefined)
      this.sendText(responseOkRawText(requestId, JSON.stringify(toExport(result.node))));
  }

  private put(requestId: unknown, body: Body, now: number): void {
    const path = pathOf(body, true);
    if (typeof body['h'] === 'string') {
      const current = getPath(this.namespace.root, path);
      if (hashNode(current) !== body['h']) {
        this.pushStaleValue(path, now);
        this.respond(requestId, 'datastale', 'Transaction hash does not match');
        return;
      }
    }
    const result = this.namespace.write(
      this.principal,
      path,
      [{ rel: [], json: body['d'] }],
      'set',
      now,
    );
    if (result.ok) this.respond(requestId, 'ok');
    else this.respond(requestId, result.status, DENIED);
  }

  /** Before `datastale`, make sure the client's cache holds the current value. */
  private pushStaleValue(path: string[], now: number): void {
    const covered = [...this.listens.values()].some(
      (listen) => listen.tag === null && isPrefix(listen.path, path),
    );
    if (!covered || !this.namespace.mayRead(this.principal, path, null, now)) return;
    const current = getPath(this.namespace.root, path);
    this.sendText(dataPushText(wirePathOf(path), JSON.stringify(toExport(current)), null));
  }

  private merge(requestId: unknown, body: Body, now: number): void {
    const path = pathOf(body);
    const ops = mergeOps(body['d']);
    if (ops.length === 0) {
      this.respond(requestId, 'ok');
      return;
    }
    const result = this.namespace.write(this.principal, path, ops, 'merge', now);
    if (result.ok) this.respond(requestId, 'ok');
    else this.respond(requestId, result.status, DENIED);
  }

  /** `o`/`om`: permission is checked now against current data; values resolve at disconnect. */
  private queueOnDisconnect(requestId: unknown, action: 'o' | 'om', body: Body, now: number): void {
    const path = pathOf(body, true);
    if (action === 'o') {
      const ops: WriteOp[] = [{ rel: [], json: body['d'] }];
      if (!this.namespace.checkWrite(this.principal, path, ops, 'set', now)) {
        this.respond(requestId, 'permission_denied', DENIED);
        return;
      }
      this.onDisconnect.set(path, body['d']);
    } else {
      const ops = mergeOps(body['d']);
      if (ops.length > 0 && !this.namespace.checkWrite(this.principal, path, ops, 'merge', now)) {
        this.respond(requestId, 'permission_denied', DENIED);
        return;
      }
      this.onDisconnect.update(
        path,
        ops.map((op) => [[...op.rel], op.json] as const),
      );
    }
    this.respond(requestId, 'ok');
  }
}
