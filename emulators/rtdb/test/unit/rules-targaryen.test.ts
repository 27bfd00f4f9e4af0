// Differential test: our rules engine against targaryen 3.1.0 on cases where targaryen is
// known to model production correctly. Each row also states the expected
// decision, so a disagreement shows which side moved.

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { AuthVariable } from '../../src/rules/index';
import type { WireQuery } from '../../src/query/index';
import { Harness, NOW, alice, bob, rulesOf } from './rules-harness';

interface TargaryenResult {
  allowed: boolean;
}
interface TargaryenDatabase {
  as(auth: AuthVariable): TargaryenDatabase;
  read(path: string, options?: { now?: number; query?: Record<string, unknown> }): TargaryenResult;
  write(path: string, value: unknown, options?: { now?: number }): TargaryenResult;
  update(path: string, patch: Record<string, unknown>, options?: { now?: number }): TargaryenResult;
}
interface Targaryen {
  database(rules: unknown, data: unknown, now?: number): TargaryenDatabase;
}

// targaryen is CommonJS without type declarations; the interface above is the part we use.
const targaryen = createRequire(import.meta.url)('targaryen') as Targaryen;

type Operation =
  | { read: string; auth: AuthVariable; query?: [WireQuery, Record<string, unknown>] }
  | { write: string; value: unknown; auth: AuthVariable }
  | { update: string; patch: Record<string, unknown>; auth: AuthVariable };

interface Scenario {
  rules: Record<string, unknown>;
  data: unknown;
  cases: [string, Operation, boolean][];
}

