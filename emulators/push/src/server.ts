// The stand-in's HTTP server: push resources at `/push/{token}` (RFC 8030 §5), the control and
// inspection API under `/api/`, and a page at `/` that lists what arrived.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DecryptError, decryptWebPush } from './ece';
import { messagesPage } from './page';
import { InvalidKeysError, PushState, type ReceivedMessage, type Subscription } from './state';
import { checkVapid } from './vapid';

/** RFC 8030 §7.2: a push service must take 4096 bytes of encrypted payload; more is refused. */
export const MAX_PAYLOAD_BYTES = 4096;
const MAX_CONTROL_BYTES = 64 * 1024;
/** The longest a test may hold an answer back. */
const MAX_DELAY_MS = 60_000;
/** The answers a test may plan. */
export const PLANNABLE_STATUSES = [201, 400, 404, 410, 413, 429, 500, 502, 503] as const;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

export interface ServerOptions {
  host: string;
  port: number;
  log: (line: string) => void;
  now: () => number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Keep reading (and dropping) so the client sees the answer, not a reset.
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      size > limit
        ? reject(new HttpError(413, 'Payload Too Large'))
        : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function parseJson(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'Body must be a JSON object');
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be a string`);
  return value;
}

/** What a test sees of a subscription: the browser's `PushSubscription.toJSON()` and the key. */
export function publicSubscription(subscription: Subscription) {
  return {
    endpoint: subscription.endpoint,
    expirationTime: null,
    keys: subscription.keys,
    privateKey: subscription.privateKey,
    gone: subscription.gone,
    ...(subscription.applicationServerKey === undefined
      ? {}
      : { applicationServerKey: subscription.applicationServerKey }),
  };
}

export class PushServer {
  readonly state: PushState;
  private server: Server | undefined;
  private origin = '';

  constructor(private readonly options: ServerOptions) {
    this.state = new PushState(() => this.origin);
  }

  get url(): string {
    return this.origin;
  }

  async listen(): Promise<{ port: number; url: string }> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        if (status === 500) this.options.log(`internal error: ${String(error)}`);
        if (!res.headersSent) json(res, status, { error: (error as Error).message });
        else res.end();
      });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    this.origin = `http://${this.options.host}:${port}`;
    return { port, url: this.origin };
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const method = req.method ?? 'GET';
    const push = /^\/push\/([A-Za-z0-9-]+)$/.exec(url.pathname);
    if (push?.[1] !== undefined && method === 'POST') return this.receive(req, res, push[1]);
    if (url.pathname === '/' && method === 'GET') {
      const html = messagesPage(this.state);
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      res.end(html);
      return;
    }
    if (url.pathname === '/api/messages') {
      if (method === 'GET') {
        const endpoint = url.searchParams.get('endpoint');
        const status = url.searchParams.get('status');
        return json(
          res,
          200,
          this.state.messages.filter(
            (message) =>
              (endpoint === null || message.endpoint === endpoint) &&
              (status === null || String(message.status) === status),
          ),
        );
      }
      if (method === 'DELETE') {
        this.state.messages.length = 0;
        return json(res, 200, {});
      }
    }
    if (url.pathname === '/api/subscriptions') {
      if (method === 'GET')
        return json(res, 200, [...this.state.subscriptions.values()].map(publicSubscription));
      if (method === 'POST') {
        const body = parseJson(await readBody(req, MAX_CONTROL_BYTES));
        try {
          const subscription = this.state.subscribe({
            privateKey: optionalString(body, 'privateKey'),
            auth: optionalString(body, 'auth'),
            applicationServerKey: optionalString(body, 'applicationServerKey'),
          });
          return json(res, 201, publicSubscription(subscription));
        } catch (error) {
          if (error instanceof InvalidKeysError) throw new HttpError(400, error.message);
          throw error;
        }
      }
      if (method === 'DELETE') {
        const endpoint = url.searchParams.get('endpoint');
        const subscription = endpoint === null ? undefined : this.state.byEndpoint(endpoint);
        if (!subscription) throw new HttpError(404, 'No subscription with that endpoint');
        subscription.gone = true;
        return json(res, 200, publicSubscription(subscription));
      }
    }
    if (url.pathname === '/api/responses') {
      if (method === 'POST') return this.plan(req, res);
      if (method === 'GET') return json(res, 200, this.state.planned);
      if (method === 'DELETE') {
        this.state.planned.length = 0;
        return json(res, 200, {});
      }
    }
    if (url.pathname === '/api/reset' && method === 'POST') {
      this.state.reset();
      return json(res, 200, {});
    }
    throw new HttpError(404, `No route ${method} ${url.pathname}`);
  }

  private async plan(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = parseJson(await readBody(req, MAX_CONTROL_BYTES));
    const { status, retryAfter, times, delayMs } = body;
    if (!PLANNABLE_STATUSES.includes(status as (typeof PLANNABLE_STATUSES)[number]))
      throw new HttpError(400, `status must be one of ${PLANNABLE_STATUSES.join(', ')}`);
    if (retryAfter !== undefined && !(Number.isInteger(retryAfter) && (retryAfter as number) >= 0))
      throw new HttpError(400, 'retryAfter must be whole seconds');
    if (times !== undefined && !(Number.isInteger(times) && (times as number) >= 1))
      throw new HttpError(400, 'times must be a whole number from 1');
    if (
      delayMs !== undefined &&
      !(
        Number.isInteger(delayMs) &&
        (delayMs as number) >= 0 &&
        (delayMs as number) <= MAX_DELAY_MS
      )
    )
      throw new HttpError(400, `delayMs must be whole milliseconds up to ${MAX_DELAY_MS}`);
    const endpoint = optionalString(body, 'endpoint');
    const plan = {
      status: status as number,
      remaining: (times as number | undefined) ?? 1,
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(retryAfter === undefined ? {} : { retryAfter: retryAfter as number }),
      ...(delayMs === undefined ? {} : { delayMs: delayMs as number }),
    };
    this.state.planned.push(plan);
    json(res, 201, plan);
  }

  /** A push message arriving at a push resource (RFC 8030 §5). */
  private async receive(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    const endpoint = `${this.origin}/push/${token}`;
    const message: ReceivedMessage = {
      id: randomUUID(),
      endpoint,
      receivedAt: this.options.now(),
      status: 201,
    };
    const answer = (status: number, error?: string, headers: Record<string, string> = {}) => {
      message.status = status;
      if (error !== undefined) message.error = error;
      this.state.messages.push(message);
      this.options.log(`POST /push/${token.slice(0, 8)}… → ${status}${error ? ` (${error})` : ''}`);
      if (status === 201) {
        res.writeHead(201, { Location: `${this.origin}/message/${message.id}`, ...headers });
        res.end();
      } else json(res, status, { error: error ?? 'refused' });
    };

    let body: Buffer;
    try {
      body = await readBody(req, MAX_PAYLOAD_BYTES);
    } catch (error) {
      if (error instanceof HttpError) return answer(413, 'payload over 4096 bytes');
      throw error;
    }
    const subscription = this.state.subscriptions.get(token);
    if (!subscription) return answer(404, 'no such subscription');
    if (subscription.gone) return answer(410, 'unsubscribed');

    const vapid = checkVapid(
      req.headers.authorization,
      this.origin,
      Math.floor(this.options.now() / 1000),
      subscription.applicationServerKey,
    );
    if (!vapid.ok) {
      const status = vapid.reason.startsWith('k is not the key') ? 403 : 401;
      return answer(status, vapid.reason);
    }
    message.vapid = vapid.claims;
    const ttl = req.headers['ttl'];
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return answer(400, 'TTL header required');
    message.ttl = Number(ttl);
    const urgency = req.headers['urgency'];
    if (urgency !== undefined) {
      if (typeof urgency !== 'string' || !URGENCIES.has(urgency))
        return answer(400, 'Urgency must be very-low, low, normal or high');
      message.urgency = urgency;
    }
    const topic = req.headers['topic'];
    if (topic !== undefined) {
      if (typeof topic !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
        return answer(400, 'Topic must be up to 32 base64url characters');
      message.topic = topic;
    }
    if (body.length > 0) {
      if (req.headers['content-encoding'] !== 'aes128gcm')
        return answer(415, 'Content-Encoding must be aes128gcm');
      try {
        message.payload = decryptWebPush(body, subscription.receiver).toString('utf8');
      } catch (error) {
        if (error instanceof DecryptError) return answer(400, `cannot decrypt: ${error.message}`);
        throw error;
      }
    }

    const plan = this.state.takePlanned(endpoint);
    if (plan?.delayMs) await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
    if (plan && plan.status !== 201) {
      if (plan.status === 410) subscription.gone = true;
      message.status = plan.status;
      message.error = 'planned answer';
      this.state.messages.push(message);
      this.options.log(`POST /push/${token.slice(0, 8)}… → ${plan.status} (planned)`);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (plan.retryAfter !== undefined) headers['Retry-After'] = String(plan.retryAfter);
      res.writeHead(plan.status, headers);
      res.end(JSON.stringify({ error: 'planned answer' }));
      return;
    }
    answer(201);
  }
}
