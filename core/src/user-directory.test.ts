import { describe, expect, it } from 'vitest';
import {
  NAMELESS_SORT_PREFIX,
  answersDirectoryQuery,
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

  it('names the branch of a branch manager, and of no one else', () => {
    expect(directoryEntryOf({ Admin: 'Staff', 'branch-scope': 'norte' }).branch).toBe('norte');
    expect(directoryEntryOf({ Admin: true, 'branch-scope': 'norte' }).branch).toBe('norte');
    expect(directoryEntryOf({ Admin: 'Coach', 'branch-scope': 'norte' })).not.toHaveProperty(
      'branch',
    );
    expect(directoryEntryOf({ Admin: true, 'branch-scope': 'a/b' })).not.toHaveProperty('branch');
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

describe('answersDirectoryQuery', () => {
  const jose = directoryEntryOf({
    Name: 'José Núñez',
    Email: 'jose@demo.studio',
    Phone: '+52 81 1',
  });

  it("answers by the entry's own name, e-mail and phone", () => {
    const query = (text: string, index: string) =>
      directorySearchQueries(text).find((candidate) => candidate.index === index)!;
    expect(answersDirectoryQuery(query('jose', 'nameKey'), jose)).toBe(true);
    expect(answersDirectoryQuery(query('JOSÉ NÚ', 'nameKey'), jose)).toBe(true);
    expect(answersDirectoryQuery(query('jose@', 'emailKey'), jose)).toBe(true);
    expect(answersDirectoryQuery(query('+52 81', 'phoneKey'), jose)).toBe(true);
    expect(answersDirectoryQuery(query('ana', 'nameKey'), jose)).toBe(false);
  });

  it("does not answer by keys filed under someone else's name, e-mail or phone", () => {
    const mimic = {
      ...directoryEntryOf({ Name: 'Żaneta', Email: 'z@demo.studio', Phone: '+1 555' }),
      nameKey: 'jose nunez',
      emailKey: 'jose@demo.studio',
      phoneKey: '52811',
    };
    for (const text of ['jose', 'jose@', '+52 81'])
      for (const query of directorySearchQueries(text))
        expect(answersDirectoryQuery(query, mimic), `${text} ${query.index}`).toBe(false);
    expect(answersDirectoryQuery(directorySearchQueries('zaneta')[0]!, mimic)).toBe(true);
    expect(answersDirectoryQuery(directorySearchQueries('jose')[0]!, null)).toBe(false);
  });
});
