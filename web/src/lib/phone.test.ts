import { describe, expect, it } from 'vitest';
import { loadPhoneFormatter, mexicanPhoneText } from './phone';

describe('phone numbers as people read them', () => {
  it.each([
    ['+528112345678', '+52 81 1234 5678'],
    ['8112345678', '+52 81 1234 5678'],
    ['+1 212 555 0100', '+1 212 555 0100'],
    ['call the desk', 'call the desk'],
    ['', ''],
  ])('%j → %j', async (raw, expected) => {
    const format = await loadPhoneFormatter();
    expect(format(raw)).toBe(expected);
  });
});

describe('a Mexican number grouped without the metadata', () => {
  it.each([
    ['+528112345678', '+52 81 1234 5678'],
    // A WhatsApp number with the mobile "1" Mexico no longer dials.
    ['+5218112345678', '+52 81 1234 5678'],
    ['+52 1 55 1234 5678', '+52 55 1234 5678'],
    ['+524421234567', '+52 442 123 4567'],
    ['+1 212 555 0100', '+1 212 555 0100'],
    ['+52811234567', '+52811234567'],
    ['call the desk', 'call the desk'],
  ])('%j → %j', (raw, expected) => {
    expect(mexicanPhoneText(raw)).toBe(expected);
  });

  it('reads as the full formatter reads the studio’s numbers', async () => {
    const format = await loadPhoneFormatter();
    for (const raw of ['+528112345678', '+524421234567', '+525512345678']) {
      expect(mexicanPhoneText(raw)).toBe(format(raw));
    }
  });
});
