import { describe, expect, it } from 'vitest';
import { placeholderNames } from './message-format';
import { isMessageKey, LANGS, messages, t } from './messages';
import type { MessageKey } from './messages';

const placeholders = placeholderNames;

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

describe('plan refusals', () => {
  it('says which cap was reached, in both languages', () => {
    expect(t('planCapReached', 'en', { count: 2, period: 'thisWeek' })).toBe(
      'You have used your 2 classes this week; next from Monday',
    );
    expect(t('planCapReached', 'es', { count: 2, period: 'thisWeek' })).toBe(
      'Ya usaste tus 2 clases de esta semana; la siguiente a partir del lunes',
    );
    expect(t('planCapReached', 'en', { count: 1, period: 'today' })).toBe(
      'You have used your 1 class today; next from tomorrow',
    );
    expect(t('planCapReached', 'es', { count: 1, period: 'day', date: '2026-12-02' })).toBe(
      'Ya usaste tu clase de ese día; la siguiente a partir del día siguiente',
    );
    expect(t('planCapReached', 'en', { count: 2, period: 'week', date: '2026-11-30' })).toBe(
      'You have used your 2 classes that week; next from the Monday after',
    );
  });
});
