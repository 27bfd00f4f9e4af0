// What a compiled ruleset decides: path matching (version 1 and 2), operations, `request` and
// `resource`, user functions, and error semantics (an error never grants; `||`/`&&` forgive an
// error on the side that does not decide, as in production).
import { describe, expect, it } from 'vitest';
import { compileStorageRules, type RulesRequest, type ValueMap } from '../../src/index';
import { mockClaims } from '../support/tokens';

const BUCKET = 'demo-studio.firebasestorage.app';

const wrap = (body: string, version = '2') =>
  `rules_version = '${version}';\nservice firebase.storage {\n  match /b/{bucket}/o {\n${body}\n  }\n}\n`;

function object(name: string, size: number, contentType: string): ValueMap {
  return {
    name,
    bucket: BUCKET,
    size: BigInt(size),
    contentType,
    metadata: {},
    generation: 1n,
    metageneration: 1n,
  };
}

function user(uid: string, claims: Record<string, unknown> = {}): ValueMap {
  return {
    uid,
    token: { ...(mockClaims(uid, claims) as ValueMap), iat: 0n, exp: 3600n, auth_time: 0n },
  };
}

function ask(
  rules: string,
  request: Partial<RulesRequest> & Pick<RulesRequest, 'operation' | 'name'>,
) {
  return compileStorageRules(rules).decide({
    bucket: BUCKET,
    auth: null,
    resource: null,
    requestResource: null,
    now: 1_700_000_000_000,
    ...request,
  }).allowed;
}

