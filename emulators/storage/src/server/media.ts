// Serving an object's bytes: content headers, the checksums the SDKs verify, `ETag` and
// `If-None-Match`, and one byte range (`Range: bytes=a-b`, `a-`, `-n`), as both APIs do.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoredObject } from './objects';

export function sendMedia(
  request: IncomingMessage,
  response: ServerResponse,
  object: StoredObject,
  contentDisposition: string | undefined,
  defaultCacheControl: string,
): void {
  const { metadata, data } = object;
  const etag = `"${metadata.etag}"`;
  response.setHeader('Content-Type', metadata.contentType ?? 'application/octet-stream');
  response.setHeader('Cache-Control', metadata.cacheControl ?? defaultCacheControl);
  response.setHeader('ETag', etag);
  response.setHeader('Last-Modified', new Date(metadata.updated).toUTCString());
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('x-goog-generation', String(metadata.generation));
  response.setHeader('x-goog-metageneration', String(metadata.metageneration));
  response.setHeader('x-goog-stored-content-length', String(metadata.size));
  response.setHeader('x-goog-hash', `crc32c=${metadata.crc32c},md5=${metadata.md5Hash}`);
  if (contentDisposition !== undefined)
    response.setHeader('Content-Disposition', contentDisposition);
  if (metadata.contentEncoding !== undefined)
    response.setHeader('Content-Encoding', metadata.contentEncoding);
  if (metadata.contentLanguage !== undefined)
    response.setHeader('Content-Language', metadata.contentLanguage);

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    response.writeHead(304).end();
    return;
  }
  const range = parseRange(request.headers.range, data.length);
  if (range === 'unsatisfiable') {
    response.setHeader('Content-Range', `bytes */${data.length}`);
    response.writeHead(416).end();
    return;
  }
  if (range !== null) {
    const [start, end] = range;
    response.setHeader('Content-Range', `bytes ${start}-${end}/${data.length}`);
    response.setHeader('Content-Length', String(end - start + 1));
    response.writeHead(206);
    response.end(request.method === 'HEAD' ? undefined : data.subarray(start, end + 1));
    return;
  }
  response.setHeader('Content-Length', String(data.length));
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : data);
}

/** One range of a `Range` header, inclusive; null when absent or not a single byte range. */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
