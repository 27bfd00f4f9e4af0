import { describe, expect, it } from 'vitest';
import { profileUpdate } from './profile-update';

describe('profileUpdate', () => {
  it('writes the profile and its directory mirror with the search keys', () => {
    expect(
      profileUpdate('u1', { Name: 'José Núñez', Email: 'Jose@X.test', Phone: '+52 81 1234' }),
    ).toEqual({
      'Users/u1/Name': 'José Núñez',
      'UserDirectory/u1/name': 'José Núñez',
      'UserDirectory/u1/nameKey': 'jose nunez',
      'Users/u1/Email': 'Jose@X.test',
      'UserDirectory/u1/email': 'Jose@X.test',
      'UserDirectory/u1/emailKey': 'jose@x.test',
      'Users/u1/Phone': '+52 81 1234',
      'UserDirectory/u1/phone': '+52 81 1234',
      'UserDirectory/u1/phoneKey': '52811234',
    });
  });

  it('mirrors a removed phone as empty and leaves out fields not given', () => {
    expect(profileUpdate('u1', { Phone: null })).toEqual({
      'Users/u1/Phone': null,
      'UserDirectory/u1/phone': '',
      'UserDirectory/u1/phoneKey': '',
    });
  });
});
