import { describe, expect, it } from 'vitest';
import { loadPhoneFormatter } from './phone';

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
