import { describe, expect, it } from 'vitest';
import { isModalDue, readShownDate } from './modal-schedule';

describe('weekly subscription modal schedule', () => {
  it('is due when it was never shown', () => {
    expect(isModalDue(null, '2025-06-10')).toBe(true);
  });

  it('is not due within 7 days of the last showing', () => {
    expect(isModalDue('2025-06-10', '2025-06-10')).toBe(false);
    expect(isModalDue('2025-06-03', '2025-06-09')).toBe(false);
  });

  it('is due 7 or more days after the last showing', () => {
    expect(isModalDue('2025-06-03', '2025-06-10')).toBe(true);
    expect(isModalDue('2025-05-01', '2025-06-10')).toBe(true);
  });

  it('is due when the stored date lies in the future', () => {
    expect(isModalDue('2025-07-01', '2025-06-10')).toBe(true);
  });

  it('reads a date written by an older app as a full timestamp', () => {
    expect(readShownDate('2025-06-03T20:00:00.000Z')).toBe('2025-06-03');
  });

  it('treats unreadable text as never shown', () => {
    expect(readShownDate('soon')).toBeNull();
    expect(isModalDue('soon', '2025-06-10')).toBe(true);
  });
});
