// The server's parts on their own: checksums, multipart bodies, list pages, byte ranges.
import { describe, expect, it } from 'vitest';
import { crc32c, crc32cBase64, md5Base64 } from '../../src/server/checksums';
import { parseRange } from '../../src/server/media';
import { MultipartError, parseObjectUpload } from '../../src/server/multipart';
import { listPage } from '../../src/server/objects';

describe('checksums', () => {
  it('computes CRC32C (Castagnoli) and MD5 as Cloud Storage reports them', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    expect(crc32cBase64(Buffer.from('123456789'))).toBe('4waSgw==');
    expect(md5Base64(Buffer.from(''))).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
  });
});

describe('multipart/related uploads', () => {
  const body = (boundary: string, parts: string[]) =>
    Buffer.from(parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--`);

  it('reads the metadata part and the bytes, whatever the part headers', () => {
    const parsed = parseObjectUpload(
      'multipart/related; boundary=abc',
      body('abc', [
        'Content-Type: application/json; charset=utf-8\r\n\r\n{"name":"a.webp","contentType":"image/webp"}',
        'Content-Type: image/webp\r\nContent-Transfer-Encoding: binary\r\n\r\nRIFF\r\n--not-a-boundary',
      ]),
    );
    expect(parsed.metadata).toEqual({ name: 'a.webp', contentType: 'image/webp' });
    expect(parsed.data.toString()).toBe('RIFF\r\n--not-a-boundary');
    expect(parsed.dataType).toBe('image/webp');
  });

  it.each([
    ['no boundary', 'multipart/related', 'x'],
    ['one part', 'multipart/related; boundary=b', '--b\r\nContent-Type: a\r\n\r\n{}\r\n--b--'],
    [
      'metadata that is not JSON',
      'multipart/related; boundary=b',
      '--b\r\nA: b\r\n\r\nnope\r\n--b\r\nA: b\r\n\r\nx\r\n--b--',
    ],
  ])('refuses %s', (_what, type, text) => {
    expect(() => parseObjectUpload(type, Buffer.from(text))).toThrow(MultipartError);
  });
});

describe('list pages', () => {
  const names = ['a/1', 'a/2', 'a/b/3', 'a/c/4', 'b/5', 'z'];

  it('folds names at the delimiter into prefixes, in order', () => {
    expect(listPage(names, { prefix: 'a/', delimiter: '/', maxResults: 100 })).toEqual({
      items: ['a/1', 'a/2'],
      prefixes: ['a/b/', 'a/c/'],
    });
  });

  it('pages with a token after the last entry', () => {
    const first = listPage(names, { prefix: '', delimiter: '', maxResults: 4 });
    expect(first).toEqual({
      items: ['a/1', 'a/2', 'a/b/3', 'a/c/4'],
      prefixes: [],
      nextPageToken: 'a/c/4',
    });
    const second = listPage(names, {
      prefix: '',
      delimiter: '',
      maxResults: 4,
      pageToken: first.nextPageToken!,
    });
    expect(second).toEqual({ items: ['b/5', 'z'], prefixes: [] });
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-9', [0, 9]],
    ['bytes=5-', [5, 99]],
    ['bytes=-10', [90, 99]],
    ['bytes=90-200', [90, 99]],
    ['bytes=100-', 'unsatisfiable'],
    ['items=0-1', null],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
