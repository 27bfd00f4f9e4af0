// The Firebase Storage API under `/v0`, as the unmodified `firebase/storage` web SDK speaks it:
// metadata and download (`alt=media`, a download token or the rules), list, simple, multipart
// and resumable uploads (`X-Goog-Upload-*`), metadata update (PATCH, or PUT/POST with
// `X-HTTP-Method-Override: PATCH`), delete. Every operation is judged by the rules in force.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Operation } from '../rules/index';
import type { StorageBackend } from './backend';
import { firebaseError, parseJson, readBody, sendJson } from './http';
import { sendMedia } from './media';
import { MultipartError, parseObjectUpload } from './multipart';
import {
  listPage,
  newDownloadToken,
  patchedMetadata,
  TOKENS_KEY,
  type ObjectMetadata,
  type WritableMetadata,
} from './objects';
import { firebasePrincipal, Unauthenticated, type Principal } from './principal';
import type { UploadSession } from './uploads';
import {
  BadRequest,
  firebaseDisposition,
  firebaseResource,
  metadataPatchOf,
  uploadMetadataOf,
} from './wire';

/** The chunk size the SDK must send multiples of (it sends 256 KiB and doubles it). */
const CHUNK_GRANULARITY = 256 * 1024;
/** Firebase's default for a download without its own Cache-Control. */
const DEFAULT_CACHE = 'private, max-age=0';
const NAME_LIMIT_BYTES = 1024;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function denied(): Refusal {
  return new Refusal(403, 'Permission denied.');
}

export function validObjectName(name: string): boolean {
  return (
    name !== '' &&
    Buffer.byteLength(name) <= NAME_LIMIT_BYTES &&
    !/[\r\n]/.test(name) &&
    name !== '.' &&
    name !== '..'
  );
}

export async function handleFirebase(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  rawPath: string,
): Promise<void> {
  const match = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/.exec(rawPath);
  if (!match) {
    if (rawPath === '/v0' || rawPath === '/v0/')
      return sendJson(response, 200, { emulator: 'storage' });
    return firebaseError(response, 404, 'Not Found.');
  }
  const bucket = decodeURIComponent(match[1]!);
  const objectPart =
    match[2] === undefined || match[2] === '' ? null : decodeURIComponent(match[2]);
  try {
    const principal = firebasePrincipal(request.headers.authorization);
    const method = request.method ?? 'GET';
    const override = String(request.headers['x-http-method-override'] ?? '').toUpperCase();
    if ((method === 'PUT' || method === 'POST') && override === 'PATCH' && objectPart !== null)
      return await updateMetadata(backend, request, response, principal, bucket, objectPart);
    if (method === 'GET' || method === 'HEAD') {
      if (objectPart === null) return list(backend, response, principal, bucket, url);
      return get(backend, request, response, principal, bucket, objectPart, url);
    }
    if (method === 'PATCH' && objectPart !== null)
      return await updateMetadata(backend, request, response, principal, bucket, objectPart);
    if (method === 'DELETE' && objectPart !== null)
      return remove(backend, response, principal, bucket, objectPart);
    if (method === 'POST' || method === 'PUT') {
      if (
        objectPart !== null &&
        (url.searchParams.has('create_token') || url.searchParams.has('delete_token'))
      )
        return tokens(backend, response, principal, bucket, objectPart, url);
      return await upload(backend, request, response, principal, bucket, objectPart, url);
    }
    return firebaseError(response, 405, `${method} is not supported here`);
  } catch (error) {
    if (error instanceof Refusal) return firebaseError(response, error.status, error.message);
    if (error instanceof Unauthenticated) return firebaseError(response, 401, error.message);
    if (
      error instanceof BadRequest ||
      error instanceof MultipartError ||
      error instanceof SyntaxError
    )
      return firebaseError(response, 400, error.message);
    throw error;
  }
}

