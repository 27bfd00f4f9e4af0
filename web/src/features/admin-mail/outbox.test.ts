import { describe, expect, it } from 'vitest';
import { filterOutbox, mailRows } from './outbox';

const entry = (overrides: Record<string, unknown>) => ({
  kind: 'booking-confirmed',
  uid: 'm1',
  message: {},
  status: 'sent',
  createdAt: 1_000,
  attempts: 0,
  ...overrides,
});

describe('mail rows', () => {
  it('parses entries, names recipients from Users (else the uid) and lists newest first', () => {
    const rows = mailRows(
      { a: entry({}), b: entry({ uid: 'm2', createdAt: 3_000 }), c: { kind: 'nope' } },
      { m1: { Name: 'Ana' } },
    );
    expect(rows.map((row) => [row.id, row.readable && row.recipient])).toEqual([
      ['b', 'm2'],
      ['a', 'Ana'],
      ['c', false],
    ]);
  });

  it('filters by status and kind, and keeps unreadable entries only when unfiltered', () => {
    const rows = mailRows(
      {
        a: entry({ status: 'failed' }),
        b: entry({ kind: 'welcome', status: 'failed' }),
        c: entry({}),
        d: 'garbage',
      },
      null,
    );
    expect(filterOutbox(rows, { status: '', kind: '' }).map((row) => row.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(filterOutbox(rows, { status: 'failed', kind: '' }).map((row) => row.id)).toEqual([
      'a',
      'b',
    ]);
    expect(filterOutbox(rows, { status: 'failed', kind: 'welcome' }).map((row) => row.id)).toEqual([
      'b',
    ]);
    expect(mailRows(null, null)).toEqual([]);
  });
});
