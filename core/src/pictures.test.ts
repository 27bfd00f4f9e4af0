import { describe, expect, it } from 'vitest';
import { parseStorageUrl, pictureOf, picturePath, pictureSources, storageUrl } from './pictures';

const ORIGIN = 'https://firebasestorage.googleapis.com';
const BUCKET = 'acme.firebasestorage.app';
const url = (path: string, token: string | null = 'tok-1') =>
  storageUrl({ origin: ORIGIN, bucket: BUCKET, path, token });

describe('picture paths', () => {
  it('names one object per width under the slot folder', () => {
    expect(picturePath('coach', 'p-123456', 512, 'image/webp')).toBe(
      'studio/coaches/p-123456/512.webp',
    );
    expect(picturePath('avatar', 'p-123456', 192, 'image/jpeg', 'u1')).toBe(
      'members/u1/avatar/p-123456/192.jpg',
    );
  });

  it.each([
    ['a width the slot does not keep', () => picturePath('coach', 'p-123456', 300, 'image/webp')],
    ['an id with a slash', () => picturePath('cover', 'a/b/cdef', 640, 'image/webp')],
    [
      "an avatar without the member's uid",
      () => picturePath('avatar', 'p-123456', 192, 'image/webp'),
    ],
    [
      'a uid that escapes the folder',
      () => picturePath('avatar', 'p-123456', 192, 'image/webp', '../x'),
    ],
  ])('refuses %s', (_what, make) => {
    expect(make).toThrow();
  });

  it('reads the slot, id and width back from a path', () => {
    expect(pictureOf('studio/class-types/abcdef/640.webp')).toEqual({
      slot: 'classType',
      pictureId: 'abcdef',
      width: 640,
      extension: 'webp',
    });
    expect(pictureOf('members/u1/avatar/abcdef/192.jpg')?.slot).toBe('avatar');
    expect(pictureOf('studio/class-types/abcdef/641.webp')).toBeNull();
    expect(pictureOf('elsewhere/abcdef/640.webp')).toBeNull();
  });
});

describe('download URLs', () => {
  it('round-trips a URL with an encoded path and token', () => {
    const text = url('studio/cover/abc_12/1920.webp');
    expect(text).toBe(
      `${ORIGIN}/v0/b/${BUCKET}/o/studio%2Fcover%2Fabc_12%2F1920.webp?alt=media&token=tok-1`,
    );
    expect(parseStorageUrl(text)).toEqual({
      origin: ORIGIN,
      bucket: BUCKET,
      path: 'studio/cover/abc_12/1920.webp',
      token: 'tok-1',
    });
  });

  it.each([
    ['not a URL', 'nope'],
    ['another path', `${ORIGIN}/v1/b/${BUCKET}/o/x?alt=media`],
    ['metadata, not media', `${ORIGIN}/v0/b/${BUCKET}/o/x`],
    ['a javascript: URL', 'javascript:alert(1)//v0/b/x/o/y?alt=media'],
  ])('is not one: %s', (_what, text) => {
    expect(parseStorageUrl(text)).toBeNull();
  });
});

describe('pictureSources', () => {
  it('gives a studio picture every narrower width as srcset, without tokens', () => {
    const widest = url('studio/coaches/abcdef/512.webp');
    expect(pictureSources(widest)).toEqual({
      src: widest,
      srcSet: [
        `${url('studio/coaches/abcdef/128.webp', null)} 128w`,
        `${url('studio/coaches/abcdef/256.webp', null)} 256w`,
        `${widest} 512w`,
      ].join(', '),
    });
  });

  it("keeps a member's photo, a data URL and any other link as src alone", () => {
    const avatar = url('members/u1/avatar/abcdef/192.webp');
    for (const src of [avatar, 'data:image/png;base64,iVBORw0K', 'https://example.com/a.png'])
      expect(pictureSources(src)).toEqual({ src });
  });
});