const scenarios: Record<string, Scenario> = {
  'chat app': {
    rules: {
      rooms: {
        '.read': 'auth != null',
        $room: {
          '.write': "auth != null && (!data.exists() || data.child('owner').val() === auth.uid)",
          '.validate': "newData.hasChildren(['owner', 'title'])",
          owner: { '.validate': 'newData.val() === auth.uid' },
          title: {
            '.validate':
              'newData.isString() && newData.val().length > 0 && newData.val().length <= 20',
          },
          $other: { '.validate': false },
        },
      },
      messages: {
        $room: {
          '.read': "root.child('members/' + $room + '/' + auth.uid).exists()",
          $msg: {
            '.write':
              "!data.exists() && root.child('members/' + $room + '/' + auth.uid).val() === true",
            '.validate': "newData.hasChildren(['from', 'text', 'at'])",
            from: { '.validate': 'newData.val() === auth.uid' },
            text: { '.validate': "newData.isString() && !newData.val().contains('<script')" },
            at: { '.validate': 'newData.val() <= now' },
          },
        },
      },
      members: { $room: { '.read': 'auth != null', $uid: { '.write': 'auth.uid === $uid' } } },
    },
    data: {
      rooms: { r1: { owner: 'alice', title: 'General' } },
      members: { r1: { alice: true, bob: true }, r2: { alice: true } },
      messages: { r1: { m1: { from: 'alice', text: 'hi', at: 1 } } },
    },
    cases: [
      ['signed-in user reads rooms', { read: '/rooms', auth: bob }, true],
      ['anonymous reader is denied', { read: '/rooms', auth: null }, false],
      ['rules are not filters on /messages', { read: '/messages', auth: alice }, false],
      ['member reads room messages', { read: '/messages/r1', auth: bob }, true],
      ['non-member is denied', { read: '/messages/r2', auth: bob }, false],
      ['owner renames room', { write: '/rooms/r1/title', value: 'Lounge', auth: alice }, true],
      ['other user cannot rename', { write: '/rooms/r1/title', value: 'Mine', auth: bob }, false],
      ['title too long', { write: '/rooms/r1/title', value: 'x'.repeat(21), auth: alice }, false],
      ['unknown room field', { write: '/rooms/r1/color', value: 'red', auth: alice }, false],
      [
        'create room',
        { write: '/rooms/r2', value: { owner: 'bob', title: 'Bob' }, auth: bob },
        true,
      ],
      [
        'create room for someone else',
        { write: '/rooms/r2', value: { owner: 'alice', title: 'X' }, auth: bob },
        false,
      ],
      [
        'create room missing title',
        { write: '/rooms/r2', value: { owner: 'bob' }, auth: bob },
        false,
      ],
      ['owner deletes room', { write: '/rooms/r1', value: null, auth: alice }, true],
      [
        'owner deletes title (ancestor keeps data)',
        { write: '/rooms/r1/title', value: null, auth: alice },
        false,
      ],
      [
        'member posts message',
        { write: '/messages/r1/m2', value: { from: 'bob', text: 'yo', at: NOW }, auth: bob },
        true,
      ],
      [
        'message from the future',
        { write: '/messages/r1/m2', value: { from: 'bob', text: 'yo', at: NOW + 1 }, auth: bob },
        false,
      ],
      [
        'message with script',
        { write: '/messages/r1/m2', value: { from: 'bob', text: 'a<script>', at: 1 }, auth: bob },
        false,
      ],
      [
        'message cannot be edited',
        { write: '/messages/r1/m1/text', value: 'edit', auth: alice },
        false,
      ],
      [
        'non-member cannot post',
        { write: '/messages/r2/m1', value: { from: 'bob', text: 'x', at: 1 }, auth: bob },
        false,
      ],
      ['join a room', { write: '/members/r2/bob', value: true, auth: bob }, true],
      ['add someone else', { write: '/members/r2/bob', value: true, auth: alice }, false],
      [
        'update checks each key against the merged result',
        { update: '/rooms/r1', patch: { title: 'New', owner: 'alice' }, auth: alice },
        true,
      ],
      [
        'update with one invalid key fails',
        { update: '/', patch: { 'rooms/r1/title': 'ok', 'rooms/r1/x': 1 }, auth: alice },
        false,
      ],
    ],
  },
  'cascade and wildcards': {
    rules: {
      '.read': "auth != null && auth.token.role === 'admin'",
      public: {
        '.read': true,
        '.write': 'auth != null',
        hidden: { '.read': false, '.write': false },
      },
      items: {
        special: { '.write': "auth.uid === 'alice'" },
        $id: { '.write': "$id.beginsWith('b') && auth != null" },
      },
      profiles: {
        $uid: {
          '.read': 'auth.uid === $uid',
          '.write': 'auth.uid === $uid',
          age: { '.validate': 'newData.isNumber() && newData.val() >= 0 && newData.val() < 150' },
          email: { '.validate': 'newData.val().matches(/^[^@]+@[^@]+$/)' },
          nick: { '.validate': "newData.val().toLowerCase().replace('-', '') === 'abc'" },
        },
      },
    },
    data: { public: { hidden: 1, shown: 2 }, profiles: { alice: { age: 30 } } },
    cases: [
      ['admin claim reads root', { read: '/', auth: alice }, true],
      ['no claim cannot read root', { read: '/', auth: bob }, false],
      ['grant above hidden cannot be revoked', { read: '/public/hidden', auth: null }, true],
      ['write grant above hidden', { write: '/public/hidden', value: 3, auth: bob }, true],
      ['literal beats wildcard (alice)', { write: '/items/special', value: 1, auth: alice }, true],
      ['literal beats wildcard (bob)', { write: '/items/special', value: 1, auth: bob }, false],
      ['wildcard grants by name', { write: '/items/box', value: 1, auth: bob }, true],
      ['wildcard denies other names', { write: '/items/cat', value: 1, auth: bob }, false],
      ['own profile read', { read: '/profiles/bob', auth: bob }, true],
      ['other profile read', { read: '/profiles/alice', auth: bob }, false],
      ['valid age', { write: '/profiles/bob/age', value: 42, auth: bob }, true],
      ['negative age', { write: '/profiles/bob/age', value: -1, auth: bob }, false],
      ['age as string', { write: '/profiles/bob/age', value: '42', auth: bob }, false],
      ['valid email', { write: '/profiles/bob/email', value: 'b@x.io', auth: bob }, true],
      ['invalid email', { write: '/profiles/bob/email', value: 'nope', auth: bob }, false],
      [
        'email validation error on a number',
        { write: '/profiles/bob/email', value: 5, auth: bob },
        false,
      ],
      [
        'replace replaces every occurrence',
        { write: '/profiles/bob/nick', value: 'A-B-C', auth: bob },
        true,
      ],
      ['delete skips validate', { write: '/profiles/alice/age', value: null, auth: alice }, true],
      [
        'subtree validated on parent write',
        { write: '/profiles/bob', value: { age: 200 }, auth: bob },
        false,
      ],
      [
        'subtree valid on parent write',
        { write: '/profiles/bob', value: { age: 20, other: 'x' }, auth: bob },
        true,
      ],
    ],
  },
  'siblings and queries': {
    rules: {
      pairs: {
        $p: {
          '.write': true,
          low: {
            '.validate':
              "newData.isNumber() && newData.val() < newData.parent().child('high').val()",
          },
          high: { '.validate': 'newData.isNumber()' },
        },
      },
      notes: { '.read': "query.orderByChild == 'owner' && query.equalTo == auth.uid" },
      feed: { '.read': 'query.orderByKey == true && query.limitToFirst <= 10' },
      tagged: {
        '.write': true,
        '.validate': "newData.hasChildren(['a', 'b']) && data.val() == null",
      },
    },
    data: { pairs: { p1: { low: 1, high: 5 } }, notes: { n1: { owner: 'alice' } } },
    cases: [
      ['low below existing high', { write: '/pairs/p1/low', value: 3, auth: null }, true],
      ['low above existing high', { write: '/pairs/p1/low', value: 6, auth: null }, false],
      [
        'update raises both',
        { update: '/pairs/p1', patch: { low: 6, high: 10 }, auth: null },
        true,
      ],
      [
        'update with inverted pair',
        { update: '/pairs/p1', patch: { low: 6, high: 2 }, auth: null },
        false,
      ],
      [
        'owner query',
        {
          read: '/notes',
          auth: alice,
          query: [
            { i: 'owner', sp: 'alice', sin: true, ep: 'alice', ein: true },
            { orderByChild: 'owner', equalTo: 'alice' },
          ],
        },
        true,
      ],
      [
        'query for someone else',
        {
          read: '/notes',
          auth: bob,
          query: [
            { i: 'owner', sp: 'alice', sin: true, ep: 'alice', ein: true },
            { orderByChild: 'owner', equalTo: 'alice' },
          ],
        },
        false,
      ],
      ['plain read of notes', { read: '/notes', auth: alice }, false],
      [
        'key query within the limit',
        {
          read: '/feed',
          auth: null,
          query: [
            { i: '.key', l: 10, vf: 'l' },
            { orderByKey: true, limitToFirst: 10 },
          ],
        },
        true,
      ],
      [
        'key query over the limit',
        {
          read: '/feed',
          auth: null,
          query: [
            { i: '.key', l: 20, vf: 'l' },
            { orderByKey: true, limitToFirst: 20 },
          ],
        },
        false,
      ],
      ['hasChildren list satisfied', { write: '/tagged', value: { a: 1, b: 2 }, auth: null }, true],
      ['hasChildren list missing one', { write: '/tagged', value: { a: 1 }, auth: null }, false],
    ],
  },
};

