import { describe, expect, it } from 'vitest';
import { RulesError, compileRules } from '../../src/rules/index';
import { Harness } from './rules-harness';

const withRules = (rules: unknown): string => JSON.stringify({ rules });

describe('compileRules: accepted documents', () => {
  it('strips // and /* */ comments outside strings and keeps the original text', () => {
    const text = `{
      // line comment
      "rules": {
        /* block
           comment */
        "links": {
          ".write": true,
          ".validate": "newData.val().matches(/^https:\\\\/\\\\//) && newData.val() != '/* not a comment */ // nor this'"
        }
      }
    }`;
    const rules = compileRules(text);
    expect(rules.source).toBe(text);
    const db = new Harness(rules, null);
    expect(db.write('/links', 'https://example.com', null)).toBe(true);
    expect(db.write('/links', 'http://example.com', null)).toBe(false);
    expect(db.write('/links', '/* not a comment */ // nor this', null)).toBe(false);
  });

  it('exposes the parsed document without comments', () => {
    expect(compileRules('{"rules":{".read":true}} // end').json).toEqual({
      rules: { '.read': true },
    });
  });

  it('accepts boolean and string rules, .indexOn strings and arrays, and wildcards', () => {
    expect(() =>
      compileRules(
        withRules({
          '.read': 'true',
          '.write': false,
          a: { '.indexOn': 'x', $b: { '.indexOn': ['.value', 'y/z'], '.validate': "$b != ''" } },
          c: { $b: { '.read': '$b.length > 2' } },
        }),
      ),
    ).not.toThrow();
  });
});

describe('compileRules: rejected documents', () => {
  it.each([
    ['JSON syntax', '{"rules": {".read": true,}}', /Invalid rules JSON.*line 1/],
    ['no rules key', '{"rulez": {}}', /exactly one key "rules"/],
    ['an extra top-level key', '{"rules": {}, "other": 1}', /exactly one key "rules"/],
    ['a non-object rules node', withRules({ a: true }), /\/rules\/a: expected an object/],
    ['an unknown .key', withRules({ a: { '.foo': true } }), /\/rules\/a: invalid rule type ".foo"/],
    [
      'a non-boolean .read',
      withRules({ '.read': 5 }),
      /\/rules\/.read: expected a boolean or an expression/,
    ],
    ['a bad .indexOn', withRules({ '.indexOn': [1] }), /\.indexOn/],
    ['two wildcards', withRules({ a: { $x: {}, $y: {} } }), /only one wildcard/],
    [
      'a repeated wildcard name along a branch',
      withRules({ $x: { b: { $x: {} } } }),
      /\$x is already used/,
    ],
    ['an invalid literal key', withRules({ 'a#b': {} }), /invalid key/],
    [
      'a syntax error',
      withRules({ '.read': 'auth != ' }),
      /\/rules\/.read: Unexpected end of expression/,
    ],
    ['an unclosed string', withRules({ '.read': "auth.uid == 'x" }), /Unterminated string/],
    ['an unknown variable', withRules({ '.read': 'foo == 1' }), /Unknown variable 'foo'/],
    [
      'an unbound wildcard',
      withRules({ a: { '.read': "$uid == 'x'" } }),
      /Unknown variable '\$uid'/,
    ],
    [
      'newData in .read',
      withRules({ a: { '.read': 'newData.exists()' } }),
      /\/rules\/a\/.read: newData is not available/,
    ],
    [
      'query in .write',
      withRules({ '.write': 'query.orderByKey' }),
      /query is only available in .read/,
    ],
    ['a non-boolean rule', withRules({ '.read': 'auth.uid' }), /must evaluate to a boolean/],
    [
      'a non-boolean || operand',
      withRules({ '.read': 'auth.token.admin || true' }),
      /Left operand of \|\| must be boolean/,
    ],
    [
      'a non-boolean ! operand',
      withRules({ '.write': '!newData.val()' }),
      /Operand of ! must be boolean/,
    ],
    [
      'an unknown snapshot method',
      withRules({ '.read': 'data.foo()' }),
      /No such method\/property 'foo'/,
    ],
    ['an uncalled method', withRules({ '.read': 'data.exists' }), /must be called/],
    [
      'a wrong argument count',
      withRules({ '.read': "data.child('a', 'b').exists()" }),
      /expects 1 argument/,
    ],
    [
      'matches without a regex literal',
      withRules({ '.write': "newData.val().matches('a')" }),
      /expects argument 1 to be a RegExp/,
    ],
    [
      'an unsupported regex flag',
      withRules({ '.write': 'newData.val().matches(/a/g)' }),
      /flags "g"/,
    ],
    [
      'an empty hasChildren list',
      withRules({ '.write': 'newData.hasChildren([])' }),
      /empty array/,
    ],
    ['comparing a snapshot', withRules({ '.read': 'data == null' }), /Invalid == expression/],
    ['comparing different types', withRules({ '.read': "1 < 'a'" }), /operand types differ/],
    ['an assignment', withRules({ '.read': 'auth = null' }), /Unexpected character|Unexpected "="/],
    [
      'an unknown query field',
      withRules({ '.read': 'query.foo == 1' }),
      /No such method\/property 'foo'/,
    ],
  ])('rejects %s', (_name, text, message) => {
    expect(() => compileRules(text)).toThrow(RulesError);
    expect(() => compileRules(text)).toThrow(message);
  });

  it('names the rules path of a nested error', () => {
    expect(() =>
      compileRules(withRules({ users: { $uid: { '.write': 'auth.uid === $uidd' } } })),
    ).toThrow("/rules/users/$uid/.write: Unknown variable '$uidd'");
  });
});
