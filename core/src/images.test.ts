import { describe, expect, it } from 'vitest';
import { imageSourceProblem, imageStoreOf, studioImage } from './images';
import { storageUrl } from './pictures';

const store = imageStoreOf('demo-studio.firebasestorage.app');
const local = imageStoreOf('demo-studio.firebasestorage.app', 'http://127.0.0.1:9199');
const own = (origin: string, bucket = 'demo-studio.firebasestorage.app') =>
  storageUrl({ origin, bucket, path: 'members/alice/avatar/abcdef/192.webp', token: 't-1' });
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('imageSourceProblem', () => {
  it.each([
    ['the studio bucket', own('https://firebasestorage.googleapis.com'), store, null],
    ['the emulator bucket locally', own('http://127.0.0.1:9199'), local, null],
    ['a png data URL', PNG, store, null],
    ['a data URL with no store known', PNG, null, null],
    ['a tracking pixel elsewhere', 'https://img.example/alice.png', store, 'foreignStore'],
    ['an http link', 'http://evil.example/v0/b/x/o/y?alt=media', store, 'foreignStore'],
    [
      'another bucket on the same host',
      own('https://firebasestorage.googleapis.com', 'evil'),
      store,
      'foreignStore',
    ],
    ['the emulator origin in production', own('http://127.0.0.1:9199'), store, 'foreignStore'],
    [
      'a storage URL with no store known',
      own('https://firebasestorage.googleapis.com'),
      null,
      'foreignStore',
    ],
    ['a protocol-relative URL', '//img.example/a.png', store, 'foreignStore'],
    ['javascript:', 'javascript:alert(1)', store, 'foreignStore'],
    ['an svg data URL', 'data:image/svg+xml;base64,PHN2Zz4=', store, 'notDataImage'],
    ['a text data URL', 'data:text/html;base64,PGI+', store, 'notDataImage'],
    ['a data URL with markup after it', `${PNG}"><script>`, store, 'notDataImage'],
    ['empty', '', store, 'notImage'],
    ['a number', 7, store, 'notImage'],
  ])('%s', (_, value, where, problem) => {
    expect(imageSourceProblem(value, where, 'photo')).toBe(problem);
  });

  it('lets a studio picture be svg, never a member photo', () => {
    const svg = 'data:image/svg+xml;base64,PHN2Zz4=';
    expect(imageSourceProblem(svg, store, 'studio')).toBeNull();
    expect(studioImage(svg, store, 'photo')).toBeUndefined();
    expect(studioImage(PNG, store, 'photo')).toBe(PNG);
  });
});
