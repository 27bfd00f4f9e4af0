import { describe, expect, it } from 'vitest';
import { formatMessage } from './message-format';

describe('formatMessage', () => {
  it('fills {name} placeholders', () => {
    expect(formatMessage('Spot {spot}, row {row}', { spot: 'A1', row: 2 })).toBe('Spot A1, row 2');
  });

  it("fills the spec's ${name} placeholders without the $", () => {
    expect(formatMessage('SUSCRIBE ${price} USD x month', { price: 39 })).toBe(
      'SUSCRIBE 39 USD x month',
    );
  });

  it('leaves a placeholder without a value, and a text without params, as it is', () => {
    expect(formatMessage('Week of {from} to {to}', { from: 'Mon' })).toBe('Week of Mon to {to}');
    expect(formatMessage('{count} spots left')).toBe('{count} spots left');
  });
});

describe('formatMessage choices', () => {
  const cap =
    'Used {count} {count, plural, one {class} other {classes}} {period, select, week {this week; next from Monday} day {on {date}} other {}}';

  it.each([
    [{ count: 2, period: 'week' }, 'Used 2 classes this week; next from Monday'],
    [{ count: 1, period: 'day', date: '2026-12-01' }, 'Used 1 class on 2026-12-01'],
    [{ count: 3, period: 'month' }, 'Used 3 classes '],
  ])('picks the branch for %j', (params, text) => {
    expect(formatMessage(cap, params)).toBe(text);
  });

  it('prefers an exact plural case, and leaves a choice without its value as written', () => {
    expect(formatMessage('{n, plural, =0 {none} one {one} other {{n} left}}', { n: 0 })).toBe(
      'none',
    );
    expect(formatMessage('{n, plural, =0 {none} one {one} other {{n} left}}', { n: 4 })).toBe(
      '4 left',
    );
    expect(formatMessage('{n, select, a {A} b {B}} and {x}', { x: 1 })).toBe(
      '{n, select, a {A} b {B}} and 1',
    );
  });
});
