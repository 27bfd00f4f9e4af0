// `multipart/related` bodies as both SDKs send an upload: a JSON metadata part, then the bytes.
// Each part has header lines, an empty line, and its body up to the next boundary.

export interface RelatedPart {
  headers: Record<string, string>;
  body: Buffer;
}

export class MultipartError extends Error {}

export function boundaryOf(contentType: string | undefined): string {
  const match = /^multipart\/related\s*;.*?\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    contentType ?? '',
  );
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new MultipartError(`Bad content type: ${contentType ?? '(none)'}`);
  return boundary;
}

export function parseRelated(contentType: string | undefined, body: Buffer): RelatedPart[] {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const parts: RelatedPart[] = [];
  let position = body.indexOf(delimiter);
  if (position === -1) throw new MultipartError('no multipart boundary in the body');
  for (;;) {
    position += delimiter.length;
    // `--` after a boundary closes the body.
    if (body.subarray(position, position + 2).toString() === '--') break;
    if (body.subarray(position, position + 2).toString() === '\r\n') position += 2;
    else if (body[position] === 0x0a) position += 1;
    const next = body.indexOf(delimiter, position);
    if (next === -1) throw new MultipartError('unterminated multipart body');
    let end = next;
    if (body[end - 1] === 0x0a) end -= 1;
    if (body[end - 1] === 0x0d) end -= 1;
    const chunk = body.subarray(position, end);
    let split = chunk.indexOf('\r\n\r\n');
    let gap = 4;
    if (split === -1) {
      split = chunk.indexOf('\n\n');
      gap = 2;
    }
    if (split === -1) throw new MultipartError('a multipart part has no header end');
    const headers: Record<string, string> = {};
    for (const line of chunk.subarray(0, split).toString('utf8').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: chunk.subarray(split + gap) });
    position = next;
  }
  return parts;
}

/** The metadata part and the bytes of an object upload. */
export function parseObjectUpload(
  contentType: string | undefined,
  body: Buffer,
): { metadata: unknown; data: Buffer; dataType: string | undefined } {
  const parts = parseRelated(contentType, body);
  if (parts.length !== 2)
    throw new MultipartError(`expected 2 multipart parts, found ${parts.length}`);
  const [meta, media] = parts as [RelatedPart, RelatedPart];
  let metadata: unknown;
  try {
    metadata = JSON.parse(meta.body.toString('utf8'));
  } catch {
    throw new MultipartError('the metadata part is not JSON');
  }
  return { metadata, data: Buffer.from(media.body), dataType: media.headers['content-type'] };
}
