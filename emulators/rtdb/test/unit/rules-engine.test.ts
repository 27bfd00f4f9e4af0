import { describe, expect, it } from 'vitest';
import { OPEN_RULES, indexOnAt } from '../../src/rules/index';
import { NOW, alice, bob, harness, rulesOf } from './rules-harness';

describe('open rules (no rules uploaded)', () => {
  it('allow every read and write, and keep the documented source text', () => {
    expect(OPEN_RULES.source).toBe('{"rules":{".read":true,".write":true}}');
    const db = harness({ '.read': true, '.write': true }, { a: 1 });
    expect(db.read('/a/b/c', null)).toBe(true);
    expect(db.write('/x', { y: 1 }, null)).toBe(true);
  });
});

describe('read cascade', () => {
  const db = harness(
    {
      public: { '.read': true, secret: { '.read': false } },
      users: { $uid: { '.read': 'auth != null && auth.uid === $uid' } },
    },
    { public: { secret: 1, open: 2 }, users: { alice: { name: 'A' }, bob: { name: 'B' } } },
  );

  it('a grant above cannot be revoked below', () => {
    expect(db.read('/public/secret', null)).toBe(true);
  });

  it('a grant at a location covers everything under it', () => {
    expect(db.read('/users/alice/name/deep', alice)).toBe(true);
  });

  it('denies a location without any granting .read on its chain', () => {
    expect(db.read('/users/bob', alice)).toBe(false);
    expect(db.read('/', alice)).toBe(false);
  });

  it('rules are not filters: a parent is denied even when every child is readable', () => {
    expect(db.read('/users/alice', alice)).toBe(true);
    expect(db.read('/users', alice)).toBe(false);
  });

  it('locations below the rules tree inherit only what the chain granted', () => {
    expect(db.read('/other/thing', alice)).toBe(false);
  });
});

describe('write cascade', () => {
  const db = harness(
    {
      shared: { '.write': 'auth != null', locked: { '.write': false } },
      mine: { $uid: { '.write': 'auth.uid === $uid', sealed: { '.write': false } } },
    },
    { shared: { locked: 1 } },
  );

  it('a grant above cannot be revoked below', () => {
    expect(db.write('/shared/locked', 2, alice)).toBe(true);
    expect(db.write('/mine/alice/sealed', 2, alice)).toBe(true);
  });

  it('denies without a granting .write on the chain', () => {
    expect(db.write('/shared/locked', 2, null)).toBe(false);
    expect(db.write('/mine/bob/x', 2, alice)).toBe(false);
    expect(db.write('/mine', { alice: { x: 1 } }, alice)).toBe(false);
  });

  it('ignores .write rules below the written location', () => {
    const below = harness({ a: { b: { '.write': true } } });
    expect(below.write('/a', { b: 1 }, alice)).toBe(false);
    expect(below.write('/a/b', 1, alice)).toBe(true);
  });
});

describe('.validate', () => {
  const db = harness(
    {
      '.write': true,
      rooms: {
        $room: {
          '.validate': "newData.hasChildren(['title'])",
          title: { '.validate': 'newData.isString() && newData.val().length <= 10' },
          size: { '.validate': 'newData.isNumber() && newData.val() > 0' },
          $other: { '.validate': false },
        },
      },
    },
    { rooms: { r1: { title: 'Lobby', size: 3 } } },
  );

  it('validates the written subtree', () => {
    expect(db.write('/rooms/r2', { title: 'Kitchen', size: 2 }, null)).toBe(true);
    expect(db.write('/rooms/r2', { title: 'A very long title', size: 2 }, null)).toBe(false);
    expect(db.write('/rooms/r2', { title: 'Ok', size: -1 }, null)).toBe(false);
  });

  it('validates ancestors against the merged result', () => {
    expect(db.write('/rooms/r1/size', 4, null)).toBe(true);
    expect(db.write('/rooms/r9/size', 4, null)).toBe(false);
  });

  it('$other with .validate false rejects unknown children', () => {
    expect(db.write('/rooms/r1/color', 'red', null)).toBe(false);
    expect(db.write('/rooms/r2', { title: 'x', color: 'red' }, null)).toBe(false);
  });

  it('deletes skip validation at the deleted location', () => {
    expect(db.write('/rooms/r1/size', null, null)).toBe(true);
    expect(db.write('/rooms/r1', null, null)).toBe(true);
  });

  it('still validates ancestors that keep data after a delete', () => {
    expect(db.write('/rooms/r1/title', null, null)).toBe(false);
  });

  it('does not cascade: a .validate applies only at its own location', () => {
    const shallow = harness({ '.write': true, a: { '.validate': 'newData.isString()' } });
    expect(shallow.write('/a/b', 5, null)).toBe(false);
    expect(shallow.write('/a', { b: 5 }, null)).toBe(false);
    expect(shallow.write('/a', 'text', null)).toBe(true);
  });

  it('never grants: .validate true without a .write is denied', () => {
    expect(harness({ a: { '.validate': true } }).write('/a', 1, null)).toBe(false);
  });
});