describe('rules engine agrees with targaryen', () => {
  for (const [scenarioName, scenario] of Object.entries(scenarios)) {
    describe(scenarioName, () => {
      const ours = new Harness(rulesOf(scenario.rules), scenario.data);
      const theirs = targaryen.database({ rules: scenario.rules }, scenario.data, NOW);

      it.each(scenario.cases)('%s', (_name, op, expected) => {
        let oursAllowed: boolean;
        let theirsAllowed: boolean;
        if ('read' in op) {
          oursAllowed = ours.read(op.read, op.auth, op.query?.[0]);
          theirsAllowed = theirs
            .as(op.auth)
            .read(op.read, { now: NOW, query: op.query?.[1] }).allowed;
        } else if ('write' in op) {
          oursAllowed = ours.write(op.write, op.value, op.auth);
          theirsAllowed = theirs.as(op.auth).write(op.write, op.value, { now: NOW }).allowed;
        } else {
          oursAllowed = ours.update(op.update, op.patch, op.auth);
          theirsAllowed = theirs.as(op.auth).update(op.update, op.patch, { now: NOW }).allowed;
        }
        expect({ ours: oursAllowed, targaryen: theirsAllowed }).toEqual({
          ours: expected,
          targaryen: expected,
        });
      });
    });
  }
});
