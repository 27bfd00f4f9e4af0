import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings';
import {
  bookingWindowState,
  cancellationOutcome,
  checkInOpen,
  memberPromotionCutoffAt,
  pastMemberCutoff,
  waitlistOpen,
} from './window';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const START = Date.parse('2025-06-10T13:00:00Z');
const settings = DEFAULT_SETTINGS; // 7 days, 12 h, 60 min

describe('bookingWindowState', () => {
  it.each([
    ['8 days before', START - 8 * DAY, 'not-open'],
    ['1 ms before it opens', START - 7 * DAY - 1, 'not-open'],
    ['as it opens', START - 7 * DAY, 'open'],
    ['1 hour before', START - HOUR, 'open'],
    ['1 ms before start', START - 1, 'open'],
    ['at start', START, 'started'],
    ['after start', START + MIN, 'started'],
  ])('%s → %s', (_, now, state) => {
    expect(bookingWindowState(START, now, settings)).toBe(state);
  });

  it('follows the configured window', () => {
    expect(bookingWindowState(START, START - 2 * DAY, { bookingWindowDays: 1 })).toBe('not-open');
    expect(bookingWindowState(START, START - 2 * DAY, { bookingWindowDays: 3 })).toBe('open');
  });
});

describe('cancellationOutcome', () => {
  it.each([
    ['member, 2 days before', undefined, START - 2 * DAY, 'refund'],
    ['member, exactly 12 h before', undefined, START - 12 * HOUR, 'refund'],
    ['member, 12 h − 1 ms before', undefined, START - 12 * HOUR + 1, 'late'],
    ['member, 2 h before', undefined, START - 2 * HOUR, 'late'],
    ['promoted early, now late', START - 20 * HOUR, START - 2 * HOUR, 'late'],
    [
      'promoted inside the late window, before cut-off',
      START - 5 * HOUR,
      START - 2 * HOUR,
      'refund',
    ],
    ['promoted inside the late window, at cut-off', START - 5 * HOUR, START - HOUR, 'refund'],
    ['promoted inside the late window, after cut-off', START - 5 * HOUR, START - HOUR + 1, 'late'],
    ['promoted inside the late window, after start', START - 5 * HOUR, START + 1, 'late'],
  ] as const)('%s → %s', (_, promotedAt, now, outcome) => {
    const booking = promotedAt === undefined ? {} : { promotedAt };
    expect(cancellationOutcome(booking, START, now, settings)).toBe(outcome);
  });

  it('uses the configured window', () => {
    const lenient = { ...settings, cancellationWindowHours: 2 };
    expect(cancellationOutcome({}, START, START - 3 * HOUR, lenient)).toBe('refund');
    expect(cancellationOutcome({}, START, START - 3 * HOUR, settings)).toBe('late');
  });
});

describe('waitlistOpen', () => {
  it.each([
    ['before booking opens', START - 8 * DAY, false],
    ['while booking is open', START - 2 * HOUR, true],
    ['1 ms before the cut-off', START - HOUR - 1, true],
    ['at the cut-off', START - HOUR, false],
    ['after start', START + 1, false],
  ])('%s → %s', (_, now, open) => {
    expect(waitlistOpen(START, now, settings)).toBe(open);
  });
});

describe('checkInOpen', () => {
  it.each([
    ['2 h before', START - 2 * HOUR, false],
    ['1 h before', START - HOUR, true],
    ['after start', START + HOUR, true],
  ])('%s → %s', (_, now, open) => {
    expect(checkInOpen(START, now, settings)).toBe(open);
  });
});

describe("a member's own promotion cut-off", () => {
  const HOUR_MS = 3_600_000;
  const start = Date.parse('2025-06-10T13:00:00Z');

  it("is the studio's when the member set none, or a later one", () => {
    const studio = start - DEFAULT_SETTINGS.waitlistCutoffMinutes * 60_000;
    expect(memberPromotionCutoffAt(start, DEFAULT_SETTINGS)).toBe(studio);
    const lenient = { ...DEFAULT_SETTINGS, waitlistCutoffMinutes: 180 };
    expect(memberPromotionCutoffAt(start, lenient, 1)).toBe(start - 3 * HOUR_MS);
  });

  it('stops promotions N hours before the class for that member', () => {
    expect(pastMemberCutoff(start, start - 4 * HOUR_MS - 1, DEFAULT_SETTINGS, 4)).toBe(false);
    expect(pastMemberCutoff(start, start - 4 * HOUR_MS, DEFAULT_SETTINGS, 4)).toBe(true);
    expect(pastMemberCutoff(start, start - 2 * HOUR_MS, DEFAULT_SETTINGS)).toBe(false);
  });
});