describe('wildcards', () => {
  const db = harness({
    items: {
      special: { '.write': true },
      $id: { '.write': "$id.beginsWith('ok') || $id === '123'" },
    },
  });

  it('a literal child takes precedence over the wildcard', () => {
    expect(db.write('/items/special', 1, null)).toBe(true);
  });

  it('binds the segment as a string', () => {
    expect(db.write('/items/okay', 1, null)).toBe(true);
    expect(db.write('/items/123', 1, null)).toBe(true);
    expect(db.write('/items/nope', 1, null)).toBe(false);
  });

  it('binds nested wildcards by depth', () => {
    const nested = harness({ a: { $x: { b: { $y: { '.read': "$x + '-' + $y == 'p-q'" } } } } });
    expect(nested.read('/a/p/b/q', null)).toBe(true);
    expect(nested.read('/a/q/b/p', null)).toBe(false);
  });
});

describe('auth', () => {
  const db = harness({
    byUid: { '.read': "auth.uid === 'alice'" },
    byClaim: { '.read': "auth.token.role === 'admin'" },
    verified: { '.read': 'auth.token.email_verified == true' },
    missingClaim: { '.read': "auth.token.level === 'gold'" },
    provider: { '.read': "auth.provider == 'anonymous'" },
    signedIn: { '.read': 'auth != null' },
    signedOut: { '.read': 'auth == null' },
    nullError: { '.read': "auth.uid != 'mallory'", child: { '.read': true } },
  });

  it('matches auth.uid', () => {
    expect(db.read('/byUid', alice)).toBe(true);
    expect(db.read('/byUid', bob)).toBe(false);
  });

  it('reads custom claims from auth.token', () => {
    expect(db.read('/byClaim', alice)).toBe(true);
    expect(db.read('/byClaim', bob)).toBe(false);
    expect(db.read('/verified', alice)).toBe(true);
    expect(db.read('/verified', bob)).toBe(false);
  });

  it('a missing claim is null and compares unequal', () => {
    expect(db.read('/missingClaim', alice)).toBe(false);
  });

  it('reads auth.provider', () => {
    expect(db.read('/provider', bob)).toBe(true);
    expect(db.read('/provider', alice)).toBe(false);
  });

  it('compares auth itself with null', () => {
    expect(db.read('/signedIn', alice)).toBe(true);
    expect(db.read('/signedIn', null)).toBe(false);
    expect(db.read('/signedOut', null)).toBe(true);
  });

  it('a property of null auth is an error: that rule is false, deeper rules may still grant', () => {
    expect(db.read('/nullError', bob)).toBe(true);
    expect(db.read('/nullError', null)).toBe(false);
    expect(db.read('/nullError/child', null)).toBe(true);
  });
});

