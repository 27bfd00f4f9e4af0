import { describe, expect, it } from 'vitest';
import { defineMessages, storedLang, translate, useLangStore } from './i18n';

describe('translate', () => {
  it("gives the spec's texts in English", () => {
    expect(translate('menuAdminExercises', 'en')).toBe('Admin excersises');
  });

  it('gives Spanish texts in Spanish', () => {
    expect(translate('menuReserveClass', 'es')).toBe('Reservar clase');
  });

  it("reads the shell's own labels in both languages", () => {
    expect(translate('openMenu', 'en')).toBe('Open menu');
    expect(translate('openMenu', 'es')).toBe('Abrir menú');
  });
});

describe('a feature catalogue', () => {
  const greetings = defineMessages({
    en: { hello: 'Hello {name}', openMenu: 'Menu of the feature' },
    es: { hello: 'Hola {name}', openMenu: 'Menú de la función' },
  });

  it('is read in the current language with its placeholders filled', () => {
    expect(translate('hello', 'en', { name: 'Ana' }, greetings)).toBe('Hello Ana');
    expect(translate('hello', 'es', { name: 'Ana' }, greetings)).toBe('Hola Ana');
  });

  it("comes first, and the shell's labels and core's messages stay readable beside it", () => {
    expect(translate('openMenu', 'en', undefined, greetings)).toBe('Menu of the feature');
    expect(translate('openMenu', 'en')).toBe('Open menu');
    expect(translate('classFull', 'en', undefined, greetings)).toBe(
      'This class is full. You can join the waiting list.',
    );
  });

  it('must give Spanish exactly the keys English has (checked by the type system)', () => {
    // @ts-expect-error: `es` lacks a key `en` has.
    const missing = defineMessages({ en: { a: 'A', b: 'B' }, es: { a: 'a' } });
    // @ts-expect-error: `es` has a key `en` lacks.
    const extra = defineMessages({ en: { a: 'A' }, es: { a: 'a', c: 'c' } });
    expect([missing.en.a, extra.es.a]).toEqual(['A', 'a']);
  });
});

describe('the interface language on this device', () => {
  it('is remembered under Lang when switched', () => {
    useLangStore.getState().setLang('es');
    expect(localStorage.getItem('Lang')).toBe('es');
    expect(storedLang()).toBe('es');
  });

  it('starts in English when nothing or something unknown was stored', () => {
    expect(storedLang()).toBe('en');
    localStorage.setItem('Lang', 'fr');
    expect(storedLang()).toBe('en');
  });
});
