// The REST API and the emulator-only endpoints. REST writes go through the
// same namespace write path as wire writes, so WebSocket listeners see them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidDataError, assertValidPath, getPath, toExport, toPlain } from '../tree/node';
import type { MaybeNode } from '../tree/node';
import { hashNode } from '../tree/hash';
import { restParamsToWireQuery } from '../query/index';
import { RulesError } from '../rules/index';
import { BadPathError, parseRestPath, resolveNamespace } from './addressing';
import { restPrincipal } from './auth';
import type { Principal } from './auth';
import { stripJsonComments } from './json-comments';
import { mergeOps } from './namespace';
import type { Namespace, WriteResult } from './namespace';
import { wantsEventStream } from './stream';
import type { WireQuery } from '../query/index';

/** A checked request for a REST event stream, handed to the server that keeps the streams. */
export interface StreamRequest {
  readonly res: ServerResponse;
  readonly namespace: Namespace;
  readonly principal: Principal;
  readonly path: readonly string[];
  readonly query: WireQuery | null;
  readonly exportFormat: boolean;
  readonly headers: Record<string, string>;
}

export interface RestContext {
  readonly defaultNamespace: string;
  log(line: string): void;
  now(): number;
  pushId(now: number): string;
  namespace(name: string): Namespace;
  namespaceNames(): string[];
  reset(name?: string): void;
  dropConnections(filter?: (info: { id: number; namespace: string }) => boolean): number;
  listConnections(): unknown[];
  setClockOffset(ms: number): void;
  getClockOffset(): number;
  revokeAuth(id: number): boolean;
  openStream(request: StreamRequest): void;
}

const MAX_BODY_BYTES = 256 * 1024 * 1024;
const OPEN_RULES_TEXT = '{"rules":{".read":true,".write":true}}';
const PARSE_ERROR = "Invalid data; couldn't parse JSON object, array, or value.";

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, X-HTTP-Method-Override, X-Firebase-ETag, If-Match, X-Firebase-GMPID, X-Firebase-AppCheck',
  'Access-Control-Expose-Headers': 'ETag',
};

/** Settings stored by `PUT /.settings/<name>.json` (e.g. defaultWriteSizeLimit). */
const storedSettings = new WeakMap<Namespace, Map<string, unknown>>();

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

interface Reply {
  status: number;
  body?: unknown;
  /** Pre-serialized body (rules text) sent as is. */
  text?: string;
  headers?: Record<string, string>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, PARSE_ERROR);
  }
}

function send(res: ServerResponse, reply: Reply, params: URLSearchParams): void {
  const headers: Record<string, string> = { ...CORS_HEADERS, ...reply.headers };
  const print = params.get('print');
  if (print === 'silent' && reply.status >= 200 && reply.status < 300) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  let text = reply.text;
  if (text === undefined) {
    text =
      print === 'pretty'
        ? JSON.stringify(reply.body ?? null, null, 2)
        : JSON.stringify(reply.body ?? null);
  }
  const callback = params.get('callback');
  if (callback !== null && /^[\w$.]+$/.test(callback) && reply.status === 200) {
    headers['Content-Type'] = 'application/javascript; charset=utf-8';
    text = `${callback}(${text});`;
  } else {
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
  }
  if (params.get('download') !== null)
    headers['Content-Disposition'] =
      `attachment; filename="${params.get('download') || 'data'}.json"`;
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers);
  res.end(text);
}

function errorReply(status: number, message: string): Reply {
  return { status, body: { error: message } };
}

/** `X-HTTP-Method-Override` (header or parameter) turns a POST into PUT/PATCH/DELETE. */
function effectiveMethod(req: IncomingMessage, params: URLSearchParams): string {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'POST') return method;
  const header = req.headers['x-http-method-override'];
  const override = (
    typeof header === 'string' ? header : params.get('x-http-method-override')
  )?.toUpperCase();
  return override === 'PUT' || override === 'PATCH' || override === 'DELETE' ? override : method;
}

