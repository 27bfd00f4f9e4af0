import { describe, expect, it } from 'vitest';
import { isMessageKey, LANGS, messages, t } from './messages';
import type { MessageKey } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\$?\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  const keys = Object.keys(messages.en) as MessageKey[];

  it('defines every key, non-empty, in both languages', () => {
    for (const lang of LANGS) {
      expect(Object.keys(messages[lang]).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) expect(messages[lang][key].trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of keys) {
      expect(placeholders(messages.es[key]), key).toEqual(placeholders(messages.en[key]));
    }
  });

  it('fills {name} and ${name} placeholders', () => {
    expect(t('bookingNotOpen', 'en', { days: 7 })).toBe(
      'Booking for this class opens 7 days before it starts.',
    );
    expect(t('spotTaken', 'es', { spot: 'A3' })).toBe('El lugar A3 acaba de ocuparse. Elige otro.');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(t('spotTaken', 'en', {})).toContain('{spot}');
  });

  it('recognises catalogue keys only', () => {
    expect(isMessageKey('classFull')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('nope')).toBe(false);
  });
});
