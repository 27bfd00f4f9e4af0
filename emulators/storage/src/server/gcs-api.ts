// Cloud Storage's JSON API as `@google-cloud/storage` (and so `firebase-admin/storage`) speaks
// it to an emulator: objects under `/b/{bucket}/o` (the client's base URL is the emulator host
// itself) and the same under `/storage/v1`, downloads under `/download/storage/v1`, and media,
// multipart and resumable uploads under `/upload/storage/v1` (308 with `Range` until the last
// chunk). The server SDK acts with IAM in production, so no rules are consulted here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StorageBackend } from './backend';
import { gcsError, parseJson, readBody, sendJson } from './http';
import { sendMedia } from './media';
import { MultipartError, parseObjectUpload } from './multipart';
import { listPage, patchedMetadata, type ObjectMetadata, type WritableMetadata } from './objects';
import { gcsPrincipalAllowed } from './principal';
import { validObjectName } from './firebase-api';
import { BadRequest, gcsResource, isoTime, metadataPatchOf, uploadMetadataOf } from './wire';

class Failure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function notFound(bucket: string, name: string): Failure {
  return new Failure(404, `No such object: ${bucket}/${name}`);
}

export async function handleGcs(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  rawPath: string,
): Promise<boolean> {
  const method = request.method ?? 'GET';
  try {
    let match = /^\/upload\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(rawPath);
    if (match) {
      guard(request);
      const bucket = decodeURIComponent(match[1]!);
      if (method === 'POST') await uploadPost(backend, request, response, url, bucket);
      else if (method === 'PUT') await uploadPut(backend, request, response, url);
      else throw new Failure(405, `${method} is not supported here`);
      return true;
    }
    match = /^\/download\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(rawPath);
    if (match && (method === 'GET' || method === 'HEAD')) {
      guard(request);
      const bucket = decodeURIComponent(match[1]!);
      const name = decodeURIComponent(match[2]!);
      const object = backend.store.get(bucket, name);
      if (!object) throw notFound(bucket, name);
      sendMedia(
        request,
        response,
        object,
        object.metadata.contentDisposition,
        'private, max-age=0',
      );
      return true;
    }
    match = /^(?:\/storage\/v1)?\/b\/([^/]+)(?:\/o(?:\/(.*))?)?$/.exec(rawPath);
    if (!match) return false;
    guard(request);
    const bucket = decodeURIComponent(match[1]!);
    const objectsPath = /\/o(\/|$)/.test(rawPath.replace(/^(?:\/storage\/v1)?\/b\/[^/]+/, ''));
    if (!objectsPath) {
      if (method !== 'GET') throw new Failure(405, `${method} is not supported on a bucket`);
      sendJson(response, 200, bucketResource(backend, bucket));
      return true;
    }
    const rest = match[2];
    if (rest === undefined || rest === '') {
      if (method !== 'GET') throw new Failure(405, `${method} is not supported here`);
      list(backend, response, url, bucket);
      return true;
    }
    const copy = /^(.+)\/(copyTo|rewriteTo)\/b\/([^/]+)\/o\/(.+)$/.exec(rest);
    if (copy && method === 'POST') {
      await copyObject(backend, request, response, bucket, copy);
      return true;
    }
    const name = decodeURIComponent(rest);
    if (method === 'GET' || method === 'HEAD') {
      const object = backend.store.get(bucket, name);
      if (!object) throw notFound(bucket, name);
      checkPreconditions(url, object.metadata);
      if (url.searchParams.get('alt') === 'media')
        sendMedia(
          request,
          response,
          object,
          object.metadata.contentDisposition,
          'private, max-age=0',
        );
      else sendJson(response, 200, gcsResource(object.metadata, backend.origin));
      return true;
    }
    if (method === 'PATCH' || method === 'PUT') {
      const object = backend.store.get(bucket, name);
      if (!object) throw notFound(bucket, name);
      checkPreconditions(url, object.metadata);
      const patch = metadataPatchOf(parseJson(await readBody(request, 64 * 1024)));
      const after = patchedMetadata(object.metadata, patch, backend.now());
      backend.store.setMetadata(after);
      sendJson(response, 200, gcsResource(after, backend.origin));
      return true;
    }
    if (method === 'DELETE') {
      const object = backend.store.get(bucket, name);
      if (!object) throw notFound(bucket, name);
      checkPreconditions(url, object.metadata);
      backend.store.delete(bucket, name);
      response.writeHead(204).end();
      return true;
    }
    throw new Failure(405, `${method} is not supported here`);
  } catch (error) {
    if (error instanceof Failure) gcsError(response, error.status, error.message);
    else if (
      error instanceof BadRequest ||
      error instanceof MultipartError ||
      error instanceof SyntaxError
    )
      gcsError(response, 400, error.message);
    else throw error;
    return true;
  }
}

