import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { classDates, expandRepeat } from './series';

describe('repeat rules', () => {
  it('lists the chosen ISO weekdays between the dates, inclusive', () => {
    // 2025-06-02 is a Monday.
    expect(expandRepeat({ from: '2025-06-02', until: '2025-06-13', weekdays: [1, 3, 5] })).toEqual([
      '2025-06-02',
      '2025-06-04',
      '2025-06-06',
      '2025-06-09',
      '2025-06-11',
      '2025-06-13',
    ]);
  });

  it('handles Sundays (7) and a one-day range', () => {
    expect(expandRepeat({ from: '2025-06-08', until: '2025-06-08', weekdays: [7] })).toEqual([
      '2025-06-08',
    ]);
    expect(expandRepeat({ from: '2025-06-09', until: '2025-06-09', weekdays: [7] })).toEqual([]);
  });

  it('gives the single date without a rule', () => {
    expect(classDates({ date: '2025-06-02' })).toEqual(['2025-06-02']);
  });

  it('refuses more classes than one call may create', () => {
    const every = [1, 2, 3, 4, 5, 6, 7];
    expect(
      classDates({ repeat: { from: '2025-01-01', until: '2025-12-31', weekdays: every } }),
    ).toBeInstanceOf(DomainError);
    expect(
      classDates({ repeat: { from: '2025-01-01', until: '2025-12-31', weekdays: [1] } }),
    ).toHaveLength(52);
  });
});