describe('root, data, newData and now', () => {
  const db = harness(
    {
      admins: { '.read': false },
      createOnly: { $id: { '.write': '!data.exists()' } },
      adminOnly: { '.write': "root.child('admins/' + auth.uid).val() === true" },
      stamped: { '.write': true, '.validate': 'newData.val() === now' },
      past: { '.write': true, '.validate': 'newData.isNumber() && newData.val() <= now' },
      counter: { '.write': true, '.validate': 'newData.val() === data.val() + 1' },
      owned: {
        $id: {
          '.write':
            "(!data.exists() && newData.child('owner').val() === auth.uid) || data.child('owner').val() === auth.uid",
        },
      },
    },
    {
      admins: { alice: true, bob: false },
      createOnly: { taken: 1 },
      counter: 5,
      owned: { o1: { owner: 'bob' } },
    },
  );

  it('data is the value before the write', () => {
    expect(db.write('/createOnly/fresh', 1, null)).toBe(true);
    expect(db.write('/createOnly/taken', 2, null)).toBe(false);
  });

  it('root reads anywhere in the tree, regardless of .read rules', () => {
    expect(db.write('/adminOnly', 1, alice)).toBe(true);
    expect(db.write('/adminOnly', 1, bob)).toBe(false);
  });

  it('now is the request time', () => {
    expect(db.write('/stamped', NOW, null)).toBe(true);
    expect(db.write('/stamped', NOW - 1, null)).toBe(false);
    expect(db.write('/past', NOW - 1000, null)).toBe(true);
    expect(db.write('/past', NOW + 1000, null)).toBe(false);
  });

  it('newData is the value after the write', () => {
    expect(db.write('/counter', 6, null)).toBe(true);
    expect(db.write('/counter', 7, null)).toBe(false);
    expect(db.write('/owned/o2', { owner: 'alice' }, alice)).toBe(true);
    expect(db.write('/owned/o1', { owner: 'alice' }, alice)).toBe(false);
    expect(db.write('/owned/o1', null, bob)).toBe(true);
  });

  it('a priority write is checked at the parent with the new priority in newData', () => {
    const prio = harness(
      { p: { '.write': true, '.validate': 'newData.getPriority() === 5' } },
      { p: 1 },
    );
    expect(prio.write('/p/.priority', 5, null)).toBe(true);
    expect(prio.write('/p/.priority', 6, null)).toBe(false);
  });
});

describe('multi-location updates', () => {
  const db = harness(
    {
      pair: {
        '.write': true,
        x: { '.validate': "newData.val() === newData.parent().child('y').val()" },
        y: { '.validate': 'newData.isNumber()' },
      },
      locked: { '.write': false },
    },
    { pair: { x: 1, y: 1 } },
  );

  it('newData.parent().child() sees sibling values written by the same update', () => {
    expect(db.update('/pair', { x: 2, y: 2 }, null)).toBe(true);
    expect(db.update('/pair', { x: 2 }, null)).toBe(false);
  });

  it('rejects the whole update when one key is denied', () => {
    expect(db.update('/', { 'pair/y': 1, 'locked/z': 1 }, null)).toBe(false);
    expect(db.update('/', { 'pair/y': 1, 'pair/x': 1 }, null)).toBe(true);
  });
});

describe('query-based rules', () => {
  const db = harness({
    notes: {
      '.read': "query.orderByChild == 'owner' && query.equalTo == auth.uid",
      '.indexOn': 'owner',
    },
    feed: { '.read': 'query.orderByKey && query.limitToFirst <= 10' },
    recent: { '.read': 'query.limitToLast != null && query.limitToLast <= 5' },
    prio: { '.read': 'query.orderByPriority' },
    byValue: { '.read': "query.orderByValue && query.startAt === 3 && query.endAt === 'z'" },
  });

  it('allows the matching query and denies everything else', () => {
    const mine = { i: 'owner', sp: 'alice', sin: true, ep: 'alice', ein: true };
    expect(db.read('/notes', alice, mine)).toBe(true);
    expect(db.read('/notes', bob, mine)).toBe(false);
    expect(db.read('/notes', alice)).toBe(false);
    expect(db.read('/notes', alice, { i: 'owner', sp: 'alice', sin: true })).toBe(false);
    expect(
      db.read('/notes', alice, { i: 'owner', sp: 'alice', sn: 'k', ep: 'alice', ein: true }),
    ).toBe(false);
  });

  it('checks limits and key order', () => {
    expect(db.read('/feed', null, { i: '.key', l: 10, vf: 'l' })).toBe(true);
    expect(db.read('/feed', null, { i: '.key', l: 11, vf: 'l' })).toBe(false);
    expect(db.read('/feed', null, { l: 10, vf: 'l' })).toBe(false);
    expect(db.read('/recent', null, { l: 5, vf: 'r' })).toBe(true);
    expect(db.read('/recent', null, { l: 5, vf: 'l' })).toBe(false);
  });

  it('orderByPriority is true for filtered queries without an index, false for default listens', () => {
    expect(db.read('/prio', null, { l: 1, vf: 'r' })).toBe(true);
    expect(db.read('/prio', null, {})).toBe(false);
    expect(db.read('/prio', null)).toBe(false);
  });

  it('exposes startAt and endAt', () => {
    expect(db.read('/byValue', null, { i: '.value', sp: 3, sin: true, ep: 'z', ein: true })).toBe(
      true,
    );
    expect(db.read('/byValue', null, { i: '.value', sp: 4, sin: true, ep: 'z', ein: true })).toBe(
      false,
    );
  });

  it('reports .indexOn of the matching rules node', () => {
    expect(indexOnAt(db.rules, ['notes'])).toEqual(['owner']);
    expect(indexOnAt(rulesOf({ $x: { '.indexOn': ['.value', 'a/b'] } }), ['any'])).toEqual([
      '.value',
      'a/b',
    ]);
    expect(indexOnAt(db.rules, ['feed'])).toEqual([]);
    expect(indexOnAt(db.rules, ['nowhere', 'deep'])).toEqual([]);
  });
});

