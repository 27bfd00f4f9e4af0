import { describe, expect, it } from 'vitest';
import {
  branchInstances,
  instanceNameSchema,
  instanceOfUrl,
  instanceUrl,
  isBranchPath,
} from './instances';
import { paths } from './paths';

describe('instanceUrl', () => {
  it.each([
    [
      'https://studio-default-rtdb.firebaseio.com',
      'studio-north',
      'https://studio-north.firebaseio.com',
    ],
    [
      'https://studio-default-rtdb.firebaseio.com/',
      'studio-north',
      'https://studio-north.firebaseio.com',
    ],
    [
      'https://studio-default-rtdb.europe-west1.firebasedatabase.app',
      'studio-north',
      'https://studio-north.europe-west1.firebasedatabase.app',
    ],
    [
      'http://127.0.0.1:9000/?ns=demo-studio-default-rtdb',
      'demo-studio-norte',
      'http://127.0.0.1:9000/?ns=demo-studio-norte',
    ],
  ])('%s + %s → %s', (defaultUrl, instance, expected) => {
    expect(instanceUrl(defaultUrl, instance)).toBe(expected);
    expect(instanceOfUrl(expected)).toBe(instance);
  });

  it.each([
    ['not a URL', 'x'],
    ['another service', 'https://example.com'],
  ])('refuses %s', (_label, url) => {
    expect(() => instanceUrl(url, 'studio-north')).toThrow();
  });

  it.each(['Studio', 'a', '1studio', 'studio-', 'stu_dio', 'studio.north', 'a'.repeat(64)])(
    'refuses the instance name %s',
    (name) => {
      expect(instanceNameSchema.safeParse(name).success).toBe(false);
      expect(() => instanceUrl('https://s-default-rtdb.firebaseio.com', name)).toThrow();
    },
  );
});

describe('where a path lives', () => {
  it.each([
    [paths.class('c1'), true],
    [paths.classRoster('c1'), true],
    [paths.userClass('u1', 'c1'), true],
    [paths.userWaitlistEntry('u1', 'c1'), true],
    [paths.attendance('u1'), true],
    [paths.notification('u1', 'n1'), true],
    [paths.user('u1'), false],
    [paths.creditLedger('u1'), false],
    [paths.classBranch('c1'), false],
    [paths.branch('b1'), false],
    [paths.settings(), false],
    ['/', false],
  ])('%s in a branch instance: %s', (path, expected) => {
    expect(isBranchPath(path)).toBe(expected);
  });
});

describe('branchInstances', () => {
  it('names each instance once, and none for branches in the default one', () => {
    expect(
      branchInstances({
        a: { databaseInstance: 'studio-north' },
        b: {},
        c: { databaseInstance: 'studio-south' },
        d: { databaseInstance: 'studio-north' },
      }),
    ).toEqual(['studio-north', 'studio-south']);
    expect(branchInstances({ a: {} })).toEqual([]);
  });
});
