// Small HTTP helpers: bodies with a size limit, JSON and error answers in each API's shape, CORS
// for the browser SDK (which reads the resumable upload headers, so they are exposed).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest body accepted (an upload or one resumable chunk). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export class TooLarge extends Error {}

export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new TooLarge(`request body larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const EXPOSED = [
  'x-goog-upload-url',
  'x-goog-upload-status',
  'x-goog-upload-size-received',
  'x-goog-upload-chunk-granularity',
  'x-goog-upload-control-url',
  'x-goog-hash',
  'x-goog-generation',
  'x-goog-metageneration',
  'content-range',
  'range',
  'location',
  'etag',
].join(', ');

export function cors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Expose-Headers', EXPOSED);
}

export function preflight(request: IncomingMessage, response: ServerResponse): void {
  cors(request, response);
  response.setHeader(
    'Access-Control-Allow-Methods',
    'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  );
  const asked = request.headers['access-control-request-headers'];
  response.setHeader(
    'Access-Control-Allow-Headers',
    typeof asked === 'string' && asked !== '' ? asked : 'authorization, content-type',
  );
  response.setHeader('Access-Control-Max-Age', '3600');
  response.writeHead(204).end();
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** The Firebase API's error body. */
export function firebaseError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: { code: status, message } });
}

const REASONS: Record<number, string> = {
  400: 'invalid',
  401: 'required',
  403: 'forbidden',
  404: 'notFound',
  412: 'conditionNotMet',
  413: 'uploadTooLarge',
};

/** Cloud Storage's JSON API error body. */
export function gcsError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, {
    error: {
      code: status,
      message,
      errors: [{ message, domain: 'global', reason: REASONS[status] ?? 'backendError' }],
    },
  });
}

export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  return JSON.parse(body.toString('utf8'));
}
