import { describe, expect, it } from 'vitest';
import { parsePass, passText } from './pass';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const SIG = 'x'.repeat(43);

describe('member pass text', () => {
  it('splits a pass into the member, the pass id and the signature, and back', () => {
    const parts = parsePass(`SP1.demo-member.${ID}.${SIG}`);
    expect(parts).toEqual({ uid: 'demo-member', passId: ID, signature: SIG });
    expect(passText(parts!)).toBe(`SP1.demo-member.${ID}.${SIG}`);
  });

  it.each([
    ['an empty text', ''],
    ['a web address', 'https://ritmo.studio/'],
    ['another version', `SP2.demo-member.${ID}.${SIG}`],
    ['a part too many', `SP1.demo.member.${ID}.${SIG}`],
    ['a uid that is not a key', `SP1.a/b.${ID}.${SIG}`],
    ['a uid that names the prototype', `SP1.__proto__.${ID}.${SIG}`],
    ['a short pass id', `SP1.demo-member.${ID.slice(1)}.${SIG}`],
    ['a short signature', `SP1.demo-member.${ID}.${SIG.slice(1)}`],
    ['a signature with other characters', `SP1.demo-member.${ID}.${'+'.repeat(43)}`],
  ])('refuses %s', (_label, text) => {
    expect(parsePass(text)).toBeNull();
  });
});
