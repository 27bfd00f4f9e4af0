/**
 * When the app started: the moment this module was first evaluated, which main.tsx makes the
 * first thing the entry does. The spec's timings "after start" (docs/product-contract.md: the
 * prices read
 * at 1 s, the subscription offer at 5 s, the service worker at 30 s) count from here, not from
 * when the session layer that runs them mounted, which is after the page's first answer has
 * been painted (up to 2 s and a frame later,
 * docs/architecture/performance.md#the-load-chain-of-a-data-page).
 */
export const APP_STARTED_AT = Date.now();

/**
 * How long from `now` until `delayMs` after `startedAt`: 0 once that moment has passed, and
 * never more than `delayMs` (a clock set back since the start waits the full delay, not longer).
 */
export function untilAfterStart(delayMs: number, startedAt: number, now: number): number {
  return Math.min(delayMs, Math.max(0, startedAt + delayMs - now));
}
