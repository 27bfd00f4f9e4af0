import { describe, expect, it } from 'vitest';
import { waiverHashInput, waiverSigned, waiverTextSchema } from './waiver';

const signed = (version: number) => ({
  Conditions: true,
  waiver: { version, signedAt: 1, signatureId: 's1' },
});

describe('waiver consent', () => {
  it.each([
    ['no written waiver, ACCEPT given', { Conditions: true }, undefined, true],
    ['no written waiver, no ACCEPT', { Conditions: false }, undefined, false],
    ['no profile', null, undefined, false],
    ['the current version signed', signed(2), 2, true],
    ['an older version signed', signed(1), 2, false],
    ['ACCEPT without a signature', { Conditions: true }, 1, false],
    ['a signature but Conditions cleared', { ...signed(2), Conditions: false }, 2, false],
  ])('%s: %s', (_label, user, current, expected) => {
    expect(waiverSigned(user, current)).toBe(expected);
  });

  it('hashes both languages, labelled, so a change to either is a new text', () => {
    expect(waiverHashInput({ en: 'I agree', es: 'Acepto' })).toBe('en\nI agree\n\nes\nAcepto');
  });

  it('needs both languages, of a real length', () => {
    expect(waiverTextSchema.safeParse({ en: 'x'.repeat(30) }).success).toBe(false);
    expect(waiverTextSchema.safeParse({ en: 'short', es: 'x'.repeat(30) }).success).toBe(false);
    expect(waiverTextSchema.safeParse({ en: 'x'.repeat(30), es: 'y'.repeat(30) }).success).toBe(
      true,
    );
  });
});
