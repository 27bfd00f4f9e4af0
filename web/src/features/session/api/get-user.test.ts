import { describe, expect, it, vi } from 'vitest';
import { parseUser } from './get-user';

describe('parseUser', () => {
  it('reads the spec fields of Users/{uid}', () => {
    expect(
      parseUser({
        Name: 'Ana',
        Email: 'ana@demo.studio',
        Img: 'https://img/ana.png',
        Admin: 'Coach',
        Conditions: true,
        LastSeen: '2025-06-02 09:00:03',
        Credits: 4,
        activeSuscription: true,
        activeSuscriptionId: 'sub_1',
      }),
    ).toEqual({
      Name: 'Ana',
      Email: 'ana@demo.studio',
      Img: 'https://img/ana.png',
      Admin: 'Coach',
      Conditions: true,
      LastSeen: '2025-06-02 09:00:03',
      Credits: 4,
      activeSuscription: true,
      activeSuscriptionId: 'sub_1',
    });
  });

  it('drops a malformed field and keeps the rest', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseUser({ Name: 'Ana', Conditions: 'yes', Admin: 'root' })).toEqual({ Name: 'Ana' });
  });

  it('reads no user from an empty node', () => {
    expect(parseUser(null)).toBeNull();
    expect(parseUser('Ana')).toBeNull();
  });
});
