import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

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