export async function handleRest(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const params = url.searchParams;
  const method = effectiveMethod(req, params);
  let reply: Reply;
  try {
    if (method === 'OPTIONS') {
      reply = { status: 204 };
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    if (method === 'GET' && wantsEventStream(req.headers.accept)) {
      const refused = stream(ctx, req, res, url);
      if (refused === null) return;
      reply = refused;
    } else {
      const body =
        method === 'GET' || method === 'HEAD' || method === 'DELETE' ? '' : await readBody(req);
      reply = route(ctx, req, url, method, body);
    }
  } catch (error) {
    if (error instanceof HttpError) reply = errorReply(error.status, error.message);
    else if (error instanceof InvalidDataError || error instanceof BadPathError)
      reply = errorReply(400, error.message);
    else throw error;
    ctx.log(`rtdb: ${method} ${url.pathname} → ${reply.status} ${error.message}`);
  }
  send(res, reply, params);
}

function route(
  ctx: RestContext,
  req: IncomingMessage,
  url: URL,
  method: string,
  body: string,
): Reply {
  const params = url.searchParams;
  if (url.pathname === '/.lp' || url.pathname === '/.ws') return errorReply(404, 'Not found');
  const target = parseRestPath(url.pathname);
  const principal = restPrincipal(req.headers.authorization, params);
  const name = resolveNamespace(params.get('ns'), req.headers.host, ctx.defaultNamespace);
  switch (target.kind) {
    case 'not-found':
      return errorReply(404, 'Not found');
    case 'databases':
      if (method !== 'GET') return errorReply(405, 'Method not allowed');
      return { status: 200, body: ctx.namespaceNames().map((ns) => ({ name: ns })) };
    case 'rules':
      return rules(ctx.namespace(name), method, principal, params, body);
    case 'settings':
      return settings(ctx.namespace(name), target.name, method, body);
    case 'emulator':
      if (!principal.admin) return errorReply(401, 'Permission denied');
      return emulatorHook(ctx, target.action, method, params, body, name);
    case 'data':
      return data(ctx, ctx.namespace(name), target.path, method, principal, req, params, body);
  }
}

/**
 * `Accept: text/event-stream` on a data location: the same checks as a REST read (rules, query
 * parameters, `.indexOn`), then the stream. Returns the refusal, or null once streaming.
 */
function stream(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Reply | null {
  const params = url.searchParams;
  const target = parseRestPath(url.pathname);
  if (target.kind !== 'data') return errorReply(404, 'Not found');
  assertValidPath(target.path);
  const principal = restPrincipal(req.headers.authorization, params);
  const namespace = ctx.namespace(
    resolveNamespace(params.get('ns'), req.headers.host, ctx.defaultNamespace),
  );
  const query = restParamsToWireQuery(params);
  if (!namespace.mayRead(principal, target.path, query, ctx.now()))
    return errorReply(401, 'Permission denied');
  const missing = namespace.missingIndex(target.path, query);
  if (missing !== null) return errorReply(400, indexNotDefined(missing, target.path));
  ctx.openStream({
    res,
    namespace,
    principal,
    path: target.path,
    query,
    exportFormat: params.get('format') === 'export',
    headers: CORS_HEADERS,
  });
  return null;
}

function rules(
  namespace: Namespace,
  method: string,
  principal: Principal,
  params: URLSearchParams,
  body: string,
): Reply {
  if (!principal.admin) return errorReply(401, 'Permission denied');
  if (method === 'GET') {
    const text = namespace.rulesText ?? OPEN_RULES_TEXT;
    if (params.get('format') === 'strict') {
      return { status: 200, body: JSON.parse(stripJsonComments(text)) as unknown };
    }
    return { status: 200, text };
  }
  if (method === 'PUT' || method === 'POST') {
    try {
      namespace.setRules(body);
    } catch (error) {
      if (error instanceof RulesError) return errorReply(400, error.message);
      throw error;
    }
    return { status: 200, body: { status: 'ok' } };
  }
  return errorReply(405, 'Method not allowed');
}

function settings(namespace: Namespace, name: string, method: string, body: string): Reply {
  let store = storedSettings.get(namespace);
  if (store === undefined) {
    store = new Map();
    storedSettings.set(namespace, store);
  }
  // Database triggers are out of scope: registrations are acknowledged and ignored.
  if (name === 'functionTriggers') return { status: 200, body: {} };
  if (method === 'GET') {
    return store.has(name) ? { status: 200, body: store.get(name) } : errorReply(404, 'Not found');
  }
  if (method === 'PUT' || method === 'POST' || method === 'PATCH') {
    store.set(name, body.length === 0 ? null : parseJsonBody(body));
    return { status: 200, body: store.get(name) };
  }
  return errorReply(405, 'Method not allowed');
}

function emulatorHook(
  ctx: RestContext,
  action: string,
  method: string,
  params: URLSearchParams,
  body: string,
  name: string,
): Reply {
  const json = body.length > 0 ? parseJsonBody(body) : {};
  const field = (key: string): unknown =>
    json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[key] : undefined;
  switch (action) {
    case 'reset':
      if (method !== 'POST') return errorReply(405, 'Method not allowed');
      ctx.reset(params.get('all') === 'true' ? undefined : name);
      return { status: 200, body: { status: 'ok' } };
    case 'drop-connections': {
      if (method !== 'POST') return errorReply(405, 'Method not allowed');
      const id = params.get('id');
      const all = params.get('all') === 'true';
      const dropped = ctx.dropConnections((info) =>
        id !== null ? String(info.id) === id : all || info.namespace === name,
      );
      return { status: 200, body: { dropped } };
    }
    case 'revoke-auth': {
      const id = Number(params.get('id') ?? field('id'));
      return ctx.revokeAuth(id)
        ? { status: 200, body: { status: 'ok' } }
        : errorReply(404, 'No such connection');
    }
    case 'connections':
      return { status: 200, body: ctx.listConnections() };
    case 'writes':
      return {
        status: 200,
        body: Object.fromEntries(
          ctx.namespaceNames().map((ns) => [ns, ctx.namespace(ns).writes] as const),
        ),
      };
    case 'clock': {
      if (method === 'POST' || method === 'PUT') {
        const offset = field('offset');
        const now = field('now');
        if (typeof offset === 'number' && Number.isFinite(offset)) ctx.setClockOffset(offset);
        else if (typeof now === 'number' && Number.isFinite(now))
          ctx.setClockOffset(now - Date.now());
        else return errorReply(400, 'Expected {"offset": ms} or {"now": ms}');
      }
      return { status: 200, body: { now: ctx.now(), offset: ctx.getClockOffset() } };
    }
    default:
      return errorReply(404, 'Not found');
  }
}

function etagOf(node: MaybeNode): string {
  return node === null ? 'null_etag' : hashNode(node);
}

function writeReply(
  result: WriteResult,
  body: unknown,
  etagNode: () => MaybeNode,
  wantEtag: boolean,
): Reply {
  if (!result.ok) return errorReply(401, 'Permission denied');
  return { status: 200, body, headers: wantEtag ? { ETag: etagOf(etagNode()) } : {} };
}

function data(
  ctx: RestContext,
  namespace: Namespace,
  path: string[],
  method: string,
  principal: Principal,
  req: IncomingMessage,
  params: URLSearchParams,
  body: string,
): Reply {
  const now = ctx.now();
  const wantEtag = req.headers['x-firebase-etag'] === 'true';
  const current = (): MaybeNode => getPath(namespace.root, path);
  const ifMatch = req.headers['if-match'];
  if (typeof ifMatch === 'string' && method !== 'GET' && ifMatch !== etagOf(current())) {
    return { status: 412, body: toPlain(current()), headers: { ETag: etagOf(current()) } };
  }
  switch (method) {
    case 'GET':
    case 'HEAD': {
      if (path[path.length - 1] === '.priority') {
        const nodePath = path.slice(0, -1);
        assertValidPath(nodePath);
        const result = namespace.read(principal, nodePath, null, now);
        if (!result.ok) return errorReply(401, 'Permission denied');
        return { status: 200, body: result.node?.priority ?? null };
      }
      assertValidPath(path);
      const query = restParamsToWireQuery(params);
      const result = namespace.read(principal, path, query, now);
      if (!result.ok) return errorReply(401, 'Permission denied');
      // Production refuses a REST query ordered by a child or by value without `.indexOn` there
      //, after the read check: a reader refused access learns nothing of the rules.
      const missing = namespace.missingIndex(path, query);
      if (missing !== null) throw new HttpError(400, indexNotDefined(missing, path));
      const node = result.node;
      let value: unknown;
      if (params.get('shallow') === 'true') {
        value =
          node === null ? null : node.kind === 'leaf' ? node.value : shallow(node.children.keys());
      } else {
        value = params.get('format') === 'export' ? toExport(node) : toPlain(node);
      }
      return { status: 200, body: value, headers: wantEtag ? { ETag: etagOf(current()) } : {} };
    }
    case 'PUT': {
      const json = parseJsonBody(body);
      const result = namespace.write(principal, path, [{ rel: [], json }], 'set', now);
      return writeReply(result, result.ok ? result.resolved[0] : null, current, wantEtag);
    }
    case 'POST': {
      const json = parseJsonBody(body);
      const key = ctx.pushId(now);
      const result = namespace.write(principal, [...path, key], [{ rel: [], json }], 'set', now);
      return writeReply(result, { name: key }, current, wantEtag);
    }
    case 'PATCH': {
      const json = parseJsonBody(body);
      if (json === null) {
        const result = namespace.write(principal, path, [{ rel: [], json: null }], 'set', now);
        return writeReply(result, null, current, wantEtag);
      }
      if (typeof json !== 'object') throw new HttpError(400, 'PATCH body must be an object');
      const ops = mergeOps(json);
      if (ops.length === 0) return { status: 200, body: {} };
      const result = namespace.write(principal, path, ops, 'merge', now);
      const applied: Record<string, unknown> = {};
      if (result.ok)
        ops.forEach((op, index) => (applied[op.rel.join('/')] = result.resolved[index]));
      return writeReply(result, applied, current, wantEtag);
    }
    case 'DELETE': {
      const result = namespace.write(principal, path, [{ rel: [], json: null }], 'set', now);
      return writeReply(result, null, current, wantEtag);
    }
    default:
      return errorReply(405, 'Method not allowed');
  }
}

/**
 * Production's message for a REST query on an unindexed child, e.g.
 * `Index not defined, add ".indexOn": "score", for path "/scores", to the rules`.
 */
function indexNotDefined(index: string, path: readonly string[]): string {
  return `Index not defined, add ".indexOn": "${index}", for path "/${path.join('/')}", to the rules`;
}

function shallow(keys: Iterable<string>): Record<string, true> {
  const out: Record<string, true> = {};
  for (const key of keys) out[key] = true;
  return out;
}
