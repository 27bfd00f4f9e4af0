// Rule semantics case by case: every case states the decision the spec requires, and
// `targaryen` is consulted as an independent oracle, so a disagreement points either at
// the emulator or at a case that needs a second look. Operations go through REST with
// `?auth=<mock ID token>`, the cheapest way to act as a given user.
import targaryen from 'targaryen';
import { describe, expect, it } from 'vitest';
import { rest, setRules, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { mockClaims, mockIdToken } from '../support/tokens';

type Operation =
  | { kind: 'read'; path: string }
  | { kind: 'write'; path: string; value: unknown }
  | { kind: 'update'; path: string; patch: Record<string, unknown> };

interface RuleCase {
  name: string;
  rules: object;
  data: unknown;
  user: { uid: string; claims?: Record<string, unknown> } | null;
  op: Operation;
  allowed: boolean;
}

const alice = { uid: 'alice' };

const CASES: RuleCase[] = [
  {
    name: 'a .read true at a parent grants every child',
    rules: { a: { '.read': true, b: { '.read': false } } },
    data: { a: { b: 1 } },
    user: null,
    op: { kind: 'read', path: '/a/b' },
    allowed: true,
  },
  {
    name: 'readable children do not make the parent readable',
    rules: { a: { $k: { '.read': true } } },
    data: { a: { b: 1 } },
    user: alice,
    op: { kind: 'read', path: '/a' },
    allowed: false,
  },
  {
    name: 'a rule erroring on auth.uid with auth null is false, another rule on the chain still grants',
    rules: { '.read': "auth.uid == 'x'", a: { '.read': true } },
    data: { a: 1 },
    user: null,
    op: { kind: 'read', path: '/a' },
    allowed: true,
  },
  {
    name: 'root.child(...).exists() looks up other data (admins list)',
    rules: { admins: {}, secret: { '.read': 'root.child("admins").child(auth.uid).exists()' } },
    data: { admins: { alice: true }, secret: 1 },
    user: alice,
    op: { kind: 'read', path: '/secret' },
    allowed: true,
  },
  {
    name: 'root lookups deny a user missing from the list',
    rules: { admins: {}, secret: { '.read': 'root.child("admins").child(auth.uid).exists()' } },
    data: { admins: { bob: true }, secret: 1 },
    user: alice,
    op: { kind: 'read', path: '/secret' },
    allowed: false,
  },
  {
    name: 'write-once: !data.exists() denies overwriting',
    rules: { once: { $id: { '.write': '!data.exists()' } } },
    data: { once: { x: 1 } },
    user: alice,
    op: { kind: 'write', path: '/once/x', value: 2 },
    allowed: false,
  },
  {
    name: 'newData.child(owner) must be the writer',
    rules: { posts: { $id: { '.write': "newData.child('owner').val() == auth.uid" } } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/posts/p1', value: { owner: 'alice', text: 'hi' } },
    allowed: true,
  },
  {
    name: 'newData.child(owner) of somebody else is denied',
    rules: { posts: { $id: { '.write': "newData.child('owner').val() == auth.uid" } } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/posts/p1', value: { owner: 'bob', text: 'hi' } },
    allowed: false,
  },
  {
    name: 'string length and beginsWith',
    rules: { s: { '.write': "newData.val().length > 3 && newData.val().beginsWith('ab')" } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/s', value: 'abcd' },
    allowed: true,
  },
  {
    name: 'matches with a regular expression literal',
    rules: { email: { '.write': 'newData.val().matches(/^[a-z]+@demo\\.studio$/)' } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/email', value: 'alice@demo.studio' },
    allowed: true,
  },
  {
    name: 'matches rejects a non-matching string',
    rules: { email: { '.write': 'newData.val().matches(/^[a-z]+@demo\\.studio$/)' } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/email', value: 'Alice@evil.com' },
    allowed: false,
  },
  {
    name: 'toLowerCase, contains and endsWith',
    rules: {
      s: {
        '.write':
          "newData.val().toLowerCase() == 'abc-xyz' && newData.val().contains('-') && newData.val().endsWith('YZ')",
      },
    },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/s', value: 'ABC-XYZ' },
    allowed: true,
  },
  {
    name: 'replace() replaces every occurrence',
    rules: { s: { '.write': "newData.val().replace('a', 'b') == 'bbb'" } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/s', value: 'aba' },
    allowed: true,
  },
  {
    name: 'arithmetic with % and *',
    rules: { n: { '.write': 'newData.val() % 2 == 0 && newData.val() * 2 > 10' } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/n', value: 8 },
    allowed: true,
  },
  {
    name: '+ concatenates a $wildcard and a string',
    rules: { tags: { $id: { '.write': "newData.val() == $id + '-tag'" } } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/tags/t1', value: 't1-tag' },
    allowed: true,
  },
  {
    name: 'the ternary operator picks a branch',
    rules: { n: { '.write': "auth.token.role == 'admin' ? true : newData.val() < 10" } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/n', value: 50 },
    allowed: false,
  },
  {
    name: 'a $wildcard bound to a numeric-looking key is a string',
    rules: { nums: { $n: { '.write': "$n == '123'" } } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/nums/123', value: true },
    allowed: true,
  },
  {
    name: 'hasChildren([...]) and hasChild()',
    rules: {
      item: {
        '.write':
          "newData.hasChildren(['a', 'b']) && newData.hasChild('b') && newData.hasChildren()",
      },
    },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/item', value: { a: 1, b: 2 } },
    allowed: true,
  },
  {
    name: 'hasChildren([...]) fails when one is missing',
    rules: { item: { '.write': "newData.hasChildren(['a', 'b'])" } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/item', value: { a: 1 } },
    allowed: false,
  },
  {
    name: 'isString, isNumber and isBoolean',
    rules: {
      v: {
        '.write':
          "newData.child('s').isString() && newData.child('n').isNumber() && newData.child('b').isBoolean()",
      },
    },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/v', value: { s: 'x', n: 1, b: false } },
    allowed: true,
  },
  {
    name: '== is strict: the number 1 is not the string "1"',
    rules: { v: { '.write': "newData.val() == '1'" } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/v', value: 1 },
    allowed: false,
  },
  {
    name: 'data.val() of a node with children equals nothing (not null)',
    rules: { v: { '.write': 'data.val() == null' } },
    data: { v: { a: 1 } },
    user: alice,
    op: { kind: 'write', path: '/v', value: 2 },
    allowed: false,
  },
  {
    name: 'custom claims in auth.token',
    rules: {
      staff: { '.read': "auth.token.role == 'coach' && auth.token.email_verified == true" },
    },
    data: { staff: 1 },
    user: { uid: 'coach1', claims: { role: 'coach', email_verified: true } },
    op: { kind: 'read', path: '/staff' },
    allowed: true,
  },
  {
    name: 'a missing claim compares unequal instead of granting',
    rules: { staff: { '.read': 'auth.token.admin == true' } },
    data: { staff: 1 },
    user: alice,
    op: { kind: 'read', path: '/staff' },
    allowed: false,
  },
  // A missing property of an existing object (a claim the token lacks) is null, not an error
  // (targaryen agrees): `==` with a string is false, `!=` is TRUE — so a rule written
  // as `role != 'member'` lets a token without the claim in. Rules should test what they allow.
  {
    name: "a missing claim makes `auth.token.role == 'member'` false",
    rules: { staff: { '.read': "auth.token.role == 'member'" } },
    data: { staff: 1 },
    user: alice,
    op: { kind: 'read', path: '/staff' },
    allowed: false,
  },
  {
    name: "a missing claim makes `auth.token.role != 'member'` true (null != 'member')",
    rules: { staff: { '.read': "auth.token.role != 'member'" } },
    data: { staff: 1 },
    user: alice,
    op: { kind: 'read', path: '/staff' },
    allowed: true,
  },
  {
    name: 'a missing claim equals null',
    rules: { staff: { '.read': 'auth.token.role == null' } },
    data: { staff: 1 },
    user: alice,
    op: { kind: 'read', path: '/staff' },
    allowed: true,
  },
  {
    name: "a claim that is present is compared by value (`role != 'member'` for a member)",
    rules: { staff: { '.read': "auth.token.role != 'member'" } },
    data: { staff: 1 },
    user: { uid: 'm1', claims: { role: 'member' } },
    op: { kind: 'read', path: '/staff' },
    allowed: false,
  },
  {
    name: '.validate on an ancestor sees the merged result',
    rules: {
      '.write': true,
      profile: { '.validate': "newData.hasChildren(['name', 'age'])" },
    },
    data: { profile: { name: 'A' } },
    user: alice,
    op: { kind: 'write', path: '/profile/age', value: 30 },
    allowed: true,
  },
  {
    name: '.validate inside the written subtree applies at every level',
    rules: { '.write': true, list: { $id: { n: { '.validate': 'newData.isNumber()' } } } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/list', value: { a: { n: 1 }, b: { n: 'two' } } },
    allowed: false,
  },
  {
    name: '.validate does not cascade to siblings',
    rules: { '.write': true, a: { b: { '.validate': false } } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/a/c', value: 1 },
    allowed: true,
  },
  {
    name: 'deleting skips .validate',
    rules: { '.write': true, a: { '.validate': 'newData.isNumber()' } },
    data: { a: 'text' },
    user: alice,
    op: { kind: 'write', path: '/a', value: null },
    allowed: true,
  },
  {
    name: 'a literal rules node wins over the $wildcard sibling',
    rules: { c: { fixed: { '.write': false }, $other: { '.write': true } } },
    data: null,
    user: alice,
    op: { kind: 'write', path: '/c/fixed', value: 1 },
    allowed: false,
  },
  {
    name: 'an update is checked key by key against the merged result (parent().child())',
    rules: {
      pair: {
        '.write': true,
        a: { '.validate': "newData.parent().child('b').val() == newData.val()" },
      },
    },
    data: { pair: { a: 1, b: 1 } },
    user: alice,
    op: { kind: 'update', path: '/pair', patch: { a: 2, b: 2 } },
    allowed: true,
  },
  {
    name: 'an update with one denied key is denied',
    rules: { m: { ok: { '.write': true }, no: { '.write': false } } },
    data: null,
    user: alice,
    op: { kind: 'update', path: '/m', patch: { 'ok/x': 1, 'no/y': 2 } },
    allowed: false,
  },
  {
    name: 'no rules below a location means no access there',
    rules: { a: { b: { '.read': true } } },
    data: { a: { c: 1 } },
    user: alice,
    op: { kind: 'read', path: '/a/c' },
    allowed: false,
  },
];

function targaryenAuth(user: RuleCase['user']): unknown {
  if (user === null) return null;
  return { uid: user.uid, provider: 'custom', token: mockClaims(user.uid, user.claims) };
}

function targaryenDecision(ruleCase: RuleCase): boolean {
  const database = targaryen
    .database({ rules: ruleCase.rules }, ruleCase.data)
    .as(targaryenAuth(ruleCase.user));
  const { op } = ruleCase;
  if (op.kind === 'read') return database.read(op.path).allowed;
  if (op.kind === 'write') return database.write(op.path, op.value).allowed;
  return database.update(op.path, op.patch).allowed;
}

describe('rule semantics against the spec and targaryen', () => {
  const ctx = useConformance();

  async function emulatorDecision(ruleCase: RuleCase): Promise<boolean> {
    const ns = await ctx.namespace('oracle');
    await setRules(ctx.target, ns, { rules: ruleCase.rules });
    if (ruleCase.data !== null) await writeAsOwner(ctx.target, '/', ns, ruleCase.data);
    const params: Record<string, string> =
      ruleCase.user === null ? {} : { auth: mockIdToken(ruleCase.user.uid, ruleCase.user.claims) };
    const { op } = ruleCase;
    const response =
      op.kind === 'read'
        ? await rest(ctx.target, 'GET', op.path, { ns, params })
        : op.kind === 'write'
          ? await rest(ctx.target, 'PUT', op.path, { ns, params, body: op.value })
          : await rest(ctx.target, 'PATCH', op.path, { ns, params, body: op.patch });
    if (response.status !== 200 && response.status !== 401) {
      throw new Error(`unexpected ${response.status}: ${response.text}`);
    }
    return response.status === 200;
  }

  it.each(CASES.map((ruleCase) => [ruleCase.name, ruleCase] as const))(
    '%s',
    async (_, ruleCase) => {
      expect(targaryenDecision(ruleCase), 'targaryen agrees with the spec').toBe(ruleCase.allowed);
      expect(await emulatorDecision(ruleCase), 'emulator decision').toBe(ruleCase.allowed);
    },
  );
});
