import { describe, expect, it } from 'vitest';
import { parseMemberProfile, parseUserDirectory } from './user-directory';

describe('parseUserDirectory', () => {
  it('keeps the fields the admin lists read and leaves the rest out', () => {
    expect(
      parseUserDirectory({
        u1: { Name: 'Ana', Email: 'ana@demo.studio', Credits: 3, Admin: 'Coach', Lang: 'es' },
      }),
    ).toEqual({ u1: { Name: 'Ana', Email: 'ana@demo.studio', Credits: 3, Admin: 'Coach' } });
  });

  it('keeps a partial record with what it has', () => {
    expect(parseUserDirectory({ u1: { Email: 'ana@demo.studio' }, u2: {} })).toEqual({
      u1: { Email: 'ana@demo.studio' },
      u2: {},
    });
  });

  it('drops only the field stored in the wrong shape', () => {
    expect(parseUserDirectory({ u1: { Name: 42, Email: 'ana@demo.studio' } })).toEqual({
      u1: { Email: 'ana@demo.studio' },
    });
  });

  it('skips an entry that is not a record', () => {
    expect(parseUserDirectory({ u1: 'Ana', u2: null, u3: [1], u4: { Name: 'Bo' } })).toEqual({
      u4: { Name: 'Bo' },
    });
  });

  it('reads a missing or malformed node as empty', () => {
    expect(parseUserDirectory(null)).toEqual({});
    expect(parseUserDirectory(['x'])).toEqual({});
  });
});

describe('parseMemberProfile', () => {
  it('keeps the detail fields and drops a malformed one on its own', () => {
    expect(
      parseMemberProfile({ Name: 'Ana', Conditions: true, LastSeen: 7, 'credits-list': 'x' }),
    ).toEqual({ Name: 'Ana', Conditions: true });
  });

  it('reads a value that is not a record as empty', () => {
    expect(parseMemberProfile(null)).toEqual({});
    expect(parseMemberProfile('Ana')).toEqual({});
  });
});
