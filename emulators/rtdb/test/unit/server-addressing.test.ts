import { describe, expect, it } from 'vitest';
import { hostname, parseRestPath, resolveNamespace } from '../../src/server/addressing';

describe('resolveNamespace', () => {
  const fallback = 'demo-studio-default-rtdb';

  it('uses a non-empty ns parameter first', () => {
    expect(resolveNamespace('other', 'foo.firebaseio.com', fallback)).toBe('other');
  });

  it('uses the first label of a host with three or more labels', () => {
    expect(resolveNamespace(null, 'foo.firebaseio.com', fallback)).toBe('foo');
    expect(
      resolveNamespace('', 'Bar-Default-Rtdb.europe-west1.firebasedatabase.app:443', fallback),
    ).toBe('bar-default-rtdb');
  });

  it('falls back to the default for IP addresses, localhost and missing hosts', () => {
    expect(resolveNamespace(null, '127.0.0.1:9000', fallback)).toBe(fallback);
    expect(resolveNamespace(null, 'localhost:9000', fallback)).toBe(fallback);
    expect(resolveNamespace(null, '[::1]:9000', fallback)).toBe(fallback);
    expect(resolveNamespace(null, 'example.com', fallback)).toBe(fallback);
    expect(resolveNamespace(null, undefined, fallback)).toBe(fallback);
  });

  it('strips the port from a Host header', () => {
    expect(hostname('Example.COM:8080')).toBe('example.com');
    expect(hostname('[::1]:9000')).toBe('[::1]');
  });
});

describe('parseRestPath', () => {
  it('maps /.json to the root and /a/b.json to its segments', () => {
    expect(parseRestPath('/.json')).toEqual({ kind: 'data', path: [] });
    expect(parseRestPath('/users/jack.json')).toEqual({ kind: 'data', path: ['users', 'jack'] });
  });

  it('allows a slash before .json', () => {
    expect(parseRestPath('/users/jack/.json')).toEqual({ kind: 'data', path: ['users', 'jack'] });
  });

  it('percent-decodes each segment', () => {
    expect(parseRestPath('/a%20b/caf%C3%A9.json')).toEqual({ kind: 'data', path: ['a b', 'café'] });
  });

  it('refuses a malformed percent escape', () => {
    expect(() => parseRestPath('/a%zz.json')).toThrow(/Invalid path segment/);
  });

  it('answers not-found without .json and for unknown dot paths', () => {
    expect(parseRestPath('/users')).toEqual({ kind: 'not-found' });
    expect(parseRestPath('/.lp')).toEqual({ kind: 'not-found' });
    expect(parseRestPath('/.unknown/x.json')).toEqual({ kind: 'not-found' });
  });

  it('recognises the emulator-only endpoints', () => {
    expect(parseRestPath('/.settings/rules.json')).toEqual({ kind: 'rules' });
    expect(parseRestPath('/.settings/functionTriggers.json')).toEqual({
      kind: 'settings',
      name: 'functionTriggers',
    });
    expect(parseRestPath('/.inspect/databases.json')).toEqual({ kind: 'databases' });
    expect(parseRestPath('/.emulator/reset')).toEqual({ kind: 'emulator', action: 'reset' });
  });
});
