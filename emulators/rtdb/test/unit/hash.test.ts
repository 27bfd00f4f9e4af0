import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { doubleToIEEE754String, hashNode } from '../../src/tree/hash';
import { fromJSON } from '../../src/tree/node';

/** The SDK's own doubleToIEEE754String, lifted from the installed bundle to use as an oracle. */
function loadSdkDoubleToIEEE754String(): (value: number) => string {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(require.resolve('@firebase/database'), 'utf8');
  const match = /const doubleToIEEE754String = (function \(v\) \{[\s\S]*?\n\});/.exec(bundle);
  if (match?.[1] === undefined)
    throw new Error('doubleToIEEE754String not found in the SDK bundle');
  // Evaluated in a fresh context with the two helpers it references stubbed out.
  const sandbox = { util: { assert: () => undefined }, isInvalidJSONNumber: () => false };
  return runInNewContext(`(${match[1]})`, sandbox) as (value: number) => string;
}

describe('hashNode (test vectors)', () => {
  it.each([
    [null, ''],
    [5, 'w28swksk9+tXf5jEdS9R5oSFAv8='],
    [1.5, '4MftviR9Z/2MQCMkjh2RNbvlLJc='],
    [-1, 'dMw8oUBNk57KCeIcgAKXVS2BfB0='],
    ['hello', 'z6sRbrNLwbHX5fdjpvsTtWgXUFc='],
    [true, 'E5z61QM0lN/U2WsOnusszCTkR8M='],
    [1, 'YPVfR2bXt/lcDjiQZ8pOkAd3qkQ='],
    ['x', 'OJSeRnP1mf0vTrhq7izmWGPiNx4='],
    [{ c: 'x' }, '3Z8lOGFTH50EKJt7+cdMxPJp6Yk='],
    [{ a: 1, b: { c: 'x' } }, 'ysk3YQgEFZBh3N6ot97Ywoub98Q='],
    [{ '.value': 3, '.priority': 1 }, '3wXWF3gDap6hMAJkscycMFLN0IA='],
    [{ a: 1, '.priority': 'p' }, 'XmDTv07owVSgIxu8wWYeRPkdpXU='],
    [
      { b: { '.value': 1, '.priority': 'z' }, a: { '.value': 2, '.priority': 5 }, c: 3 },
      'zjU7WZ571RtwfCgz+Twc7S6GR8U=',
    ],
    [{ 9: 1, 10: 1, a: 1, '-1': 1 }, 'vUbDcbSFPHG8p4hEOemblr5590g='],
    [9007199254740991, 'm4qsp/5BbIWTdjthNlnOX+WCTB0='],
    [3.9999999999999996, 'eVih19a6ZDz3NL32uVBtg9KSgQY='],
    [2.7755575615628914e-17, 'CMG4cFM+vnPWT+/pbIw3SlWKto4='],
  ])('hashes %j as %s', (json, expected) => {
    expect(hashNode(fromJSON(json))).toBe(expected);
  });

  it('uses the number pre-image of the spec for 5', () => {
    expect('number:' + doubleToIEEE754String(5)).toBe('number:4014000000000000');
  });

  it('does not depend on the insertion order of children', () => {
    const a = fromJSON({ x: 1, y: { '.value': 'v', '.priority': 2 }, 10: true, 9: false });
    const b = fromJSON({ 9: false, 10: true, y: { '.value': 'v', '.priority': 2 }, x: 1 });
    expect(hashNode(a)).toBe(hashNode(b));
  });

  it('changes when only a priority changes', () => {
    expect(hashNode(fromJSON({ '.value': 1, '.priority': 2 }))).not.toBe(hashNode(fromJSON(1)));
  });
});

describe('doubleToIEEE754String', () => {
  const sdk = loadSdkDoubleToIEEE754String();

  it('reproduces the SDK quirk below powers of two instead of the true IEEE bits', () => {
    const trueBits = Buffer.alloc(8);
    trueBits.writeDoubleBE(Number.MAX_SAFE_INTEGER);
    expect(doubleToIEEE754String(Number.MAX_SAFE_INTEGER)).not.toBe(trueBits.toString('hex'));
    expect(doubleToIEEE754String(Number.MAX_SAFE_INTEGER)).toBe(sdk(Number.MAX_SAFE_INTEGER));
  });

  it('agrees with the SDK bundle on edge values and random doubles', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.1,
      1e-310,
      5e-324,
      Number.MIN_VALUE,
      Number.MAX_VALUE,
      2 ** -55,
      2 ** -58,
      2 ** -1022,
      2 ** -1023,
      3.9999999999999996,
      2 ** 48 - 1,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      1700000000000,
    ];
    // A fixed linear congruential sequence keeps the test deterministic.
    let seed = 12345;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 2000; n++) {
      const magnitude = Math.pow(2, Math.floor(next() * 2000) - 1000);
      values.push((next() - 0.5) * magnitude, Math.floor(next() * 2 ** 53));
    }
    for (const value of values)
      expect(doubleToIEEE754String(value), String(value)).toBe(sdk(value));
  });
});
