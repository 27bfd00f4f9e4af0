// REST streaming: `GET /<path>.json` with `Accept: text/event-stream` answers with Server-Sent
// Events as Firebase documents them (https://firebase.google.com/docs/reference/rest/database,
// "Streaming from the REST API"): `put` and `patch` with `{"path", "data"}` relative to the
// requested location, `keep-alive`, `cancel` when the rules stop allowing the read, and
// `auth_revoked` when the credential stops being valid. A stream is a listen like a WebSocket
// client's, so it gets exactly the pushes a wire listener of the same location and query gets.
import type { ServerResponse } from 'node:http';
import { fromJSON, toExport, toPlain } from '../tree/node';
import type { MaybeNode } from '../tree/node';
import type { WireQuery } from '../query/index';
import { isDefaultQuery } from '../query/index';
import type { Principal } from './auth';
import type { Listen, ListenOwner } from './listens';
import type { Namespace } from './namespace';

export const EVENT_STREAM = 'text/event-stream';

/** How often an idle stream gets a `keep-alive` event (production sends one every 30 s or so). */
export const KEEP_ALIVE_MS = 30_000;

export interface StreamOptions {
  readonly id: number;
  readonly namespace: Namespace;
  readonly principal: Principal;
  readonly path: readonly string[];
  readonly query: WireQuery | null;
  /** `format=export`: values keep `.priority` and `.value`, as a REST read with it does. */
  readonly exportFormat: boolean;
  readonly headers: Record<string, string>;
  readonly keepAliveMs: number;
  closed(stream: RestStream): void;
}

/** The wire push a listen receives, as built by `messages.ts`. */
interface WirePush {
  t: 'd';
  d: { a: 'd' | 'm' | 'c'; b: { p: string; d?: unknown } };
}

/** Whether a request asks for an event stream (`Accept: text/event-stream`). */
export function wantsEventStream(accept: string | string[] | undefined): boolean {
  const values = Array.isArray(accept) ? accept : [accept ?? ''];
  return values.some((value) =>
    value.split(',').some((part) => part.trim().toLowerCase().startsWith(EVENT_STREAM)),
  );
}

export class RestStream implements ListenOwner {
  readonly principal: Principal;
  private readonly listen: Listen;
  private readonly keepAlive: NodeJS.Timeout;
  private open = true;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: StreamOptions,
  ) {
    this.principal = options.principal;
    const wirePath = '/' + options.path.join('/');
    const query = options.query;
    const windowed = query !== null && !isDefaultQuery(query);
    this.listen = {
      owner: this,
      path: options.path,
      wirePath,
      // A query listen gets its whole window on every change, as a tagged wire listen does.
      tag: windowed ? options.id : null,
      query: windowed ? query : null,
      rawQuery: null,
      queryKey: `stream:${options.id}`,
      lastWindow: null,
    };
    res.writeHead(200, {
      ...options.headers,
      'Content-Type': `${EVENT_STREAM}; charset=utf-8`,
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    this.keepAlive = setInterval(() => this.event('keep-alive', 'null'), options.keepAliveMs);
    this.keepAlive.unref();
    res.on('close', () => this.close());
  }

  get id(): number {
    return this.options.id;
  }

  get namespace(): Namespace {
    return this.options.namespace;
  }

  /** Sends the current value as the first `put` and starts receiving the location's changes. */
  start(now: number): void {
    const first = this.options.namespace.read(
      this.principal,
      this.options.path,
      this.options.query,
      now,
    );
    if (!first.ok) {
      this.cancel();
      return;
    }
    this.listen.lastWindow = this.listen.tag === null ? null : first.node;
    this.put('/', this.format(first.node));
    this.options.namespace.addListen(this.listen);
  }

  describe(): string {
    return this.listen.wirePath;
  }

  sendText(text: string): void {
    const push = JSON.parse(text) as WirePush;
    const { a: action, b: body } = push.d;
    if (action === 'c') {
      this.cancel();
      return;
    }
    const relative = this.relative(body.p);
    if (action === 'm') {
      const changes = body.d as Record<string, unknown>;
      const data: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(changes)) data[key] = this.formatJson(value);
      this.event('patch', JSON.stringify({ path: relative, data }));
      return;
    }
    this.put(relative, this.formatJson(body.d));
  }

  dropListen(): void {
    // The namespace already removed the listen; `sendText` with the revocation follows.
  }

  /** `auth_revoked`: the credential is no longer valid; the client must reconnect with another. */
  revokeAuth(): void {
    this.event('auth_revoked', JSON.stringify('credential is no longer valid'));
    this.close();
  }

  /** Closes the stream without an event (the emulator drops the connection). */
  drop(): void {
    this.close();
  }

  private cancel(): void {
    this.event('cancel', 'null');
    this.close();
  }

  private put(path: string, data: unknown): void {
    this.event('put', JSON.stringify({ path, data }));
  }

  private event(name: string, data: string): void {
    if (!this.open) return;
    this.res.write(`event: ${name}\ndata: ${data}\n\n`);
  }

  private relative(wirePath: string): string {
    const base = this.listen.wirePath === '/' ? '' : this.listen.wirePath;
    const rest = wirePath.slice(base.length);
    return rest.length === 0 ? '/' : rest;
  }

  private format(node: MaybeNode): unknown {
    return this.options.exportFormat ? toExport(node) : toPlain(node);
  }

  /** Wire pushes carry the export format; a plain stream sends what a plain REST read sends. */
  private formatJson(exported: unknown): unknown {
    return this.options.exportFormat ? exported : toPlain(fromJSON(exported));
  }

  private close(): void {
    if (!this.open) return;
    this.open = false;
    clearInterval(this.keepAlive);
    this.options.namespace.removeListen(this.listen);
    this.res.end();
    this.options.closed(this);
  }
}
