import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAdminMailApi } from '../../../../test/fakes/fake-admin-mail-api';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import { MAIL_PAGE_SIZE } from '../outbox';
import { MailList } from './mail-list';

const entry = (overrides: Record<string, unknown>) => ({
  kind: 'booking-confirmed',
  uid: 'm1',
  message: {},
  status: 'sent',
  createdAt: Date.UTC(2026, 10, 20, 15),
  attempts: 0,
  ...overrides,
});

const OUTBOX = {
  'booked-b1': entry({ sentAt: Date.UTC(2026, 10, 20, 15, 1) }),
  'welcome-m2': entry({
    kind: 'welcome',
    uid: 'm2',
    status: 'failed',
    attempts: 5,
    lastError: '550 mailbox unavailable',
    createdAt: Date.UTC(2026, 10, 21, 15),
  }),
  broken: { kind: 'booking-confirmed', status: 'lost' },
};
const USERS = { m1: { Name: 'Ana Member' } };

afterEach(() => {
  useLangStore.setState({ lang: 'en' });
});

function bodyRows() {
  return screen.getAllByRole('row').slice(1);
}

describe('sent e-mail list', () => {
  it('lists the newest entries first with kind, recipient, status and how delivery went, in words', async () => {
    const fake = createFakeAdminMailApi(OUTBOX, USERS);
    render(<MailList api={fake.api} />);

    expect(fake.limits).toEqual([MAIL_PAGE_SIZE]);
    const [first, second, third] = bodyRows();
    expect(within(first!).getByText('Welcome')).toBeTruthy();
    expect(within(first!).getByText('m2')).toBeTruthy();
    expect(within(first!).getByText('Failed')).toBeTruthy();
    expect(within(first!).getByText('Tried 5 times')).toBeTruthy();
    expect(within(first!).getByText('What the mail server said')).toBeTruthy();
    expect(within(first!).getByText('550 mailbox unavailable')).toBeTruthy();
    // No column speaks the outbox's own words.
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');
    expect(headers.join(' ')).not.toMatch(/Attempts|Last error/);
    expect(within(second!).getByText('Booking confirmed')).toBeTruthy();
    expect(await within(second!).findByText('Ana Member')).toBeTruthy();
    // Made and sent at the studio's time, as people read it (Monterrey is UTC−6 in November).
    const cells = within(second!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toMatch(/^Fri 20 Nov(?: 2026)? 09:00$/);
    expect(cells.some((text) => /^Fri 20 Nov(?: 2026)? 09:01$/.test(text ?? ''))).toBe(true);
    expect(screen.getByRole('table').textContent).not.toMatch(/2026-11-/);
    expect(within(second!).queryByRole('button', { name: /Resend/ })).toBeNull();
    // The entry the schema refuses is still listed, as unreadable, by its id.
    expect(within(third!).getByText('Unreadable entry')).toBeTruthy();
    expect(within(third!).getByText('broken')).toBeTruthy();
  });

  it('filters by status and kind', async () => {
    render(<MailList api={createFakeAdminMailApi(OUTBOX, USERS).api} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'sent' } });
    expect(screen.getByText('1 e-mail')).toBeTruthy();
    expect(await within(bodyRows()[0]!).findByText('Ana Member')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'welcome' } });
    expect(screen.getByText('No e-mail matches.')).toBeTruthy();
  });

  it('asks the server for a status, so a failure older than the newest page is found', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAIL_PAGE_SIZE + 5 }, (_, i) => [
        `e${i}`,
        entry({
          createdAt: i + 1,
          ...(i === 0 ? { status: 'failed', lastError: '550 no such user' } : {}),
        }),
      ]),
    );
    const fake = createFakeAdminMailApi(many);
    render(<MailList api={fake.api} />);
    expect(screen.queryByText('550 no such user')).toBeNull();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    expect(fake.statuses).toEqual(['', 'failed']);
    expect(screen.getByText('1 e-mail')).toBeTruthy();
    expect(screen.getByText('550 no such user')).toBeTruthy();
  });

  it('asks for a bigger page when the first one is full', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAIL_PAGE_SIZE + 1 }, (_, i) => [`e${i}`, entry({ createdAt: i + 1 })]),
    );
    const fake = createFakeAdminMailApi(many);
    render(<MailList api={fake.api} />);
    expect(screen.getByText(`${MAIL_PAGE_SIZE} e-mails`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load older e-mail' }));
    expect(fake.limits).toEqual([MAIL_PAGE_SIZE, MAIL_PAGE_SIZE * 2]);
    expect(screen.getByText(`${MAIL_PAGE_SIZE + 1} e-mails`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older e-mail' })).toBeNull();
  });

  it('resends a failed entry', async () => {
    const fake = createFakeAdminMailApi(OUTBOX, USERS);
    render(<MailList api={fake.api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend e-mail welcome-m2' }));
    expect(await screen.findByText('Queued to be sent again.')).toBeTruthy();
    expect(fake.resent).toEqual(['welcome-m2']);
  });

  it('shows the function’s refusal, in Spanish too', async () => {
    const fake = createFakeAdminMailApi(OUTBOX, USERS);
    fake.answerWith(() =>
      Promise.reject(
        new CallableRefusal('failed-precondition', 'mailNotFailed', { status: 'sent' }),
      ),
    );
    act(() => useLangStore.setState({ lang: 'es' }));
    render(<MailList api={fake.api} />);
    expect(screen.getByRole('form', { name: 'Correos enviados' })).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText('Bienvenida')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar el correo welcome-m2' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Solo se puede reenviar un correo fallido; este está en estado sent.',
    );
  });
});
