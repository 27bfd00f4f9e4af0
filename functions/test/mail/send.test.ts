// One mail through nodemailer to a real MailDev on free ports, read back through its REST API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailInbox, type MailInbox } from '../../../scripts/lib/mail-inbox.ts';
import {
  createMailTransport,
  renderMail,
  sendMail,
  smtpConfigFromEnv,
} from '../../src/mail/index.ts';
import { MESSAGES, context } from './fixtures.ts';

let inbox: MailInbox;
let mailDirectory: string;

beforeAll(async () => {
  mailDirectory = mkdtempSync(path.join(tmpdir(), 'studio-mail-test-'));
  inbox = await startMailInbox({ mailDirectory });
});

afterAll(async () => {
  await inbox?.stop();
  rmSync(mailDirectory, { recursive: true, force: true });
});

describe('sendMail', () => {
  it('delivers a booking confirmation with its calendar file and unsubscribe headers', async () => {
    const config = smtpConfigFromEnv({
      SMTP_HOST: inbox.host,
      SMTP_PORT: String(inbox.smtpPort),
      MAIL_FROM: 'Demo Studio <no-reply@demo.studio>',
    });
    const transport = createMailTransport(config);
    const mail = renderMail(MESSAGES['booking-confirmed'], context('es'));
    const sent = await sendMail(transport, mail, config.from);
    transport.close();
    expect(sent.accepted).toEqual(['maria@example.com']);

    const received = (await inbox.messages()).find((message) =>
      message.headers['message-id']?.includes(sent.messageId.replace(/[<>]/g, '')),
    );
    expect(received).toBeDefined();
    expect(received!.subject).toBe(mail.subject);
    expect(received!.subject).toContain('Reservado: Spin 50');
    // The address only: no display name the member wrote in the header.
    expect(received!.to).toEqual([{ address: 'maria@example.com', name: '' }]);
    expect(received!.from[0]?.address).toBe('no-reply@demo.studio');
    expect(received!.text).toContain('Lugar: 7');
    expect(received!.html).toContain('Demo Studio');

    const source = await (await fetch(`${inbox.url}/api/email/${received!.id}/source`)).text();
    expect(source).toMatch(
      /List-Unsubscribe: <https:\/\/studio\.example\/unsubscribe\?token=abc&kind=x>/,
    );
    expect(source).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const attachment = received!.attachments?.find((file) => file.filename === 'class.ics');
    expect(attachment?.contentType).toBe('text/calendar');
    const download = await fetch(
      `${inbox.url}/api/email/${received!.id}/attachment/${attachment!.generatedFileName}`,
    );
    expect(download.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await download.text()) as unknown[]);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('booking-bk1@studio.example');
    expect(event.summary).toBe('Spin 50');
    expect(event.description).toBe('Lugar 7\nCoach: Ana');
  });

  it('rejects when the server refuses the connection', async () => {
    const transport = createMailTransport(
      smtpConfigFromEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' }),
    );
    await expect(
      sendMail(transport, renderMail(MESSAGES.welcome, context('en')), 'x@demo.studio'),
    ).rejects.toThrow();
  });
});

describe('smtpConfigFromEnv', () => {
  it('reads host, port, user, sender and the secret password', () => {
    expect(
      smtpConfigFromEnv(
        {
          SMTP_HOST: 'smtp.example',
          SMTP_PORT: '465',
          SMTP_USER: 'mailer',
          MAIL_FROM: 'S <s@x.y>',
        },
        'secret',
      ),
    ).toEqual({
      host: 'smtp.example',
      port: 465,
      secure: true,
      auth: { user: 'mailer', pass: 'secret' },
      from: 'S <s@x.y>',
    });
  });

  it('defaults to port 587 with STARTTLS and no authentication', () => {
    expect(smtpConfigFromEnv({ SMTP_HOST: 'smtp.example' })).toEqual({
      host: 'smtp.example',
      port: 587,
      secure: false,
      from: 'Studio <no-reply@demo.studio>',
    });
  });

  it('refuses a missing host or a malformed port, naming them', () => {
    expect(() => smtpConfigFromEnv({})).toThrow(/host/);
    expect(() => smtpConfigFromEnv({ SMTP_HOST: 'h', SMTP_PORT: 'abc' })).toThrow(/port/);
  });
});
