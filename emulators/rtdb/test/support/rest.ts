// Plain `fetch` against the emulator's REST API, as firebase-tools and scripts do.
import type { Target } from './target';

export interface RestOptions {
  ns: string;
  /** Query parameters, sent verbatim (values that must be JSON are passed already encoded). */
  params?: Record<string, string>;
  /** JSON-encoded as the request body. */
  body?: unknown;
  /** Sent as the body without encoding (for rules text and malformed JSON). */
  rawBody?: string;
  /** `Authorization: Bearer <bearer>`; omit for an unauthenticated request. */
  bearer?: string;
  headers?: Record<string, string>;
}

export interface RestResponse {
  status: number;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
  headers: Headers;
}

/** Builds `http://host:port/<path>.json?ns=…&…`; `path` is '/' for the root or like '/a/b'. */
export function restUrl(
  target: Target,
  path: string,
  ns: string,
  params: Record<string, string> = {},
): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  const encoded = trimmed === '' ? '' : trimmed.split('/').map(encodeURIComponent).join('/');
  const url = new URL(`http://${target.hostAndPort}/${encoded}.json`);
  url.searchParams.set('ns', ns);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export async function sendRaw(url: string, init: RequestInit): Promise<RestResponse> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, headers: response.headers };
}

function requestInit(method: string, options: RestOptions): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  return { method, headers, ...(body === undefined ? {} : { body }) };
}

export function rest(
  target: Target,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  options: RestOptions,
): Promise<RestResponse> {
  return sendRaw(restUrl(target, path, options.ns, options.params), requestInit(method, options));
}

/** Reads a location as the owner, failing the test on any non-200 answer. */
export async function readAsOwner(target: Target, path: string, ns: string): Promise<unknown> {
  const response = await rest(target, 'GET', path, { ns, bearer: 'owner' });
  if (response.status !== 200) {
    throw new Error(`GET ${path} as owner answered ${response.status}: ${response.text}`);
  }
  return response.json;
}

/** Writes a location as the owner, failing the test on any non-200 answer. */
export async function writeAsOwner(
  target: Target,
  path: string,
  ns: string,
  value: unknown,
): Promise<void> {
  const response = await rest(target, 'PUT', path, { ns, bearer: 'owner', body: value });
  if (response.status !== 200) {
    throw new Error(`PUT ${path} as owner answered ${response.status}: ${response.text}`);
  }
}

function settingsUrl(target: Target, ns: string, params: Record<string, string> = {}): string {
  const url = new URL(`http://${target.hostAndPort}/.settings/rules.json`);
  url.searchParams.set('ns', ns);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** `PUT /.settings/rules.json` as firebase-tools does it; returns the raw answer. */
export function putRules(
  target: Target,
  ns: string,
  rules: string | object,
  bearer = 'owner',
): Promise<RestResponse> {
  const text = typeof rules === 'string' ? rules : JSON.stringify(rules);
  return sendRaw(settingsUrl(target, ns), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: text,
  });
}

export function getRulesText(
  target: Target,
  ns: string,
  params: Record<string, string> = {},
): Promise<RestResponse> {
  return sendRaw(settingsUrl(target, ns, params), {
    method: 'GET',
    headers: { Authorization: 'Bearer owner' },
  });
}

/** Uploads rules to a namespace and fails the test unless the emulator accepted them. */
export async function setRules(target: Target, ns: string, rules: string | object): Promise<void> {
  const response = await putRules(target, ns, rules);
  if (response.status !== 200) {
    throw new Error(`rules upload to ${ns} answered ${response.status}: ${response.text}`);
  }
}
