/**
 * What `vi.useFakeTimers` fakes for code that waits for painted frames (the session layer, the
 * first reads): the timers, the clock and `requestAnimationFrame`, so a test moves them together.
 */
export const TIMERS_AND_FRAMES = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'Date',
  'requestAnimationFrame',
  'cancelAnimationFrame',
] as const;
