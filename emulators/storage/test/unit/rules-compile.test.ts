// The rules parser and compiler: the forms a ruleset may use are accepted, and what this engine
// cannot evaluate is refused at load with its line and column, never denied silently later.
import { describe, expect, it } from 'vitest';
import { compileStorageRules, RulesError } from '../../src/index';

const wrap = (body: string, version = '2') =>
  `rules_version = '${version}';\nservice firebase.storage {\n  match /b/{bucket}/o {\n${body}\n  }\n}\n`;

function refusal(text: string): RulesError {
  try {
    compileStorageRules(text);
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('the rules compiled');
}

describe('storage rules: what compiles', () => {
  it('accepts functions, lets, nested matches, wildcards and every operator we evaluate', () => {
    const rules = wrap(`
    function isAdmin() { return request.auth != null && request.auth.token.role == 'admin'; }
    function small(limit) {
      let size = request.resource.size;
      return size < limit * 1024 && size >= 0;
    }
    match /studio/{path=**} {
      allow read;
      allow create, update: if isAdmin() && small(5 * 1024)
        && request.resource.contentType.matches('image/.*')
        && !(request.resource.metadata.get('x', '') in ['a', 'b'])
        && (request.resource.size % 2 == 0 || request.resource.size / 2 > -1.5)
        && request.resource.name.split('/').size() > 1 ? true : false;
      allow delete: if isAdmin() && resource.size is int && request.time.toMillis() > 0;
    }
    match /avatars/{uid} {
      match /{file} { allow write: if request.auth.uid == uid && file.lower() == file; }
    }`);
    const ruleset = compileStorageRules(rules);
    expect(ruleset.version).toBe('2');
  });

  it.each([
    ['another service', 'service cloud.firestore { match /x { allow read; } }', 1, 9],
    ['an unknown operation', wrap('    match /a { allow read, wrte; }'), 4, 28],
    ['an unknown name', wrap('    match /a { allow read: if user != null; }'), 4, 31],
    [
      'a field request does not have',
      wrap('    match /a { allow read: if request.user != null; }'),
      4,
      39,
    ],
    [
      'a field an object does not have',
      wrap('    match /a { allow write: if request.resource.mime == "x"; }'),
      4,
      49,
    ],
    [
      'an unknown method',
      wrap("    match /a { allow read: if request.path.startsWith('/b'); }"),
      4,
      44,
    ],
    ['a Firestore read', wrap("    match /a { allow read: if firestore.exists('x'); }"), 4, 41],
    ['exists()', wrap('    match /a { allow read: if exists(request.path); }'), 4, 31],
    [
      'a call with the wrong arity',
      wrap('    function f(a) { return a; }\n    match /a { allow read: if f(1, 2); }'),
      5,
      32,
    ],
    ['an unterminated string', wrap("    match /a { allow read: if 'abc; }"), 4, 31],
    ['a missing semicolon', wrap('    match /a { allow read }'), 4, 27],
    ['a rest wildcard before the end', wrap('    match /{p=**}/x { allow read; }'), 4, 5],
    ['a path variable bound twice', wrap('    match /{bucket} { allow read; }'), 4, 5],
    [
      'a function declared twice',
      wrap('    function f() { return true; }\n    function f() { return false; }'),
      5,
      5,
    ],
    ['an unknown type', wrap('    match /a { allow read: if request.time is duration; }'), 4, 39],
    ['an unknown rules_version', "rules_version = '3';\nservice firebase.storage {}", 1, 17],
  ])('refuses %s, naming line and column', (_what, text, line, column) => {
    const error = refusal(text);
    expect([error.line, error.column]).toEqual([line, column]);
  });
});
