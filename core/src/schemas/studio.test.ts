import { describe, expect, it } from 'vitest';
import { studioInputSchema } from './catalog-inputs';
import { DEFAULT_STUDIO, MAX_LOGO_DATA_URL_CHARS, studioFromStored, studioSchema } from './studio';

const valid = {
  name: 'Pulso Studio',
  primaryColor: '#7A1FA2',
  logo: 'https://pulso.studio/logo.svg',
  address: 'Av. Vasconcelos 150, San Pedro Garza García, N.L.',
  mapUrl: 'https://maps.google.com/?q=Pulso',
  hours: { en: 'Mon–Fri 06:00–21:00', es: 'Lun–Vie 06:00–21:00' },
  phone: '+52 (81) 1234-5678',
  whatsapp: '+5218112345678',
  email: 'hola@pulso.studio',
  social: { instagram: 'https://instagram.com/pulso', tiktok: 'https://tiktok.com/@pulso' },
  about: { en: 'Small classes.', es: 'Clases pequeñas.' },
};

describe('studio branding schema', () => {
  it('accepts a complete studio and stores the colour lower-case', () => {
    expect(studioSchema.parse(valid)).toEqual({ ...valid, primaryColor: '#7a1fa2' });
  });

  it('accepts a small base64 logo', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
    expect(studioSchema.parse({ ...valid, logo }).logo).toBe(logo);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a colour too light for text on white', { primaryColor: '#ffd700' }],
    ['a mid grey just under 4.5:1', { primaryColor: '#777777' }],
    ['a short hex colour', { primaryColor: '#fff' }],
    ['a colour name', { primaryColor: 'purple' }],
    ['an empty name', { name: '  ' }],
    ['a name over 60 characters', { name: 'x'.repeat(61) }],
    ['a javascript: logo', { logo: 'javascript:alert(1)' }],
    ['a data URL that is not an image', { logo: 'data:text/html;base64,PHNjcmlwdD4=' }],
    [
      'a data-URL logo over the limit',
      { logo: `data:image/png;base64,${'A'.repeat(MAX_LOGO_DATA_URL_CHARS)}` },
    ],
    ['a map link that is not http(s)', { mapUrl: 'ftp://maps' }],
    ['a phone with letters', { phone: 'call me' }],
    ['a WhatsApp number with spaces', { whatsapp: '+52 81 1234 5678' }],
    ['a bad e-mail', { email: 'hola@' }],
    ['an unknown social network', { social: { myspace: 'https://myspace.com/x' } }],
    ['an about text in a third language', { about: { fr: 'Bonjour' } }],
    ['a field the studio does not have', { fax: '123' }],
  ])('rejects %s', (_label, change) => {
    expect(studioInputSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it('says how light a refused colour is', () => {
    const result = studioSchema.safeParse({ ...valid, primaryColor: '#ffd700' });
    expect(result.error?.issues[0]?.message).toMatch(/too light: 1\.\d\d:1 on white/);
  });

  it('reads a stored node field by field, dropping what does not parse', () => {
    expect(studioFromStored(null)).toEqual(DEFAULT_STUDIO);
    expect(studioFromStored({ name: 'Pulso', phone: 'bad', email: 'hola@pulso.studio' })).toEqual({
      name: 'Pulso',
      primaryColor: DEFAULT_STUDIO.primaryColor,
      email: 'hola@pulso.studio',
    });
    expect(studioFromStored({ name: '', primaryColor: '#ffd700' })).toEqual(DEFAULT_STUDIO);
  });
});
