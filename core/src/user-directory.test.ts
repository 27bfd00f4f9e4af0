import { describe, expect, it } from 'vitest';
import {
  NAMELESS_SORT_PREFIX,
  directoryEntryOf,
  directoryProfile,
  directorySearchQueries,
  foldSearchText,
  mergeDirectoryEntry,
  userDirectoryEntrySchema,
} from './user-directory';

describe('foldSearchText', () => {
  it('lower-cases, drops accents and collapses spaces', () => {
    expect(foldSearchText('  José  ÑUÑEZ ')).toBe('jose nunez');
  });
});

describe('directoryEntryOf', () => {
  it('keeps only what the list shows, with the search keys', () => {
    const entry = directoryEntryOf({
      Name: ' Ana López ',
      Email: 'Ana@Example.test',
      Phone: '+52 (81) 1234-5678',
      Admin: 'Coach',
      Credits: 4,
      'credits-list': { c1: { kind: 'regular' } },
      'plan-state': { subscriptionId: 'sub_1', status: 'cancelling', updatedAt: 1 },
      Conditions: true,
    });
    expect(entry).toEqual({
      name: 'Ana López',
      email: 'Ana@Example.test',
      phone: '+52 (81) 1234-5678',
      role: 'coach',
      credits: 4,
      plan: 'cancelling',
      nameKey: 'ana lopez',
      emailKey: 'ana@example.test',
      phoneKey: '528112345678',
    });
    expect(userDirectoryEntrySchema.safeParse(entry).success).toBe(true);
  });

  it('reads a missing or malformed field as empty and the old flag as an active plan', () => {
    expect(
      directoryEntryOf({ Name: 42, Email: 'x@y.z', Admin: true, activeSuscription: true }),
    ).toEqual({
      name: '',
      email: 'x@y.z',
      phone: '',
      role: 'admin',
      credits: 0,
      plan: 'active',
      nameKey: `${NAMELESS_SORT_PREFIX}x@y.z`,
      emailKey: 'x@y.z',
      phoneKey: '',
    });
    expect(directoryEntryOf(null)).toMatchObject({ name: '', role: 'member', credits: 0 });
  });

  it('sorts a nameless member after every name', () => {
    const nameless = directoryProfile({ Email: 'a@b.c' }).nameKey;
    expect([nameless, directoryProfile({ Name: 'Zoë' }).nameKey].sort()).toEqual(['zoe', nameless]);
  });
});

describe('directorySearchQueries', () => {
  const end = (text: string) => `${text}${NAMELESS_SORT_PREFIX}`;

  it('searches names and e-mails by prefix, folded', () => {
    expect(directorySearchQueries(' JOSÉ ')).toEqual([
      { index: 'nameKey', start: 'jose', end: end('jose') },
      { index: 'emailKey', start: 'jose', end: end('jose') },
    ]);
  });

  it('an e-mail searches only e-mails; several words only names', () => {
    expect(directorySearchQueries('ana@ex').map((q) => q.index)).toEqual(['emailKey']);
    expect(directorySearchQueries('ana lo').map((q) => q.index)).toEqual(['nameKey']);
  });

  it('a phone number searches the phone digits too', () => {
    expect(directorySearchQueries('+52 (81) 12')).toContainEqual({
      index: 'phoneKey',
      start: '528112',
      end: end('528112'),
    });
    expect(directorySearchQueries('ana2').map((q) => q.index)).toEqual(['nameKey', 'emailKey']);
  });

  it('nothing typed: no query', () => {
    expect(directorySearchQueries('   ')).toEqual([]);
  });
});

describe('mergeDirectoryEntry', () => {
  it('keeps the profile the registration mirrored when the member node lacks it', () => {
    const stored = { ...directoryProfile({ Name: 'Nía', Email: 'nia@x.test' }), createdAt: 5 };
    expect(
      mergeDirectoryEntry(stored, { Email: 'nia@x.test', Admin: false, Credits: 0 }, 9),
    ).toEqual({
      ...directoryProfile({ Name: 'Nía', Email: 'nia@x.test' }),
      role: 'member',
      credits: 0,
      createdAt: 5,
    });
  });

  it('takes the member node over the stored entry, and now as createdAt for a new one', () => {
    expect(mergeDirectoryEntry(null, { Name: 'Ana', Admin: true, Credits: 2 }, 9)).toEqual({
      ...directoryProfile({ Name: 'Ana' }),
      role: 'admin',
      credits: 2,
      createdAt: 9,
    });
  });
});