/** A member's ID token is no IAM credential: production refuses it on this API. */
function guard(request: IncomingMessage): void {
  if (!gcsPrincipalAllowed(request.headers.authorization))
    throw new Failure(
      401,
      'Invalid Credentials: the JSON API takes the server SDK, not an ID token.',
    );
}

function bucketResource(backend: StorageBackend, bucket: string): Record<string, unknown> {
  return {
    kind: 'storage#bucket',
    id: bucket,
    name: bucket,
    selfLink: `${backend.origin}/storage/v1/b/${bucket}`,
    projectNumber: '0',
    metageneration: '1',
    location: 'US',
    storageClass: 'STANDARD',
    etag: 'CAE=',
    timeCreated: isoTime(0),
    updated: isoTime(0),
    locationType: 'multi-region',
  };
}

/** `ifGenerationMatch` and friends; 0 means "must not exist". */
function checkPreconditions(url: URL, current: ObjectMetadata | undefined): void {
  const number = (key: string) =>
    url.searchParams.has(key) ? Number(url.searchParams.get(key)) : undefined;
  const generation = number('ifGenerationMatch');
  const notGeneration = number('ifGenerationNotMatch');
  const metageneration = number('ifMetagenerationMatch');
  const failed =
    (generation !== undefined && (current?.generation ?? 0) !== generation) ||
    (notGeneration !== undefined && (current?.generation ?? 0) === notGeneration) ||
    (metageneration !== undefined && current?.metageneration !== metageneration);
  if (failed)
    throw new Failure(412, 'At least one of the pre-conditions you specified did not hold.');
}

function list(backend: StorageBackend, response: ServerResponse, url: URL, bucket: string): void {
  const maxResults = url.searchParams.has('maxResults')
    ? Number(url.searchParams.get('maxResults'))
    : 1000;
  if (!Number.isInteger(maxResults) || maxResults < 1)
    throw new Failure(400, 'Invalid maxResults.');
  const pageToken = url.searchParams.get('pageToken');
  const page = listPage(backend.store.names(bucket), {
    prefix: url.searchParams.get('prefix') ?? '',
    delimiter: url.searchParams.get('delimiter') ?? '',
    maxResults: Math.min(maxResults, 1000),
    ...(pageToken ? { pageToken: Buffer.from(pageToken, 'base64url').toString('utf8') } : {}),
  });
  sendJson(response, 200, {
    kind: 'storage#objects',
    ...(page.prefixes.length > 0 ? { prefixes: page.prefixes } : {}),
    items: page.items.map((name) =>
      gcsResource(backend.store.get(bucket, name)!.metadata, backend.origin),
    ),
    ...(page.nextPageToken !== undefined
      ? { nextPageToken: Buffer.from(page.nextPageToken).toString('base64url') }
      : {}),
  });
}

