import ICAL from 'ical.js';
import { LANGS } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, mailTexts, renderMail, type MailKind } from '../../src/mail/index.ts';
import { HOSTILE, MESSAGES, context } from './fixtures.ts';

/** Facts each kind must state, per language, besides the subject. */
const FACTS: Record<MailKind, Record<'en' | 'es', (string | RegExp)[]>> = {
  'booking-confirmed': {
    en: ['Spin 50', 'Room A, Studio Centro, Av. Juárez 10, Monterrey', 'Spot', '7', 'Ana', /8:30/],
    es: ['Spin 50', 'Lugar', 'Ana', /8:30/, 'Puedes cancelar'],
  },
  'booking-cancelled': {
    en: ['the credit was forfeited'],
    es: ['el crédito se perdió'],
  },
  'waitlist-promoted': {
    en: ['waiting list', 'no late-cancel fee', /7:30/],
    es: ['lista de espera', 'sin cargo', /7:30/],
  },
  'class-reminder': { en: ['Spin 50', /8:30/], es: ['Spin 50', /8:30/] },
  'class-cancelled': {
    en: ['Coach is ill', 'Your credit is back'],
    es: ['Coach is ill', 'Tu crédito volvió'],
  },
  'class-substitute': {
    en: ['Lucía Ortiz teaches this class instead of Carlos Garza', 'spot stay as they are'],
    es: ['Lucía Ortiz da esta clase en lugar de Carlos Garza', 'Tu reserva y tu lugar'],
  },
  'purchase-receipt': {
    en: [
      '$120.00',
      '$108.00',
      '−$12.00 (WELCOME10)',
      '10 class credits',
      'cs_test_123',
      'February 28, 2027',
    ],
    es: [
      'USD',
      '108.00',
      'WELCOME10',
      '10 créditos de clase',
      'cs_test_123',
      '28 de febrero de 2027',
    ],
  },
  'subscription-renewed': {
    en: ['$89.00', '30 credits', 'January 1, 2027'],
    es: ['89.00', '30 créditos', '1 de enero de 2027'],
  },
  'subscription-payment-failed': {
    en: ['$89.00', 'https://pay.example/invoice/in_1', 'Update payment method'],
    es: ['89.00', 'https://pay.example/invoice/in_1', 'Actualizar método de pago'],
  },
  'subscription-cancelled': { en: ['January 1, 2027'], es: ['1 de enero de 2027'] },
  'credits-expiring': {
    en: ['3 class credits, valid until December 4, 2026', '2 special-event credits'],
    es: ['3 créditos de clase, válidos hasta el 4 de diciembre de 2026'],
  },
  welcome: {
    en: ['Welcome to Demo Studio', 'waiver'],
    es: ['Bienvenido a Demo Studio', 'deslinde'],
  },
  'plan-notice': {
    en: [
      'Your plan Unlimited, one class a day is frozen from',
      'The studio closes for the holidays',
    ],
    es: ['Tu plan Unlimited, one class a day está congelado del', 'Del estudio'],
  },
  'coach-class-list': {
    en: ['Tuesday, December 1, 2026', 'Spot 2: Luis', 'Spot 10: Zoe', 'No bookings yet.'],
    es: ['martes, 1 de diciembre de 2026', 'Lugar 2: Luis', 'Aún no hay reservas.'],
  },
};

function expectContains(haystack: string, needle: string | RegExp) {
  if (typeof needle === 'string') expect(haystack).toContain(needle);
  else expect(haystack).toMatch(needle);
}

