import { describe, expect, it } from 'vitest';
import { formatFor } from './format';

// 2026-11-25 18:00 UTC is noon in Monterrey.
const NOW = Date.UTC(2026, 10, 25, 18, 0);

describe('formatFor: the helpers screens use', () => {
  it('draws dates relative to the studio day, in the language', () => {
    const en = formatFor('en', NOW);
    expect(en.today).toBe('2026-11-25');
    expect(en.day('2026-11-26')).toBe('Tomorrow');
    expect(en.heading('2026-11-25')).toBe('Today · Wednesday 25 November');
    expect(en.weekRange('2026-11-23', '2026-11-29')).toBe('23–29 Nov');
    expect(formatFor('es', NOW).day('2026-11-27')).toBe('vie 27 nov');
  });

  it('reads an instant as its studio day: 01:30 UTC is still the evening before', () => {
    const en = formatFor('en', NOW);
    expect(en.dayAt(Date.UTC(2026, 10, 25, 1, 30))).toBe('Yesterday');
    expect(en.dayAt(Date.UTC(2027, 0, 26, 18, 0))).toBe('Tue 26 Jan 2027');
    expect(formatFor('es', NOW).monthAt(Date.UTC(2026, 8, 26, 18, 0))).toBe('septiembre de 2026');
  });

  it('keeps times 24-hour and money with its currency', () => {
    const en = formatFor('en', NOW);
    expect(en.time(Date.UTC(2026, 10, 26, 1, 30))).toBe('19:30');
    expect(en.moment(Date.UTC(2026, 10, 26, 13, 0))).toBe('Tomorrow 07:00');
    expect(en.money(12000, 'USD')).toBe('$120');
    expect(formatFor('es', NOW).money(5850, 'USD')).toBe('$58.50');
  });
});
