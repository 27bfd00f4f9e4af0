import { describe, expect, it } from 'vitest';
import { untilAfterStart } from './app-start';

describe('time until a moment after the app started', () => {
  const start = 1_000_000;

  it('is the whole delay at the start', () => {
    expect(untilAfterStart(5000, start, start)).toBe(5000);
  });

  it('is what is left of the delay when asked later', () => {
    expect(untilAfterStart(5000, start, start + 2017)).toBe(2983);
  });

  it('is nothing once the moment has passed', () => {
    expect(untilAfterStart(1000, start, start + 1000)).toBe(0);
    expect(untilAfterStart(1000, start, start + 2017)).toBe(0);
  });

  it('is never longer than the delay, even with a clock set back since the start', () => {
    expect(untilAfterStart(5000, start, start - 60_000)).toBe(5000);
  });
});