function get(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  principal: Principal,
  bucket: string,
  name: string,
  url: URL,
): void {
  const object = backend.store.get(bucket, name);
  const token = url.searchParams.get('token');
  const media = url.searchParams.get('alt') === 'media';
  // A download URL carries a token of the object: it opens that object to whoever holds it.
  const byToken =
    media &&
    object !== undefined &&
    token !== null &&
    object.metadata.downloadTokens.includes(token);
  if (!byToken && !backend.allows(principal, 'get', bucket, name, object?.metadata, null))
    throw denied();
  if (!object) throw new Refusal(404, 'Not Found.');
  if (media)
    return sendMedia(
      request,
      response,
      object,
      firebaseDisposition(object.metadata),
      DEFAULT_CACHE,
    );
  let metadata = object.metadata;
  // Reading the metadata of an object without a download token creates one (as Firebase does).
  if (metadata.downloadTokens.length === 0) {
    metadata = patchedMetadata(
      metadata,
      { metadata: { [TOKENS_KEY]: newDownloadToken() } },
      backend.now(),
    );
    backend.store.setMetadata(metadata);
  }
  sendJson(response, 200, firebaseResource(metadata));
}

function list(
  backend: StorageBackend,
  response: ServerResponse,
  principal: Principal,
  bucket: string,
  url: URL,
): void {
  const prefix = url.searchParams.get('prefix') ?? '';
  if (prefix !== '' && !prefix.endsWith('/'))
    throw new Refusal(
      400,
      'The prefix parameter is required to be empty or ends with a single / character.',
    );
  const delimiter = url.searchParams.get('delimiter') ?? '';
  if (delimiter !== '' && delimiter !== '/') throw new Refusal(400, 'The delimiter must be /.');
  const maxResults = url.searchParams.has('maxResults')
    ? Number(url.searchParams.get('maxResults'))
    : 1000;
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 1000)
    throw new Refusal(400, 'maxResults must be between 1 and 1000.');
  if (!backend.allows(principal, 'list', bucket, prefix.replace(/\/$/, ''), undefined, null))
    throw denied();
  const pageToken = url.searchParams.get('pageToken');
  const page = listPage(backend.store.names(bucket), {
    prefix,
    delimiter,
    maxResults,
    ...(pageToken ? { pageToken: Buffer.from(pageToken, 'base64url').toString('utf8') } : {}),
  });
  sendJson(response, 200, {
    prefixes: page.prefixes,
    items: page.items.map((name) => ({ name, bucket })),
    ...(page.nextPageToken !== undefined
      ? { nextPageToken: Buffer.from(page.nextPageToken).toString('base64url') }
      : {}),
  });
}

function remove(
  backend: StorageBackend,
  response: ServerResponse,
  principal: Principal,
  bucket: string,
  name: string,
): void {
  const object = backend.store.get(bucket, name);
  if (!backend.allows(principal, 'delete', bucket, name, object?.metadata, null)) throw denied();
  if (!object) throw new Refusal(404, 'Not Found.');
  backend.store.delete(bucket, name);
  response.writeHead(204).end();
}

async function updateMetadata(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  principal: Principal,
  bucket: string,
  name: string,
): Promise<void> {
  const patch = metadataPatchOf(parseJson(await readBody(request, 64 * 1024)));
  if (patch.metadata && TOKENS_KEY in patch.metadata)
    throw new Refusal(400, `Not allowed to set custom metadata for ${TOKENS_KEY}`);
  const object = backend.store.get(bucket, name);
  const after = object ? patchedMetadata(object.metadata, patch, backend.now()) : null;
  if (!backend.allows(principal, 'update', bucket, name, object?.metadata, after)) throw denied();
  if (!object || !after) throw new Refusal(404, 'Not Found.');
  backend.store.setMetadata(after);
  sendJson(response, 200, firebaseResource(after));
}