function store(
  backend: StorageBackend,
  response: ServerResponse,
  url: URL,
  bucket: string,
  name: string,
  data: Buffer,
  metadata: WritableMetadata,
): void {
  checkPreconditions(url, backend.store.get(bucket, name)?.metadata);
  const stored = backend.save(backend.candidate(bucket, name, data, metadata), data);
  sendJson(response, 200, gcsResource(stored, backend.origin));
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function nameOf(url: URL, metadata: unknown): string {
  const fromBody =
    metadata !== null && typeof metadata === 'object'
      ? (metadata as Record<string, unknown>)['name']
      : undefined;
  const name = (
    url.searchParams.get('name') ?? (typeof fromBody === 'string' ? fromBody : '')
  ).replace(/^\//, '');
  if (!validObjectName(name)) throw new Failure(400, 'Invalid object name.');
  return name;
}

async function uploadPost(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  bucket: string,
): Promise<void> {
  const uploadType =
    url.searchParams.get('uploadType') ?? header(request, 'x-goog-upload-protocol') ?? 'media';
  if (uploadType === 'resumable') {
    const raw = parseJson(await readBody(request, 64 * 1024));
    const name = nameOf(url, raw);
    const metadata = uploadMetadataOf(
      metadataPatchOf(raw),
      header(request, 'x-upload-content-type'),
    );
    const declared = header(request, 'x-upload-content-length');
    const generation = url.searchParams.get('ifGenerationMatch');
    checkPreconditions(url, backend.store.get(bucket, name)?.metadata);
    const session = backend.uploads.start({
      bucket,
      name,
      metadata,
      declaredSize: declared === undefined ? null : Number(declared),
      authorization: request.headers.authorization,
      ...(generation !== null ? { ifGenerationMatch: Number(generation) } : {}),
    });
    const location = new URL(
      `${backend.origin}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o`,
    );
    location.searchParams.set('uploadType', 'resumable');
    location.searchParams.set('name', name);
    location.searchParams.set('upload_id', session.id);
    response.setHeader('Location', location.toString());
    response.setHeader('X-GUploader-UploadID', session.id);
    response.writeHead(200).end();
    return;
  }
  const body = await readBody(request);
  if (uploadType === 'multipart') {
    const {
      metadata: raw,
      data,
      dataType,
    } = parseObjectUpload(header(request, 'content-type'), body);
    const metadata = uploadMetadataOf(
      metadataPatchOf(raw),
      dataType ?? header(request, 'x-upload-content-type'),
    );
    return store(backend, response, url, bucket, nameOf(url, raw), data, metadata);
  }
  if (uploadType !== 'media') throw new Failure(400, `Unknown uploadType '${uploadType}'.`);
  store(backend, response, url, bucket, nameOf(url, undefined), body, {
    contentType: header(request, 'content-type') ?? 'application/octet-stream',
    metadata: {},
  });
}

// `Content-Range`: `bytes a-b/total`, `bytes a-*` + `/total`, a star for an unknown total, or
// `bytes *` + `/total` (finish) and a star total alone (a status query).
function parseContentRange(
  value: string | undefined,
): { start: number | null; end: number | '*' | null; total: number | null } | null {
  if (value === undefined) return { start: null, end: null, total: null };
  const match = /^bytes (?:(\d+)-(\d+|\*)|\*)\/(\d+|\*)$/.exec(value.trim());
  if (!match) return null;
  return {
    start: match[1] === undefined ? null : Number(match[1]),
    end: match[2] === undefined ? null : match[2] === '*' ? '*' : Number(match[2]),
    total: match[3] === '*' ? null : Number(match[3]),
  };
}

async function uploadPut(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const session = backend.uploads.get(url.searchParams.get('upload_id'));
  if (!session) throw new Failure(404, 'No such upload session.');
  if (session.status === 'final' && session.result)
    return sendJson(response, session.result.status, session.result.body);
  if (session.status !== 'active') throw new Failure(499, 'The upload was cancelled.');
  const range = parseContentRange(header(request, 'content-range'));
  if (range === null) throw new Failure(400, 'Invalid Content-Range.');
  const chunk = await readBody(request);
  if (chunk.length > 0) {
    // A chunk that starts before what was received repeats bytes the server has: skip them.
    const start = range.start ?? session.received;
    if (start > session.received)
      throw new Failure(400, `Expected the chunk at byte ${session.received}.`);
    const fresh = chunk.subarray(session.received - start);
    backend.uploads.append(session, Buffer.from(fresh));
  }
  const total = range.total ?? session.declaredSize;
  // Done when the total is reached, or when a single request sent the whole stream (`a-*/*`).
  const done =
    (total !== null && session.received >= total) ||
    (range.total === null && range.end === '*' && range.start !== null);
  if (!done) {
    if (session.received > 0) response.setHeader('Range', `bytes=0-${session.received - 1}`);
    response.writeHead(308).end();
    return;
  }
  const data = backend.uploads.bytes(session);
  if (total !== null && data.length !== total)
    throw new Failure(400, `Received ${data.length} of ${total} bytes.`);
  const current = backend.store.get(session.bucket, session.name)?.metadata;
  if (
    session.ifGenerationMatch !== undefined &&
    (current?.generation ?? 0) !== session.ifGenerationMatch
  )
    throw new Failure(412, 'At least one of the pre-conditions you specified did not hold.');
  const stored = backend.save(
    backend.candidate(session.bucket, session.name, data, session.metadata),
    data,
  );
  session.status = 'final';
  session.chunks = [];
  session.result = { status: 200, body: gcsResource(stored, backend.origin) };
  sendJson(response, 200, session.result.body);
}

async function copyObject(
  backend: StorageBackend,
  request: IncomingMessage,
  response: ServerResponse,
  bucket: string,
  match: RegExpExecArray,
): Promise<void> {
  const name = decodeURIComponent(match[1]!);
  const kind = match[2]!;
  const target = decodeURIComponent(match[3]!);
  const targetName = decodeURIComponent(match[4]!);
  const source = backend.store.get(bucket, name);
  if (!source) throw notFound(bucket, name);
  if (!validObjectName(targetName)) throw new Failure(400, 'Invalid object name.');
  const raw = parseJson(await readBody(request, 64 * 1024));
  const patch = metadataPatchOf(raw);
  const hasOwn = raw !== undefined && raw !== null && Object.keys(raw).length > 0;
  const { metadata: sourceCustom, downloadTokens, ...sourceFields } = source.metadata;
  const base: WritableMetadata = {
    ...(sourceFields.contentType !== undefined ? { contentType: sourceFields.contentType } : {}),
    ...(sourceFields.cacheControl !== undefined ? { cacheControl: sourceFields.cacheControl } : {}),
    ...(sourceFields.contentDisposition !== undefined
      ? { contentDisposition: sourceFields.contentDisposition }
      : {}),
    ...(sourceFields.contentEncoding !== undefined
      ? { contentEncoding: sourceFields.contentEncoding }
      : {}),
    ...(sourceFields.contentLanguage !== undefined
      ? { contentLanguage: sourceFields.contentLanguage }
      : {}),
    metadata: {
      ...sourceCustom,
      ...(downloadTokens.length > 0
        ? { firebaseStorageDownloadTokens: downloadTokens.join(',') }
        : {}),
    },
  };
  const metadata = hasOwn ? { ...base, ...uploadMetadataOf(patch, undefined) } : base;
  const stored = backend.save(
    backend.candidate(target, targetName, source.data, metadata),
    source.data,
  );
  const resource = gcsResource(stored, backend.origin);
  if (kind === 'copyTo') return sendJson(response, 200, resource);
  sendJson(response, 200, {
    kind: 'storage#rewriteResponse',
    totalBytesRewritten: String(stored.size),
    objectSize: String(stored.size),
    done: true,
    resource,
  });
}
