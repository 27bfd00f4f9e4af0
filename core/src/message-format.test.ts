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