function tokens(
  backend: StorageBackend,
  response: ServerResponse,
  principal: Principal,
  bucket: string,
  name: string,
  url: URL,
): void {
  if (!principal.admin) throw new Refusal(403, 'Missing admin credentials.');
  const object = backend.store.get(bucket, name);
  if (!object) throw new Refusal(404, 'Not Found.');
  let list = [...object.metadata.downloadTokens];
  if (url.searchParams.get('create_token') === 'true') list.push(newDownloadToken());
  else if (url.searchParams.has('delete_token')) {
    list = list.filter((token) => token !== url.searchParams.get('delete_token'));
    if (list.length === 0) list.push(newDownloadToken());
  } else throw new Refusal(400, 'create_token=true or delete_token=<token>');
  const after = patchedMetadata(
    object.metadata,
    { metadata: { [TOKENS_KEY]: list.join(',') } },
    backend.now(),
  );
  backend.store.setMetadata(after);
  sendJson(response, 200, firebaseResource(after));
}

function refuseTokenMetadata(metadata: WritableMetadata): void {
  if (metadata.metadata && TOKENS_KEY in metadata.metadata)
    throw new Refusal(400, `Not allowed to set custom metadata for ${TOKENS_KEY}`);
}

/** Judges and stores a complete upload; every Firebase upload gets a download token. */
function finishUpload(
  backend: StorageBackend,
  principal: Principal,
  bucket: string,
  name: string,
  data: Buffer,
  metadata: WritableMetadata,
): ObjectMetadata {
  const existing = backend.store.get(bucket, name);
  const candidate = backend.candidate(bucket, name, data, metadata);
  candidate.downloadTokens = [newDownloadToken()];
  const operation: Operation = existing ? 'update' : 'create';
  if (!backend.allows(principal, operation, bucket, name, existing?.metadata, candidate))
    throw denied();
  return backend.save(candidate, data);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function upload(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  principal: Principal,
  bucket: string,
  objectPart: string | null,
  url: URL,
): Promise<void> {
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId !== null) return continueResumable(backend, request, response, principal, uploadId);
  const name = (objectPart ?? url.searchParams.get('name') ?? '').replace(/^\//, '');
  if (!validObjectName(name)) throw new Refusal(400, 'Invalid object name.');
  const protocol = (header(request, 'x-goog-upload-protocol') ?? '').toLowerCase();
  const command = (header(request, 'x-goog-upload-command') ?? '').toLowerCase();

  if (protocol === 'resumable' || command === 'start') {
    if (command !== 'start')
      throw new Refusal(400, 'A resumable upload starts with X-Goog-Upload-Command: start.');
    const body = await readBody(request, 64 * 1024);
    const patch = metadataPatchOf(parseJson(body));
    const metadata = uploadMetadataOf(patch, header(request, 'x-goog-upload-header-content-type'));
    refuseTokenMetadata(metadata);
    const declared = header(request, 'x-goog-upload-header-content-length');
    const declaredSize = declared === undefined || declared === '' ? null : Number(declared);
    if (declaredSize !== null && (!Number.isInteger(declaredSize) || declaredSize < 0))
      throw new Refusal(400, 'Invalid X-Goog-Upload-Header-Content-Length.');
    // Judged now with the size announced, and again on finalize with the bytes received.
    const existing = backend.store.get(bucket, name);
    const candidate = backend.candidate(bucket, name, Buffer.alloc(0), metadata);
    candidate.size = declaredSize ?? 0;
    if (
      !backend.allows(
        principal,
        existing ? 'update' : 'create',
        bucket,
        name,
        existing?.metadata,
        candidate,
      )
    )
      throw denied();
    const session = backend.uploads.start({
      bucket,
      name,
      metadata,
      declaredSize,
      authorization: request.headers.authorization,
    });
    const uploadUrl = new URL(`${backend.origin}/v0/b/${encodeURIComponent(bucket)}/o`);
    uploadUrl.searchParams.set('name', name);
    uploadUrl.searchParams.set('upload_id', session.id);
    uploadUrl.searchParams.set('upload_protocol', 'resumable');
    response.setHeader('X-Goog-Upload-Status', 'active');
    response.setHeader('X-Goog-Upload-URL', uploadUrl.toString());
    response.setHeader('X-Goog-Upload-Control-URL', '');
    response.setHeader('X-Goog-Upload-Chunk-Granularity', String(CHUNK_GRANULARITY));
    response.setHeader('X-GUploader-UploadID', session.id);
    response.writeHead(200).end();
    return;
  }

  const body = await readBody(request);
  if (protocol === 'multipart') {
    const {
      metadata: raw,
      data,
      dataType,
    } = parseObjectUpload(header(request, 'content-type'), body);
    const metadata = uploadMetadataOf(metadataPatchOf(raw), dataType);
    refuseTokenMetadata(metadata);
    const stored = finishUpload(backend, principal, bucket, name, data, metadata);
    return sendJson(response, 200, firebaseResource(stored));
  }
  // A simple (media) upload: the body is the object, its type the Content-Type.
  const stored = finishUpload(backend, principal, bucket, name, body, {
    contentType: header(request, 'content-type') ?? 'application/octet-stream',
    metadata: {},
  });
  sendJson(response, 200, firebaseResource(stored));
}

async function continueResumable(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  principal: Principal,
  uploadId: string,
): Promise<void> {
  const session = backend.uploads.get(uploadId);
  if (!session) throw new Refusal(404, 'Not Found.');
  const command = (header(request, 'x-goog-upload-command') ?? '').toLowerCase();
  const commands = command.split(',').map((part) => part.trim());
  if (commands.includes('query')) {
    response.setHeader('X-Goog-Upload-Status', session.status === 'final' ? 'final' : 'active');
    response.setHeader('X-Goog-Upload-Size-Received', String(session.received));
    response.writeHead(200).end();
    return;
  }
  if (commands.includes('cancel')) {
    if (session.status === 'final') throw new Refusal(400, 'The upload is already finalized.');
    session.status = 'cancelled';
    response.writeHead(200).end();
    return;
  }
  if (session.status === 'final' && session.result) {
    response.setHeader('X-Goog-Upload-Status', 'final');
    return sendJson(response, session.result.status, session.result.body);
  }
  if (session.status !== 'active') throw new Refusal(400, 'The upload is not active.');
  if (commands.includes('upload')) {
    const offset = Number(header(request, 'x-goog-upload-offset'));
    if (!Number.isInteger(offset) || offset !== session.received) {
      response.setHeader('X-Goog-Upload-Status', 'active');
      throw new Refusal(400, `Expected X-Goog-Upload-Offset ${session.received}.`);
    }
    const chunk = await readBody(request);
    if (session.declaredSize !== null && session.received + chunk.length > session.declaredSize)
      throw new Refusal(400, 'More bytes than X-Goog-Upload-Header-Content-Length announced.');
    backend.uploads.append(session, chunk);
  } else if (!commands.includes('finalize')) {
    throw new Refusal(400, `Unknown X-Goog-Upload-Command '${command}'.`);
  }
  if (!commands.includes('finalize')) {
    response.setHeader('X-Goog-Upload-Status', 'active');
    response.setHeader('X-GUploader-UploadID', session.id);
    response.writeHead(200).end();
    return;
  }
  finalize(backend, response, principal, session);
}

function finalize(
  backend: StorageBackend,
  response: ServerResponse,
  principal: Principal,
  session: UploadSession,
): void {
  if (session.declaredSize !== null && session.received !== session.declaredSize)
    throw new Refusal(400, `Received ${session.received} of ${session.declaredSize} bytes.`);
  response.setHeader('X-Goog-Upload-Status', 'final');
  let result: { status: number; body: unknown };
  try {
    const stored = finishUpload(
      backend,
      principal,
      session.bucket,
      session.name,
      backend.uploads.bytes(session),
      session.metadata,
    );
    result = { status: 200, body: firebaseResource(stored) };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    result = {
      status: error.status,
      body: { error: { code: error.status, message: error.message } },
    };
  }
  session.status = 'final';
  session.result = result;
  session.chunks = [];
  sendJson(response, result.status, result.body);
}
