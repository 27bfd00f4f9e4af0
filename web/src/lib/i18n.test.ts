import { describe, expect, it } from 'vitest';
import { storedLang, translate, useLangStore } from './i18n';

describe('translate', () => {
  it("gives the spec's texts in English", () => {
    expect(translate('waiverTitle', 'en')).toBe('FITNESS CLASS WAIVER');
    expect(translate('subscriptionButton', 'en', { price: 39 })).toBe('SUSCRIBE 39 USD x month');
  });

  it('gives Spanish texts in Spanish', () => {
    expect(translate('menuReserveClass', 'es')).toBe('Reservar clase');
  });

  it("reads the shell's own labels in both languages", () => {
    expect(translate('openMenu', 'en')).toBe('Open menu');
    expect(translate('openMenu', 'es')).toBe('Abrir menú');
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