describe('storage rules: decisions', () => {
  const pictures = wrap(`
    function isAdmin() { return request.auth != null && request.auth.token.role == 'admin'; }
    function isPicture(maxBytes) {
      return request.resource.contentType.matches('image/.*') && request.resource.size < maxBytes;
    }
    match /studio/{path=**} {
      allow read;
      allow create, update: if isAdmin() && isPicture(2 * 1024 * 1024);
      allow delete: if isAdmin();
    }
    match /avatars/{uid}/{file} {
      allow get: if request.auth != null && (request.auth.uid == uid || request.auth.token.role in ['admin', 'coach']);
      allow create, update: if request.auth != null && request.auth.uid == uid && isPicture(1024 * 1024);
      allow delete: if request.auth != null && request.auth.uid == uid;
    }`);

  it.each([
    ['anyone reads a studio picture', { operation: 'get', name: 'studio/cover/a/1280.webp' }, true],
    ['anyone lists the studio folder', { operation: 'list', name: 'studio' }, true],
    ['nobody reads outside the matches', { operation: 'get', name: 'other/a.webp' }, false],
    [
      'an admin uploads an image',
      {
        operation: 'create',
        name: 'studio/logo/a/256.webp',
        auth: user('a', { role: 'admin' }),
        requestResource: object('x', 1000, 'image/webp'),
      },
      true,
    ],
    [
      'an admin may not upload a non-image',
      {
        operation: 'create',
        name: 'studio/a.pdf',
        auth: user('a', { role: 'admin' }),
        requestResource: object('x', 1000, 'application/pdf'),
      },
      false,
    ],
    [
      'an admin may not upload 2 MB',
      {
        operation: 'update',
        name: 'studio/a.webp',
        auth: user('a', { role: 'admin' }),
        requestResource: object('x', 2 * 1024 * 1024, 'image/webp'),
      },
      false,
    ],
    [
      'a member may not upload a studio picture',
      {
        operation: 'create',
        name: 'studio/a.webp',
        auth: user('m', { role: 'member' }),
        requestResource: object('x', 10, 'image/webp'),
      },
      false,
    ],
    [
      'a token without the role claim is refused (missing claim is an error)',
      {
        operation: 'create',
        name: 'studio/a.webp',
        auth: user('m'),
        requestResource: object('x', 10, 'image/webp'),
      },
      false,
    ],
    [
      'signed out, no upload',
      {
        operation: 'create',
        name: 'studio/a.webp',
        requestResource: object('x', 10, 'image/webp'),
      },
      false,
    ],
    [
      'a member uploads their own avatar',
      {
        operation: 'create',
        name: 'avatars/m/a.webp',
        auth: user('m', { role: 'member' }),
        requestResource: object('x', 10, 'image/webp'),
      },
      true,
    ],
    [
      "a member may not upload another's avatar",
      {
        operation: 'create',
        name: 'avatars/x/a.webp',
        auth: user('m', { role: 'member' }),
        requestResource: object('x', 10, 'image/webp'),
      },
      false,
    ],
    [
      'a coach reads an avatar',
      { operation: 'get', name: 'avatars/m/a.webp', auth: user('c', { role: 'coach' }) },
      true,
    ],
    [
      "a member may not read another's avatar",
      { operation: 'get', name: 'avatars/x/a.webp', auth: user('m', { role: 'member' }) },
      false,
    ],
    [
      'nobody lists avatars',
      { operation: 'list', name: 'avatars/m', auth: user('m', { role: 'member' }) },
      false,
    ],
    [
      'one segment does not match {uid}/{file}',
      { operation: 'get', name: 'avatars/m', auth: user('m') },
      false,
    ],
  ] as const)('%s', (_what, request, allowed) => {
    expect(ask(pictures, request as Parameters<typeof ask>[1])).toBe(allowed);
  });

  it('version 2 lets {rest=**} match no segment; version 1 needs one', () => {
    const body = '    match /a/{rest=**} { allow read; }';
    expect(ask(wrap(body, '2'), { operation: 'list', name: 'a' })).toBe(true);
    expect(ask(wrap(body, '1'), { operation: 'list', name: 'a' })).toBe(false);
    expect(ask(wrap(body, '1'), { operation: 'get', name: 'a/b/c' })).toBe(true);
  });

  it('binds the captured path to the variable', () => {
    const rules = wrap(
      "    match /a/{rest=**} { allow read: if rest == 'b/c' && bucket == 'demo-studio.firebasestorage.app'; }",
    );
    expect(ask(rules, { operation: 'get', name: 'a/b/c' })).toBe(true);
    expect(ask(rules, { operation: 'get', name: 'a/b' })).toBe(false);
  });

  it('an error on the side that does not decide is forgiven; alone it denies', () => {
    const either = wrap("    match /a { allow read: if request.auth.uid == 'x' || true; }");
    const both = wrap("    match /a { allow read: if request.auth.uid == 'x' && true; }");
    const shortCircuit = wrap("    match /a { allow read: if false && request.auth.uid == 'x'; }");
    expect(ask(either, { operation: 'get', name: 'a' })).toBe(true);
    expect(ask(both, { operation: 'get', name: 'a' })).toBe(false);
    expect(ask(shortCircuit, { operation: 'get', name: 'a' })).toBe(false);
  });

  it('a condition must be exactly true: a non-boolean denies', () => {
    expect(
      ask(wrap("    match /a { allow read: if 'yes'; }"), { operation: 'get', name: 'a' }),
    ).toBe(false);
    expect(ask(wrap('    match /a { allow read: if 1; }'), { operation: 'get', name: 'a' })).toBe(
      false,
    );
  });

  it('integer division truncates, float division does not, dividing by zero errs', () => {
    const rules = (condition: string) => wrap(`    match /a { allow read: if ${condition}; }`);
    expect(ask(rules('7 / 2 == 3'), { operation: 'get', name: 'a' })).toBe(true);
    expect(ask(rules('7.0 / 2 == 3.5'), { operation: 'get', name: 'a' })).toBe(true);
    expect(ask(rules('1 / 0 == 0 || false'), { operation: 'get', name: 'a' })).toBe(false);
  });

  it('resource is the stored object and null when there is none', () => {
    const rules = wrap('    match /a { allow delete: if resource != null && resource.size < 10; }');
    expect(
      ask(rules, { operation: 'delete', name: 'a', resource: object('a', 5, 'image/png') }),
    ).toBe(true);
    expect(ask(rules, { operation: 'delete', name: 'a' })).toBe(false);
  });

  it('read covers get and list, write covers create, update and delete', () => {
    const rules = wrap('    match /{p=**} { allow read; }');
    for (const operation of ['get', 'list'] as const)
      expect(ask(rules, { operation, name: 'x' })).toBe(true);
    for (const operation of ['create', 'update', 'delete'] as const)
      expect(ask(rules, { operation, name: 'x' })).toBe(false);
  });

  it('endless recursion errs (calls deeper than 20) and denies', () => {
    const rules = wrap(
      '    function f(n) { return f(n + 1); }\n    match /a { allow read: if f(0); }',
    );
    expect(ask(rules, { operation: 'get', name: 'a' })).toBe(false);
  });
});