describe('renderMail', () => {
  it('has a fixture and facts for every kind', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...MAIL_KINDS].sort());
  });

  describe.each(LANGS)('in %s', (lang) => {
    it.each(MAIL_KINDS)('renders %s with its facts in both parts', (kind) => {
      const mail = renderMail(MESSAGES[kind], context(lang));
      expect(mail.kind).toBe(kind);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/[\r\n{}]/);
      expect(mail.text.startsWith(lang === 'en' ? 'Hi María,' : 'Hola María:')).toBe(true);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      expect(mail.html).toContain('Demo Studio');
      expect(mail.html).toContain('#e11d48');
      for (const fact of FACTS[kind][lang]) {
        expectContains(`${mail.subject}\n${mail.text}`, fact);
      }
      // No placeholder was left unfilled.
      expect(mail.text).not.toMatch(/\{\w+\}/);
      expect(mail.html).not.toMatch(/\{\w+\}/);
    });

    it.each(MAIL_KINDS)('gives %s a one-click unsubscribe link and headers', (kind) => {
      const mail = renderMail(MESSAGES[kind], context(lang));
      const url = 'https://studio.example/unsubscribe?token=abc&kind=x';
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="https://studio.example/unsubscribe?token=abc&amp;kind=x"`);
      expect(mail.text).toContain(lang === 'en' ? 'Stop these e-mails' : 'Dejar de recibir');
    });
  });

  it('escapes a hostile member name, class title and studio name in the HTML part', () => {
    const ctx = context('en', HOSTILE);
    ctx.studio.name = HOSTILE;
    for (const kind of MAIL_KINDS) {
      const message = structuredClone(MESSAGES[kind]);
      if ('class' in message) message.class.title = HOSTILE;
      const mail = renderMail(message, ctx);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s',
      );
      // The text part shows it as written.
      expect(mail.text).toContain(HOSTILE);
    }
  });

  it('keeps a line break in a name out of the subject and the greeting', () => {
    const mail = renderMail(MESSAGES.welcome, context('en', 'Eve\r\nBcc: x@evil.test'));
    expect(mail.text.split('\n')[0]?.replace(/\u200b/g, '')).toBe('Hi Eve Bcc: x@evil.test,');
    expect(mail.subject).not.toContain('Eve');
  });

  it('shows a member’s bait text as a short, unlinked greeting only, never in a header', () => {
    const bait =
      'Your card was declined - re-enter it at https://evil.example/pay now or lose your credits';
    for (const kind of MAIL_KINDS) {
      const mail = renderMail(MESSAGES[kind], context('en', bait));
      expect(mail.to).toEqual({ email: 'maria@example.com' });
      expect(mail.subject).not.toContain('declined');
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('https://evil.example');
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('lose your credits');
      }
      expect(mail.html).not.toMatch(/href="[^"]*evil/);
    }
  });

  it('shows attendees’ names in a coach’s list the same way', () => {
    const message = structuredClone(MESSAGES['coach-class-list']);
    if (message.kind !== 'coach-class-list') throw new Error('fixture');
    const [first] = message.classes ?? [];
    const [attendee] = first?.attendees ?? [];
    if (!attendee) throw new Error('fixture');
    attendee.name = 'Pay at www.evil.example \u202eusrever';
    const mail = renderMail(message, context('en'));
    expect(mail.text).not.toContain('www.evil.example');
    expect(mail.text).not.toContain('\u202e');
    expect(mail.text.replace(/\u200b/g, '')).toContain('Pay at www.evil.example usrever');
  });

  it('refuses a colour that could break out of the style attribute', () => {
    const ctx = context('en');
    ctx.studio.primaryColor = 'red;background:url(https://evil.test)';
    const mail = renderMail(MESSAGES.welcome, ctx);
    expect(mail.html).not.toContain('evil.test');
  });

  it('refuses an unsubscribe link that is not a web link', () => {
    const ctx = context('en');
    ctx.unsubscribeUrl = 'javascript:alert(1)';
    expect(() => renderMail(MESSAGES.welcome, ctx)).toThrow();
  });

  it('refuses a message that does not match its kind', () => {
    expect(() =>
      renderMail({ kind: 'booking-cancelled', outcome: 'maybe' } as never, context('en')),
    ).toThrow();
  });

  it('attaches the class as a calendar file that a real parser reads', () => {
    const mail = renderMail(MESSAGES['booking-confirmed'], context('es'));
    expect(mail.attachments).toHaveLength(1);
    const [ics] = mail.attachments;
    expect(ics?.filename).toBe('class.ics');
    expect(ics?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const calendar = new ICAL.Component(ICAL.parse(ics!.content) as unknown[]);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('booking-bk1@studio.example');
    expect(event.summary).toBe('Spin 50');
    expect(event.location).toBe('Room A, Studio Centro, Av. Juárez 10, Monterrey');
    expect(event.description).toBe('Lugar 7\nCoach: Ana');
    expect(event.startDate.toJSDate().getTime()).toBe(Date.UTC(2026, 11, 1, 14, 30));
  });

  it('sends a cancelled class as CANCELLED under the booking UID, one sequence later', () => {
    for (const kind of ['booking-cancelled', 'class-cancelled'] as const) {
      const mail = renderMail(MESSAGES[kind], context('en'));
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content) as unknown[]);
      const vevent = calendar.getFirstSubcomponent('vevent')!;
      expect(vevent.getFirstPropertyValue('uid')).toBe('booking-bk1@studio.example');
      expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    }
  });

  it('has every text in both languages', () => {
    expect(Object.keys(mailTexts.es).sort()).toEqual(Object.keys(mailTexts.en).sort());
    for (const [key, value] of Object.entries(mailTexts.es)) {
      expect(value, key).not.toBe('');
    }
  });
});
