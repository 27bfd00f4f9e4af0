/**
 * The first reads of the page the app starts on. The shell's session layer (session, dialogs,
 * side menu, bell: one chunk and its imports) waits until they have answered and what they show
 * has been presented on screen, or a limit, so on a slow network the page's own chunks and data
 * do not share the bandwidth and the main thread with it, and in a trace its requests start
 * after the largest paint (docs/architecture/performance.md#the-load-chain-of-a-data-page).
 * `useLive` holds until its first answer; a page that must load a chunk before it reads holds
 * meanwhile. Once the session layer has been let go, holds count nothing.
 */

let pending = 0;
let released = false;
/** The session layer went because the limit passed, not because the reads answered. */
let limitReached = false;
const waiting: (() => void)[] = [];

function release(): void {
  if (released) return;
  released = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/**
 * Counts one first read as pending until the returned function is called (its first answer, or
 * the reader unmounting); calling it again does nothing.
 */
export function holdFirstRead(): () => void {
  if (released) return () => {};
  pending += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    if (pending === 0 && waiting.length > 0) release();
  };
}

/** Resolves when no first read is pending (at once when none is), or after `limitMs`. */
export function firstReadsAnswered(limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (released || pending === 0) {
      released = true;
      resolve();
      return;
    }
    waiting.push(resolve);
    setTimeout(() => {
      if (!released) limitReached = true;
      release();
    }, limitMs);
  });
}

/**
 * How long the page's largest paint must stay unchanged before the session layer goes: the
 * browser reports each new largest paint once it is on screen, and a page often draws its
 * answers in steps (`mis-compras` shows its purchases a frame after its classes).
 */
export const PAINT_QUIET_MS = 200;

/** The longest the session layer waits, after the answers, for the largest paint to settle. */
export const PAINT_SETTLE_LIMIT_MS = 1000;

const LARGEST_PAINT = 'largest-contentful-paint';

/** Calls `done` after the next frame has been rendered (at once in a hidden tab, which paints none). */
function afterNextFrame(done: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(done, 0);
  else requestAnimationFrame(() => setTimeout(done, 0));
}

/**
 * Resolves once what was drawn after `since` is on screen and the largest paint has settled. A
 * frame's main-thread work ends before the frame reaches the display (5–20 ms before, in
 * Chromium), so the signal is the browser's largest-contentful-paint report, which comes only
 * once the paint has been presented: it resolves `PAINT_QUIET_MS` after the last report of a
 * paint made after `since`, counted from the next frame where none comes (the answers drew
 * nothing larger, the browser makes no such report, the person has already interacted), and
 * `PAINT_SETTLE_LIMIT_MS` after `since` at the latest. A hidden tab presents nothing: after a
 * timer.
 */
function afterPaintSettled(since: number): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      setTimeout(resolve, 0);
      return;
    }
    let observer: PerformanceObserver | undefined;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(quiet);
      clearTimeout(limit);
      resolve();
    };
    const waitForQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, PAINT_QUIET_MS);
    };
    const limit = setTimeout(done, PAINT_SETTLE_LIMIT_MS);
    if (
      'PerformanceObserver' in globalThis &&
      PerformanceObserver.supportedEntryTypes.includes(LARGEST_PAINT)
    ) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= since)) waitForQuiet();
      });
      observer.observe({ type: LARGEST_PAINT });
    }
    afterNextFrame(() => {
      if (quiet === undefined) waitForQuiet();
    });
  });
}

/**
 * When the session layer may go: the first reads have answered (or `limitMs` has passed) and
 * what they showed is on screen, the largest paint settled. After the limit no answer is
 * waiting to be drawn: the next frame is enough.
 */
export async function firstAnswersPresented(limitMs: number): Promise<void> {
  await firstReadsAnswered(limitMs);
  if (limitReached) await new Promise<void>((resolve) => afterNextFrame(resolve));
  else await afterPaintSettled(performance.now());
}