describe('expressions', () => {
  const check = (expression: string, value: unknown = null): boolean =>
    harness({ v: { '.write': true, '.validate': expression } }).write('/v', value, alice);

  it.each([
    ["newData.val().contains('ell')", 'hello', true],
    ["newData.val().contains('xyz')", 'hello', false],
    ["newData.val().beginsWith('he')", 'hello', true],
    ["newData.val().endsWith('lo')", 'hello', true],
    ["newData.val().endsWith('he')", 'hello', false],
    ["newData.val().replace('l', 'L') === 'heLLo'", 'hello', true],
    ["newData.val().replace('.', '') === 'abc'", 'a.b.c', true],
    ["newData.val().toLowerCase() === 'hello'", 'HeLLo', true],
    ["newData.val().toUpperCase() === 'HELLO'", 'hello', true],
    ['newData.val().length === 5', 'hello', true],
    ['newData.val().matches(/^h.*o$/)', 'hello', true],
    ['newData.val().matches(/^H/)', 'hello', false],
    ['newData.val().matches(/^H/i)', 'hello', true],
    ['newData.val().matches(/^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$/)', 'a.b@example.com', true],
    ["newData.val().contains('1')", 123, false],
  ])('%s with %j is %s', (expression, value, expected) => {
    expect(check(expression, value)).toBe(expected);
  });

  it.each([
    ["newData.hasChildren(['a', 'b'])", { a: 1, b: 2, c: 3 }, true],
    ["newData.hasChildren(['a', 'b'])", { a: 1 }, false],
    ['newData.hasChildren()', { a: 1 }, true],
    ['newData.hasChildren()', 'leaf', false],
    ["newData.hasChild('a/b')", { a: { b: 1 } }, true],
    ["newData.hasChild('a/c')", { a: { b: 1 } }, false],
    ["newData.child('a').child('b').val() === 1", { a: { b: 1 } }, true],
    ['newData.isBoolean() && newData.val() === false', false, true],
    ['newData.isString()', 5, false],
    ['newData.val() != null', { a: 1 }, true],
    ['newData.val() == null', { a: 1 }, false],
    ["newData.child('a').val() == newData.child('a').val()", { a: { x: 1 } }, false],
  ])('snapshot: %s with %j is %s', (expression, value, expected) => {
    expect(check(expression, value)).toBe(expected);
  });

  it.each([
    ['1 + 2 * 3 === 7', true],
    ['(1 + 2) * 3 === 9', true],
    ['7 % 4 === 3 && 7 / 2 === 3.5 && -(2) === -2', true],
    ["'a' + 1 === 'a1'", true],
    ["'ab' < 'b' && 2 >= 2 && 3 > 2 && 1 <= 1", true],
    ['1 == 1 ? true : false', true],
    ['1 === 2 ? true : false', false],
    ['!(1 === 2)', true],
    ["1 == '1'", false],
    ['null == null', true],
    ['true || (1 / 0 > 0)', true],
    ["false && newData.child('x').parent().parent().parent().exists()", false],
  ])('%s is %s', (expression, expected) => {
    expect(check(expression, 1)).toBe(expected);
  });

  it.each([
    ["newData.val() > 'a'", 5],
    ['newData.val() + 1 === 2', true],
    ['newData.parent().parent().exists()', 1],
    ["newData.val().contains('a')", { a: 1 }],
  ])('a run-time error makes %s false (value %j)', (expression, value) => {
    expect(check(expression, value)).toBe(false);
  });
});
